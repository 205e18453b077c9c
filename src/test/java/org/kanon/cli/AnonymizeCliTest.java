package org.kanon.cli;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.DisplayName;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;

class AnonymizeCliTest {

    private static CliRun setUp(ConnectionSettings settings) {
        CliRun cli = new CliRun(settings);
        assertEquals(0, cli.run("import", PaperTables.PATIENTS_CSV.toString(), "--table", "patients").exitCode());
        assertEquals(0, cli.run("hierarchy", "import", "--table", "patients", "--dir", PaperTables.PAPERS.toString(),
                "--prefix", PaperTables.PATIENTS_PREFIX).exitCode());
        return cli;
    }

    @DatabaseTest
    @DisplayName("auto says what it chose and why: memory within the budget, sql past it (reading stops there), the same node")
    void autoExplainsItsChoice(ConnectionSettings settings) {
        CliRun cli = setUp(settings);
        // Patients' zero-level set of <Birthdate, Sex, Zipcode>: 6 groups, 112 bytes each by auto's reckoning
        CliRun.Result fits = cli.run("anonymize", "--table", "patients", "--qi", "birthdate,sex,zipcode", "--k", "2",
                "--memory-budget", "256m");
        assertEquals(ExitCodes.OK, fits.exitCode(), fits.toString());
        assertTrue(fits.out().contains("on the memory executor"), fits.out());
        assertTrue(fits.out().contains("auto chose the memory executor: the zero-level set, 6 groups (0.0 MB), fits the 256 MB memory budget"),
                fits.out());
        Map<String, Object> over = CliRun.jsonObject(cli.run("anonymize", "--table", "patients", "--qi", "birthdate,sex,zipcode",
                "--k", "2", "--memory-budget", "300", "--format", "json"));
        assertEquals("sql", over.get("executor"));
        assertEquals("auto chose the sql executor: the zero-level set has more than 2 groups, over the 0.0 MB memory budget",
                over.get("executorChoice"));
        Map<String, Object> memory = CliRun.jsonObject(cli.run("anonymize", "--table", "patients", "--qi", "birthdate,sex,zipcode",
                "--k", "2", "--executor", "memory", "--format", "json"));
        assertEquals("memory", memory.get("executor"));
        assertNull(memory.get("executorChoice"), "asked for, not chosen");
        assertEquals(memory.get("selected"), over.get("selected"));
        assertEquals(memory.get("anonymousNodes"), over.get("anonymousNodes"));
        // the default is a share of the heap; 0% of it holds no group
        Map<String, Object> none = CliRun.jsonObject(cli.run("anonymize", "--table", "patients", "--qi", "birthdate,sex,zipcode",
                "--k", "2", "--memory-budget", "0%", "--format", "json"));
        assertEquals("auto chose the sql executor: the zero-level set has more than 0 groups, over the 0.0 MB memory budget",
                none.get("executorChoice"));
        CliRun.assertRefused(cli.run("anonymize", "--table", "patients", "--qi", "sex", "--k", "2", "--memory-budget", "120%"),
                "--memory-budget", "0% to 100%", "120%");
    }

