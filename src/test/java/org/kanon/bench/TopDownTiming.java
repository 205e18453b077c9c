package org.kanon.bench;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.local.GroupLoader;
import org.kanon.local.GroupedTable;
import org.kanon.local.LocalRecoding;
import org.kanon.local.LocalRecodingMetrics;
import org.kanon.local.TopDown;
import org.kanon.privacy.AlphaKAnonymity;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.privacy.Share;
import org.kanon.release.LocalRecodingReleaseWriter;
import org.kanon.release.LocalReleaseRequest;
import org.kanon.release.ReleaseRecord;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;

/**
 * Not a test: times Top-Down on Adult (45,222 rows) as in section 5 of the (alpha,k) paper: QI age, workclass,
 * education, marital-status, occupation, race, sex, native-country; sensitive salary-class = >50K; k 2, 5, 10 and
 * alpha 0.3, 0.5, 0.8. The groups are loaded once (one GROUP BY); each run is the algorithm alone; the last line
 * times writing one release. Usage: {@code TopDownTiming JDBC_URL} with table ADULT and ARX's hierarchies bound.
 */
public final class TopDownTiming {
    private static final List<String> QI = List.of("age", "workclass", "education", "marital-status", "occupation",
            "race", "sex", "native-country");

    public static void main(String[] args) {
        String url = args.length > 0 ? args[0] : "jdbc:derby:/tmp/wttd-adult-db";
        try (Database db = Database.open(new ConnectionSettings(url, null, System.getenv("KANON_DB_PASSWORD")))) {
            SourceTable adult = new TableResolver(db).resolve("adult");
            SensitiveAttribute salary = new SensitiveAttribute("salary-class", List.of(">50K"));
            long t0 = System.nanoTime();
            GroupedTable table = new GroupLoader(db).load(adult, adult.columns(QI), java.util.Optional.of(salary));
            System.out.printf(Locale.ROOT, "load: %d groups of %d rows in %.2f s%n", table.groupCount(), table.rows(), seconds(t0));
            new TopDown().run(table, model(5, "0.5", salary), "adult"); // warm-up
            System.out.println("k     alpha  time_s  classes  smallest  distortion_ratio  max_share_>50K");
            for (int k : new int[] {2, 5, 10}) {
                for (String alpha : new String[] {"0.3", "0.5", "0.8"}) {
                    PrivacyModel model = model(k, alpha, salary);
                    long start = System.nanoTime();
                    LocalRecoding r = new TopDown().run(table, model, "adult");
                    double s = seconds(start);
                    LocalRecodingMetrics m = LocalRecodingMetrics.of(r, model);
                    System.out.printf(Locale.ROOT, "%-5d %-6s %6.2f  %7d  %8d  %16.4f  %14.3f%n", k, alpha, s, m.classes(),
                            m.smallestClass(), m.distortionRatio(), m.largestSensitiveShare());
                }
            }
            long start = System.nanoTime();
            var result = new TopDown().anonymize(db, adult, adult.columns(QI), model(5, "0.5", salary));
            double anonymize = seconds(start);
            start = System.nanoTime();
            ReleaseRecord rec = new LocalRecodingReleaseWriter(db).write(new LocalReleaseRequest("adult_topdown_k5_a05", result, Set.of(), true, TopDown.ALGORITHM));
            System.out.printf(Locale.ROOT, "anonymize (load + run) k=5 alpha=0.5: %.2f s; release %s written, re-checked and registered in %.2f s (%d classes)%n",
                    anonymize, rec.relation(), seconds(start), rec.classes());
        }
    }

    private static PrivacyModel model(int k, String alpha, SensitiveAttribute s) {
        return new AlphaKAnonymity(k, Share.parse("--alpha", alpha), s);
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
