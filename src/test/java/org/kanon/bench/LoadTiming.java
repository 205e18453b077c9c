package org.kanon.bench;

import java.util.Arrays;
import java.util.List;
import org.jooq.Field;
import org.jooq.impl.DSL;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.frequency.GroupedCodes;
import org.kanon.frequency.MemoryExecutor;
import org.kanon.frequency.StarSchema;
import org.kanon.frequency.ZeroLevelSet;
import org.kanon.global.SearchRequest;
import org.kanon.global.Searches;
import org.kanon.progress.Step;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * Not a test: times, warm (after {@code warmup} rounds, median of {@code runs}), the memory executor's load of Adult's
 * 9 QIs and a k=10 search, part by part: reading the zero-level set (the GROUP BY), encoding it, searching. Usage:
 * {@code LoadTiming JDBC_URL [table]}; expects ARX's hierarchies bound to the table's 9 QIs.
 */
public final class LoadTiming {
    private static final List<String> QI = List.of("age", "sex", "race", "marital-status", "education",
            "native-country", "workclass", "occupation", "salary-class");

    public static void main(String[] args) {
        String url = args.length > 0 ? args[0] : "jdbc:derby:/tmp/perf-db";
        String table = args.length > 1 ? args[1] : "adult";
        int warmup = Integer.getInteger("warmup", 20);
        int runs = Integer.getInteger("runs", 15);
        try (Database db = Database.open(new ConnectionSettings(url, null, null))) {
            StarSchema schema = StarSchema.of(new TableResolver(db).resolve(table), QI, new HierarchyCatalog(db));
            double[] read = new double[runs];
            double[] encode = new double[runs];
            double[] search = new double[runs];
            double[] raw = new double[runs];
            for (int i = -warmup; i < runs; i++) {
                long t0 = System.nanoTime();
                ZeroLevelSet zero = ZeroLevelSet.read(db.dsl(), schema, null, Long.MAX_VALUE, Step.NONE).requireNullsMapped();
                long t1 = System.nanoTime();
                try (MemoryExecutor ex = MemoryExecutor.load(db.dsl(), zero, null)) {
                    long t2 = System.nanoTime();
                    Searches.byName("incognito").search(ex, new SearchRequest(10, 0));
                    long t3 = System.nanoTime();
                    List<Field<?>> cols = new java.util.ArrayList<>();
                    for (int q = 0; q < QI.size(); q++) {
                        cols.add(schema.rawField(q));
                    }
                    cols.add(DSL.inline(1));
                    long t4 = System.nanoTime();
                    GroupedCodes rows = db.dsl().transactionResult(cfg -> GroupedCodes.read(
                            cfg.dsl().select(cols).from(schema.fact().table(StarSchema.FACT_ALIAS)), QI.size(), Long.MAX_VALUE, Step.NONE));
                    long t5 = System.nanoTime();
                    if (i >= 0) {
                        read[i] = (t1 - t0) / 1e6;
                        encode[i] = (t2 - t1) / 1e6;
                        search[i] = (t3 - t2) / 1e6;
                        raw[i] = (t5 - t4) / 1e6;
                    }
                    if (i == -warmup) {
                        System.out.printf("first: read %.1f encode %.1f search %.1f raw-scan %.1f ms (%d groups, %d rows)%n",
                                (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6, (t5 - t4) / 1e6, zero.groups(), rows.size());
                    }
                }
            }
            System.out.printf("warm medians of %d: read %s encode %s search %s | raw scan of the QI columns %s%n", runs,
                    median(read), median(encode), median(search), median(raw));
        }
    }

    private static String median(double[] ms) {
        double[] s = ms.clone();
        Arrays.sort(s);
        return String.format("%.1f [%.1f-%.1f] ms", s[s.length / 2], s[0], s[s.length - 1]);
    }
}