    @DatabaseTest
    @DisplayName("anonymize lists the 2-anonymous nodes of <Sex, Zipcode>, selects <S1, Z0> by height and releases it")
    void searchesSelectsAndReleases(ConnectionSettings settings) {
        CliRun cli = setUp(settings);
        CliRun.Result r = cli.run("anonymize", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--list",
                "--name", "p2", "--stats");
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        assertTrue(r.out().contains("4 anonymous node(s)"), r.out());
        assertTrue(r.out().contains("1,0\t1\tminimal"), r.out());
        assertTrue(r.out().contains("0,2\t2\tminimal"), r.out());
        assertTrue(r.out().contains("1,1\t2\t\n"), r.out());
        assertTrue(r.out().contains("(levels 1,0) by height: cost 1"), r.out());
        assertTrue(r.out().contains("released p2"), r.out());
        assertTrue(r.out().contains("nodesChecked=6 anonymousBySubset=2"), r.out());
        // --stats-format json, the older name of --format json: the whole outcome as one object
        Map<String, Object> json = CliRun.jsonObject(cli.run("anonymize", "--table", "patients", "--qi", "sex,zipcode", "--k", "2",
                "--list", "--name", "p2j", "--stats-format", "json"));
        assertEquals("incognito", json.get("algorithm"));
        assertEquals("2-anonymity", json.get("model"));
        assertEquals(4L, json.get("anonymousNodes"));
        assertEquals(4, ((List<?>) json.get("nodes")).size());
        Map<?, ?> selected = (Map<?, ?>) json.get("selected");
        assertEquals(List.of(1L, 0L), selected.get("levels"));
        assertEquals(1.0, selected.get("cost"));
        Map<?, ?> stats = (Map<?, ?>) json.get("stats");
        assertEquals(6L, stats.get("nodesChecked"));
        assertEquals(2L, stats.get("anonymousBySubset"), "<S1,Z0> and <S0,Z2>: an attribute at its single value");
        assertEquals(Set.of("validate", "load", "executor", "search", "select", "release"), ((Map<?, ?>) stats.get("phasesMs")).keySet(),
                "time per phase in the JSON stats: " + json);
        assertEquals(true, json.get("released"));
        Map<?, ?> release = (Map<?, ?>) json.get("release");
        assertEquals("p2j", release.get("name"));
        assertEquals(6L, release.get("rowsOut"));
        assertEquals(3L, release.get("classes"));
        CliRun.assertRefused(cli.run("anonymize", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--stats-format", "json",
                "--format", "text"), "--stats-format", "--format", "disagree");
        assertTrue(cli.run("release", "show", "p2").out().contains("algorithm:         incognito"));
        // DM: <S1,Z0> has classes 2,2,2 (12); <S0,Z2> has 3,3 (18)
        CliRun.Result dm = cli.run("anonymize", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--select", "dm");
        assertTrue(dm.out().contains("(levels 1,0) by dm: cost 12"), dm.out());
        CliRun.Result weighted = cli.run("anonymize", "--table", "patients", "--qi", "sex,zipcode", "--k", "2",
                "--select", "weighted-height", "--weights", "10,1");
        assertTrue(weighted.out().contains("(levels 0,2) by weighted-height: cost 2"), weighted.out());
        CliRun.Result none = cli.run("anonymize", "--table", "patients", "--qi", "birthdate,sex,zipcode", "--k", "6",
                "--name", "never");
        assertEquals(ExitCodes.OK, none.exitCode(), "the top node puts all 6 rows in one class: " + none);
    }

    @DatabaseTest
    @DisplayName("every algorithm on both executors finds the same 2-anonymous nodes of <Sex, Zipcode>; Samarati one of minimal height")
    void everyAlgorithmOnBothExecutors(ConnectionSettings settings) {
        CliRun cli = setUp(settings);
        for (String algorithm : org.kanon.global.Searches.names()) {
            for (String executor : new String[] {"memory", "sql"}) {
                CliRun.Result r = cli.run("anonymize", "--table", "patients", "--qi", "sex,zipcode", "--k", "2",
                        "--algorithm", algorithm, "--executor", executor, "--list");
                assertEquals(ExitCodes.OK, r.exitCode(), algorithm + "/" + executor + "\n" + r);
                String nodes = r.out().lines().filter(l -> l.matches("\\d,\\d\t.*")).map(l -> l.substring(0, 3))
                        .sorted().reduce("", (a, b) -> a + b + ";");
                String expected = algorithm.equals("samarati") ? "1,0;" : "0,2;1,0;1,1;1,2;";
                assertEquals(expected, nodes, algorithm + "/" + executor + "\n" + r.out());
                assertTrue(r.out().contains("(levels 1,0) by height"), r.out());
            }
        }
    }

    @DatabaseTest
    @DisplayName("anonymize: unknown algorithm, QI without hierarchy, k above the table, suppression over 100% — exit 2, nothing registered")
    void badInput(ConnectionSettings settings) {
        CliRun cli = setUp(settings);
        for (String[] args : new String[][] {
                {"--qi", "sex,zipcode", "--k", "2", "--algorithm", "flash"},
                {"--qi", "sex,disease", "--k", "2"},
                {"--qi", "sex,zipcode", "--k", "7"},
                {"--qi", "sex,zipcode", "--k", "2", "--suppression", "150%"},
                {"--qi", "sex,zipcode", "--k", "2", "--select", "prettiest"},
                {"--qi", "sex,zipcode", "--k", "2", "--executor", "gpu"}}) {
            String[] all = java.util.stream.Stream.of(
                            java.util.stream.Stream.of("anonymize", "--table", "patients"),
                            java.util.Arrays.stream(args),
                            java.util.stream.Stream.of("--name", "bad"))
                    .flatMap(s -> s).toArray(String[]::new);
            CliRun.Result r = cli.run(all);
            assertEquals(ExitCodes.USAGE, r.exitCode(), String.join(" ", all) + "\n" + r);
            assertEquals(1, r.err().strip().lines().count(), r.err());
        }
        assertEquals(1, cli.run("release", "list").out().strip().lines().count(), "nothing registered");
    }

    @DatabaseTest
    @DisplayName("QIs whose codes do not fit the memory executor's 63-bit keys: auto runs on sql, memory is refused (exit 2)")
    void tooManyValuesForMemory(ConnectionSettings settings) throws java.io.IOException {
        java.nio.file.Path csv = java.nio.file.Files.createTempFile("wide", ".csv");
        try {
            // 9 columns of 200 distinct values each (multipliers prime to 200): 8 bits per column, 72 bits in all
            int[] multipliers = {1, 3, 7, 9, 11, 13, 17, 19, 21};
            StringBuilder text = new StringBuilder("c1,c2,c3,c4,c5,c6,c7,c8,c9\n");
            for (int r = 0; r < 200; r++) {
                for (int c = 0; c < 9; c++) {
                    text.append(c > 0 ? "," : "").append('v').append(r * multipliers[c] % 200);
                }
                text.append('\n');
            }
            java.nio.file.Files.writeString(csv, text);
            CliRun cli = new CliRun(settings);
            assertEquals(0, cli.run("import", csv.toString(), "--table", "wide").exitCode());
            for (int c = 1; c <= 9; c++) {
                assertEquals(0, cli.run("hierarchy", "build", "--table", "wide", "--column", "c" + c, "--spec", "suppress").exitCode());
            }
            String qi = "c1,c2,c3,c4,c5,c6,c7,c8,c9";
            CliRun.Result memory = cli.run("anonymize", "--table", "wide", "--qi", qi, "--k", "2", "--executor", "memory");
            assertEquals(ExitCodes.USAGE, memory.exitCode(), memory.toString());
            assertTrue(memory.err().contains("too many distinct values for the memory executor"), memory.err());
            CliRun.Result auto = cli.run("anonymize", "--table", "wide", "--qi", qi, "--k", "2", "--stats");
            assertEquals(ExitCodes.OK, auto.exitCode(), auto.toString());
            assertTrue(auto.out().contains("on the sql executor"), auto.out());
        } finally {
            java.nio.file.Files.deleteIfExists(csv);
        }
    }
    @DatabaseTest
    @DisplayName("a release over QIs whose hierarchies map the empty value (null-safe joins) is written at once: Derby's optimizer spun for 28+ minutes when asked for a hash join over OR-ed terms")
    void releaseWhereEveryHierarchyMapsNull(ConnectionSettings settings) throws java.io.IOException {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("nulls");
        try {
            java.nio.file.Files.writeString(dir.resolve("t.csv"), "a,b,s\n1,x,flu\n1,,flu\n,x,\n2,y,cold\n2,y,\n1,x,cold\n");
            java.nio.file.Files.writeString(dir.resolve("a.csv"), "1;*\n2;*\n;*\n");
            java.nio.file.Files.writeString(dir.resolve("b.csv"), "x;*\ny;*\n;*\n");
            CliRun cli = new CliRun(settings);
            assertEquals(0, cli.run("import", dir.resolve("t.csv").toString(), "--table", "t").exitCode());
            for (String column : List.of("a", "b")) {
                CliRun.Result bound = cli.run("hierarchy", "import", "--table", "t", "--column", column, "--file",
                        dir.resolve(column + ".csv").toString());
                assertEquals(0, bound.exitCode(), bound.toString());
            }
            CliRun.Result r = assertTimeoutPreemptively(java.time.Duration.ofSeconds(60), () -> cli.run("anonymize",
                    "--table", "t", "--qi", "a,b", "--k", "2", "--suppression", "2", "--name", "enr"));
            assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
            assertTrue(r.out().contains("released enr"), r.out());
            CliRun.Result verified = assertTimeoutPreemptively(java.time.Duration.ofSeconds(60), () -> cli.run("verify", "enr"));
            assertEquals(ExitCodes.OK, verified.exitCode(), verified.toString());
        } finally {
            for (String file : List.of("t.csv", "a.csv", "b.csv")) {
                java.nio.file.Files.deleteIfExists(dir.resolve(file));
            }
            java.nio.file.Files.deleteIfExists(dir);
        }
    }
}
