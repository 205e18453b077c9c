package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.AdultFixture;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/**
 * `kanon risk` on the shared Adult data (45,222 rows) against the test's own computation: a plain GROUP BY over
 * JDBC whose class sizes the test turns into the figures itself, for 3, 4 and 9 QIs; and the risk of two releases of
 * it (a global one by Incognito, a local one by KACA1, k = 10) below the raw table's.
 */
class AdultRiskCliTest {
    private static final List<String> NINE = List.of("age", "sex", "race", "marital-status", "education", "native-country", "workclass",
            "occupation", "salary-class");

    /** Derby, and PostgreSQL when configured: the two databases the figures are about. */
    @DatabaseTest(only = {TestDatabases.Kind.DERBY, TestDatabases.Kind.POSTGRES})
    @DisplayName("Adult: 3, 4 and 9 QIs equal the test's own GROUP BY; Incognito and KACA1 releases (k = 10) have no record at risk")
    void adultRisk(TestDatabases.Kind kind, AdultFixture adult) throws Exception {
        ConnectionSettings settings = adult.settings();
        CliRun cli = new CliRun(settings);
        for (List<String> qis : List.of(NINE.subList(0, 3), NINE.subList(0, 4), NINE)) {
            long started = System.nanoTime();
            Map<?, ?> risk = RiskCliTest.json(cli.run("risk", "--table", "adult", "--qi", String.join(",", qis), "--format", "json"));
            long ms = (System.nanoTime() - started) / 1_000_000;
            System.out.printf("kanon risk, Adult, %d QIs, %s: %d ms (in-process, classes fetched, %d combinations)%n", qis.size(), kind, ms,
                    ((List<?>) risk.get("combinations")).size());
            TreeMap<Long, Long> sizes = classSizes(settings, "adult", qis);
            assertSameFigures(risk, sizes, qis.size());
            // every combination of up to 4 QIs, and of one, two and all nine, against its own GROUP BY
            for (Object o : (List<?>) risk.get("combinations")) {
                Map<?, ?> c = (Map<?, ?>) o;
                List<String> combination = ((List<?>) c.get("quasiIdentifiers")).stream().map(Object::toString).toList();
                if (qis.size() <= 4 || combination.size() <= 2 || combination.size() == qis.size()) {
                    TreeMap<Long, Long> own = classSizes(settings, "adult", combination);
                    assertEquals(classes(own), c.get("classes"), combination.toString());
                    assertEquals(singles(own), c.get("uniques"), combination.toString());
                    assertEquals(1 - pairsTogether(own) / (45222.0 * 45221.0), (Double) c.get("separation"), 1e-12, combination.toString());
                }
            }
        }

        Map<?, ?> raw = RiskCliTest.json(cli.run("risk", "--table", "adult", "--qi", String.join(",", NINE), "--format", "json",
                "--combinations", "0"));
        CliRun.Result incognito = cli.run("anonymize", "--table", "adult", "--qi", String.join(",", NINE), "--k", "10", "--suppression", "1%",
                "--name", "adultrisk_k10");
        assertEquals(ExitCodes.OK, incognito.exitCode(), incognito.toString());
        CliRun.Result kaca = cli.run("anonymize", "--algorithm", "kaca1", "--table", "adult", "--qi", String.join(",", NINE.subList(0, 4)),
                "--k", "10", "--name", "adultrisk_kaca");
        assertEquals(ExitCodes.OK, kaca.exitCode(), kaca.toString());
        Map<?, ?> rawFour = RiskCliTest.json(cli.run("risk", "--table", "adult", "--qi", String.join(",", NINE.subList(0, 4)), "--format", "json"));
        for (String[] pair : new String[][]{{"adultrisk_k10", "9"}, {"adultrisk_kaca", "4"}}) {
            Map<?, ?> released = RiskCliTest.json(cli.run("risk", "--release", pair[0], "--format", "json"));
            Map<?, ?> before = pair[1].equals("9") ? raw : rawFour;
            double highest = (Double) ((Map<?, ?>) released.get("prosecutor")).get("highest");
            assertTrue(highest <= 0.1, pair[0] + ": k = 10 means no record risk above 1/10: " + highest);
            assertEquals(0.0, (Double) ((Map<?, ?>) released.get("prosecutor")).get("recordsAtRisk"), pair[0]);
            assertEquals(0L, released.get("sampleUniques"), pair[0]);
            assertTrue((Double) ((Map<?, ?>) released.get("prosecutor")).get("average")
                    < (Double) ((Map<?, ?>) before.get("prosecutor")).get("average"), pair[0] + " lowers the average risk");
            assertTrue(highest < (Double) ((Map<?, ?>) before.get("prosecutor")).get("highest"), pair[0]);
        }
        // the Adult database is shared by the run's tests: leave it as it was found
        for (String release : List.of("adultrisk_k10", "adultrisk_kaca")) {
            CliRun.Result drop = cli.run("release", "drop", release);
            assertEquals(ExitCodes.OK, drop.exitCode(), drop.toString());
        }
    }

