package org.kanon.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.frequency.StarSchema;
import org.kanon.ingest.CsvImporter;
import org.kanon.ingest.ImportOptions;
import org.kanon.lattice.LevelVector;
import org.kanon.risk.RiskAnalysis;
import org.kanon.risk.RiskAnalyzer;
import org.kanon.risk.RiskOptions;
import org.kanon.risk.RiskSubject;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * Not a test: times `kanon risk` in-process on Adult (45,222 rows) with 3, 4 and 9 QIs on an embedded Derby database:
 * the subject built, the classes fetched by one GROUP BY, every QI combination measured, the population models run
 * (with --population). The first run of each is cold (a fresh JVM's first statement and code), then the median and
 * range of {@value #REPEATS} more. Usage: {@code RiskTiming [JDBC_URL]}; without one it imports Adult into an in-memory
 * Derby database first (../shared/datasets/adult-uci/adult-45222.csv).
 */
public final class RiskTiming {
    private static final List<String> NINE = List.of("age", "sex", "race", "marital-status", "education", "native-country", "workclass",
            "occupation", "salary-class");
    private static final int REPEATS = 9;

    public static void main(String[] args) {
        String url = args.length > 0 ? args[0] : "jdbc:derby:memory:risk_timing;create=true";
        try (Database db = Database.open(new ConnectionSettings(url, null, System.getenv("KANON_DB_PASSWORD")))) {
            if (new TableResolver(db).find("adult").isEmpty()) {
                long t0 = System.nanoTime();
                new CsvImporter(db).importCsv(Path.of("..", "shared", "datasets", "adult-uci", "adult-45222.csv"), "adult", new ImportOptions(null, false));
                System.out.printf(Locale.ROOT, "imported Adult in %.1f s%n", (System.nanoTime() - t0) / 1e9);
            }
            SourceTable adult = new TableResolver(db).resolve("adult");
            System.out.println("qis  options                 first_ms  median_ms  min_ms  max_ms  classes  combinations");
            for (List<String> qis : List.of(NINE.subList(0, 3), NINE.subList(0, 4), NINE)) {
                time(db, adult, qis, "all combinations", RiskOptions.defaults());
                time(db, adult, qis, "no combinations", new RiskOptions(RiskOptions.DEFAULT_THRESHOLD, null, null, 0));
                time(db, adult, qis, "population 300 M", new RiskOptions(RiskOptions.DEFAULT_THRESHOLD, 300_000_000L, null, -1));
            }
        }
    }

    private static void time(Database db, SourceTable adult, List<String> qis, String label, RiskOptions options) {
        long[] ms = new long[REPEATS + 1];
        RiskAnalysis a = null;
        for (int i = 0; i <= REPEATS; i++) {
            long t0 = System.nanoTime();
            // what RiskCommand does once the database is open: resolve, bind the star schema, analyze
            StarSchema schema = StarSchema.of(new TableResolver(db).resolve(adult.displayName()), qis, new HierarchyCatalog(db));
            a = new RiskAnalyzer(db).analyze(RiskSubject.node(schema, LevelVector.zero(qis.size())), options);
            ms[i] = (System.nanoTime() - t0) / 1_000_000;
        }
        long[] warm = Arrays.copyOfRange(ms, 1, ms.length);
        Arrays.sort(warm);
        System.out.printf(Locale.ROOT, "%-4d %-22s %9d %10d %7d %7d %8d %13d%n", qis.size(), label, ms[0], warm[warm.length / 2], warm[0],
                warm[warm.length - 1], a.classSizes().classCount(), a.combinations().size());
    }
}
