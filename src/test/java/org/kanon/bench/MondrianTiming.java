package org.kanon.bench;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.local.GroupLoader;
import org.kanon.local.GroupedTable;
import org.kanon.local.mondrian.Mondrian;
import org.kanon.local.mondrian.MondrianRecoding;
import org.kanon.local.mondrian.MondrianResult;
import org.kanon.local.mondrian.PartitionMetrics;
import org.kanon.privacy.KAnonymity;
import org.kanon.release.LocalRecodingReleaseWriter;
import org.kanon.release.LocalReleaseRequest;
import org.kanon.release.ReleaseRecord;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;

/**
 * Not a test: times Mondrian on Adult (45,222 rows) with the TKDE paper's 8 QIs (Table 4: age, workclass, education,
 * marital-status, occupation, race, sex, native-country; age numeric, the others by ARX's hierarchies) at k = 2, 5,
 * 10, 20, 50 and prints classes, DM and CAVG, the figures the paper reports for "Multi". The groups are loaded once
 * (one GROUP BY); each run is the algorithm alone, median of 5 after a warm-up; the last line times load + run and
 * writing one release. Usage: {@code MondrianTiming JDBC_URL} with table ADULT and ARX's hierarchies bound.
 */
public final class MondrianTiming {
    private static final List<String> QI = List.of("age", "workclass", "education", "marital-status", "occupation",
            "race", "sex", "native-country");
    private static final int REPEATS = 5;

    public static void main(String[] args) {
        String url = args.length > 0 ? args[0] : "jdbc:derby:/tmp/mondrian-adult-db";
        try (Database db = Database.open(new ConnectionSettings(url, null, System.getenv("KANON_DB_PASSWORD")))) {
            SourceTable adult = new TableResolver(db).resolve("adult");
            long t0 = System.nanoTime();
            GroupedTable table = new GroupLoader(db).load(adult, adult.columns(QI), Optional.empty());
            System.out.printf(Locale.ROOT, "load: %d groups of %d rows in %.2f s%n", table.groupCount(), table.rows(), seconds(t0));
            boolean[] numeric = Mondrian.numeric(adult.columns(QI));
            new Mondrian().run(table, numeric, new KAnonymity(10), "adult"); // warm-up
            System.out.println("k     time_s  classes  smallest  DM           CAVG");
            for (int k : new int[] {2, 5, 10, 20, 50}) {
                double[] times = new double[REPEATS];
                MondrianRecoding r = null;
                for (int i = 0; i < REPEATS; i++) {
                    long start = System.nanoTime();
                    r = new Mondrian().run(table, numeric, new KAnonymity(k), "adult");
                    times[i] = seconds(start);
                }
                java.util.Arrays.sort(times);
                PartitionMetrics m = PartitionMetrics.of(r.partitions(), k);
                System.out.printf(Locale.ROOT, "%-5d %6.3f  %7d  %8d  %11d  %6.3f%n", k, times[REPEATS / 2], m.classes(),
                        m.smallestClass(), m.discernibility(), m.cavg());
            }
            long start = System.nanoTime();
            MondrianResult result = new Mondrian().anonymize(db, adult, adult.columns(QI), new KAnonymity(10));
            double anonymize = seconds(start);
            start = System.nanoTime();
            ReleaseRecord rec = new LocalRecodingReleaseWriter(db).write(new LocalReleaseRequest("adult_mondrian_k10", result, Set.of(),
                    true, Mondrian.ALGORITHM));
            System.out.printf(Locale.ROOT, "anonymize (load + run) k=10: %.2f s; release %s written, re-checked and registered in %.2f s (%d classes)%n",
                    anonymize, rec.relation(), seconds(start), rec.classes());
        }
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
