package org.kanon.bench;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.local.GroupLoader;
import org.kanon.local.GroupedTable;
import org.kanon.local.LocalRecodingMetrics;
import org.kanon.local.kaca.Kaca;
import org.kanon.local.kaca.KacaOptions;
import org.kanon.metrics.HierarchyWeights;
import org.kanon.privacy.KAnonymity;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;

/**
 * Not a test: times KACA1 and KACA2 in-process on Adult (45,222 rows, QI of the TKDE paper's Table 4) after the
 * groups are loaded once; one warm-up run, then the median of -Druns=3. Usage: {@code KacaTiming JDBC_URL [k,...] [qiCount] [exhaustive]}.
 */
public final class KacaTiming {
    private static final List<String> QI = List.of("age", "workclass", "education", "marital-status", "occupation",
            "race", "sex", "native-country");

    public static void main(String[] args) {
        String url = args.length > 0 ? args[0] : "jdbc:derby:/tmp/perf-db";
        int[] ks = args.length > 1 ? java.util.Arrays.stream(args[1].split(",")).mapToInt(Integer::parseInt).toArray() : new int[] {2, 5, 10};
        int qiCount = args.length > 2 ? Integer.parseInt(args[2]) : 8;
        boolean exhaustive = args.length > 3 && args[3].equals("exhaustive");
        try (Database db = Database.open(new ConnectionSettings(url, null, System.getenv("KANON_DB_PASSWORD")))) {
            SourceTable adult = new TableResolver(db).resolve("adult");
            long t0 = System.nanoTime();
            GroupedTable table = new GroupLoader(db).load(adult, adult.columns(QI.subList(0, qiCount)), Optional.empty());
            System.out.printf(Locale.ROOT, "load: %d groups of %d rows in %.2f s%n", table.groupCount(), table.rows(), (System.nanoTime() - t0) / 1e9);
            for (int k : ks) {
                for (String alg : new String[] {"kaca1", "kaca2"}) {
                    KacaOptions o = alg.equals("kaca1") ? KacaOptions.kaca1(k, HierarchyWeights.height(1), 1)
                            : KacaOptions.kaca2(k, HierarchyWeights.height(1), 1, 0.10);
                    if (exhaustive) {
                        o = o.withExhaustiveSearch();
                    }
                    Kaca.run(table, o, "adult"); // warm-up: the JIT compiles the search
                    double[] times = new double[Integer.getInteger("runs", 3)];
                    Kaca.Outcome out = null;
                    for (int r = 0; r < times.length; r++) {
                        long start = System.nanoTime();
                        out = Kaca.run(table, o, "adult");
                        times[r] = (System.nanoTime() - start) / 1e9;
                    }
                    java.util.Arrays.sort(times);
                    double s = times[times.length / 2];
                    LocalRecodingMetrics m = LocalRecodingMetrics.of(out.recoding(), new KAnonymity(k));
                    System.out.printf(Locale.ROOT, "%s k=%d: median %.2f s, %d classes, smallest %d, %s%n", alg, k, s, m.classes(), m.smallestClass(), out.stats());
                }
            }
        }
    }
}