    private static void assertSameFigures(Map<?, ?> risk, TreeMap<Long, Long> sizes, int qis) {
        long n = 0;
        for (Map.Entry<Long, Long> e : sizes.entrySet()) {
            n += e.getKey() * e.getValue();
        }
        assertEquals(45222L, n);
        assertEquals(n, risk.get("rows"), qis + " QIs");
        assertEquals(classes(sizes), risk.get("classes"), qis + " QIs");
        assertEquals(sizes.firstKey(), risk.get("smallestClass"));
        assertEquals(sizes.lastKey(), risk.get("largestClass"));
        assertEquals(singles(sizes), risk.get("sampleUniques"));
        TreeMap<Long, Long> reported = new TreeMap<>();
        for (Object o : (List<?>) risk.get("classSizes")) {
            reported.put((Long) ((Map<?, ?>) o).get("size"), (Long) ((Map<?, ?>) o).get("classes"));
        }
        assertTrue(sizes.equals(reported), qis + " QIs: the class-size distribution differs from the test's GROUP BY");
        Map<?, ?> p = (Map<?, ?>) risk.get("prosecutor");
        assertEquals(1.0 / sizes.firstKey(), (Double) p.get("highest"), 1e-12);
        assertEquals((double) classes(sizes) / n, (Double) p.get("average"), 1e-12);
        long atRisk = 0;
        for (Map.Entry<Long, Long> e : sizes.entrySet()) {
            if (1.0 / e.getKey() > 0.1) {
                atRisk += e.getKey() * e.getValue();
            }
        }
        assertEquals(atRisk, p.get("rowsAtRisk"));
        assertEquals((double) classes(sizes) / n, (Double) risk.get("marketer"), 1e-12);
    }

    /** size -> number of classes, by the test's own SQL (plain JDBC, quoted names), not kanon's code. */
    static TreeMap<Long, Long> classSizes(ConnectionSettings settings, String table, List<String> columns) throws Exception {
        TreeMap<Long, Long> sizes = new TreeMap<>();
        try (Connection c = DriverManager.getConnection(settings.url(), settings.user(), settings.password())) {
            // the names as the database stores them (Derby keeps "marital-status" lower case, AGE upper case), quoted
            Map<String, String> stored = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            String storedTable = null;
            try (ResultSet t = c.getMetaData().getTables(null, null, "%", new String[]{"TABLE"})) {
                while (t.next()) {
                    if (t.getString("TABLE_NAME").equalsIgnoreCase(table)) {
                        storedTable = t.getString("TABLE_NAME");
                    }
                }
            }
            try (ResultSet r = c.getMetaData().getColumns(null, null, storedTable, "%")) {
                while (r.next()) {
                    stored.put(r.getString("COLUMN_NAME"), r.getString("COLUMN_NAME"));
                }
            }
            List<String> quoted = columns.stream().map(n -> "\"" + stored.get(n) + "\"").toList();
            String sql = "SELECT " + String.join(", ", quoted) + ", COUNT(*) FROM \"" + storedTable + "\" GROUP BY " + String.join(", ", quoted);
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
                while (r.next()) {
                    sizes.merge(r.getLong(columns.size() + 1), 1L, Long::sum);
                }
            }
        }
        return sizes;
    }

    private static long classes(TreeMap<Long, Long> sizes) {
        return sizes.values().stream().mapToLong(Long::longValue).sum();
    }

    private static long singles(TreeMap<Long, Long> sizes) {
        return sizes.getOrDefault(1L, 0L);
    }

    private static double pairsTogether(TreeMap<Long, Long> sizes) {
        double sum = 0;
        for (Map.Entry<Long, Long> e : sizes.entrySet()) {
            sum += (double) e.getKey() * (e.getKey() - 1) * e.getValue();
        }
        return sum;
    }
}
