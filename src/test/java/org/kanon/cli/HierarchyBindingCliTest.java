package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.db.KanonSchemas;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.SharedData;
import org.kanon.testing.TestDatabases;

/**
 * Issue 19's hierarchy items: a hierarchy wider than the table (8), no silent rebinding (11), an oversized label
 * and a hierarchy under a view release (17), concurrent binders of one table (13).
 */
class HierarchyBindingCliTest {
    @TempDir
    Path tmp;

    private Path file(String name, String content) throws Exception {
        Path f = tmp.resolve(name);
        Files.writeString(f, content);
        return f;
    }

    private static void ok(CliRun.Result r) {
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
    }

    /** Refused, naming the column: Derby folds names to upper case, PostgreSQL to lower. */
    private static void assertRefusedNaming(CliRun.Result r, String tableDotColumn, String... fragments) {
        CliRun.assertRefused(r, fragments);
        assertTrue(r.err().toLowerCase().contains(tableDotColumn), "'" + tableDotColumn + "' in: " + r.err());
    }

    private static int dimensionRows(ConnectionSettings settings, String table) {
        try (Database db = Database.open(settings)) {
            return db.dsl().fetchCount(DSL.table(DSL.name(db.identifiers().namespace(KanonSchemas.DIMENSIONS), db.identifiers().fold(table))));
        }
    }

    private static int count(ConnectionSettings settings, String sql) {
        try (Database db = Database.open(settings)) {
            return TestDatabases.sql(db).fetchOne(sql).get(0, Integer.class);
        }
    }

    @DatabaseTest
    @DisplayName("8: a hierarchy with values wider (text), longer (decimal) and larger (integer) than the table's binds, every value kept")
    void hierarchyWiderThanTheTable(ConnectionSettings settings) throws Exception {
        CliRun cli = new CliRun(settings);
        // status VARCHAR(2), score DECIMAL(2,1), n INTEGER
        ok(cli.run("import", file("t.csv", "status,score,n\nab,1.5,1\ncd,2.5,2\nab,1.5,1\n").toString(), "--table", "t"));
        ok(cli.run("hierarchy", "import", "--table", "t", "--file",
                file("status.csv", "ab;short;*\ncd;short;*\nMarried-spouse-absent;long;*\n").toString(), "--column", "status"));
        ok(cli.run("hierarchy", "import", "--table", "t", "--file",
                file("score.csv", "1.5;low;*\n2.5;low;*\n100.25;high;*\n0.125;low;*\n").toString(), "--column", "score"));
        ok(cli.run("hierarchy", "import", "--table", "t", "--file",
                file("n.csv", "1;small;*\n2;small;*\n9999999999;huge;*\n").toString(), "--column", "n"));
        assertEquals(3, dimensionRows(settings, "D_T_STATUS"));
        assertEquals(4, dimensionRows(settings, "D_T_SCORE"));
        assertEquals(3, dimensionRows(settings, "D_T_N"));
        try (Database db = Database.open(settings)) {
            String dim = db.identifiers().namespace(KanonSchemas.DIMENSIONS);
            var v = DSL.field(DSL.name(db.identifiers().fold("V")));
            assertEquals(1, db.dsl().fetchCount(DSL.selectFrom(DSL.table(DSL.name(dim, db.identifiers().fold("D_T_SCORE"))))
                    .where(v.eq(new java.math.BigDecimal("0.125")))), "0.125 kept exactly, not rounded to the column's scale");
        }
        // the join still meets the table's values: 2 rows of ab/1.5/1 and 1 of cd/2.5/2 at level 0, one class at level 1
        CliRun.Result check = cli.run("check", "--table", "t", "--qi", "status,score,n", "--k", "3", "--levels", "1,1,1");
        assertEquals(ExitCodes.OK, check.exitCode(), check.toString());
    }

    @DatabaseTest
    @DisplayName("8: ten rows of Adult take ARX's Adult hierarchies (Married-spouse-absent is wider than the imported column)")
    void tenAdultRowsTakeArxHierarchies(ConnectionSettings settings) throws Exception {
        Path adult = SharedData.file("datasets/adult-uci/adult-45222.csv");
        Path arx = SharedData.file("datasets/adult-arx/adult_hierarchy_age.csv").getParent();
        CliRun cli = new CliRun(settings);
        List<String> head = Files.readAllLines(adult).subList(0, 11);
        ok(cli.run("import", file("adult10.csv", String.join("\n", head) + "\n").toString(), "--table", "adult"));
        CliRun.Result bound = cli.run("hierarchy", "import", "--table", "adult", "--dir", arx.toString());
        ok(bound);
        assertEquals(9, bound.out().lines().filter(l -> l.startsWith("bound ")).count(), bound.out());
        assertEquals(7, dimensionRows(settings, "D_ADULT_MARITAL_STATUS"), "every marital status of the file, not only the ten rows'");
    }

    @DatabaseTest
    @DisplayName("11: build and import refuse to replace a bound hierarchy without --replace; with it they replace")
    void rebindingNeedsReplace(ConnectionSettings settings) throws Exception {
        CliRun cli = new CliRun(settings);
        ok(cli.run("import", file("p.csv", "age,sex\n31,Male\n32,Female\n47,Male\n").toString(), "--table", "p"));
        ok(cli.run("hierarchy", "build", "--table", "p", "--column", "age", "--spec", "interval:5,10"));
        assertRefusedNaming(cli.run("hierarchy", "build", "--table", "p", "--column", "age", "--spec", "suppress"),
                "p.age", "already has a hierarchy", "--replace");
        Path sexAndAge = Files.createDirectories(tmp.resolve("dir"));
        Files.writeString(sexAndAge.resolve("sex.csv"), "Male;*\nFemale;*\n");
        Files.writeString(sexAndAge.resolve("age.csv"), "31;*\n32;*\n47;*\n");
        assertRefusedNaming(cli.run("hierarchy", "import", "--table", "p", "--dir", sexAndAge.toString()),
                "p.age", "already has a hierarchy", "--replace");
        assertRefusedNaming(cli.run("hierarchy", "import", "--table", "p", "--file", sexAndAge.resolve("age.csv").toString(),
                "--column", "age"), "p.age", "--replace");
        CliRun.Result list = cli.run("hierarchy", "list", "--table", "p");
        assertEquals(2, list.out().strip().lines().count(), "sex was not bound either: one call, all or nothing\n" + list.out());
        assertTrue(list.out().contains("\t3\t3\t"), "still the interval hierarchy, height 3: " + list.out());

        ok(cli.run("hierarchy", "build", "--table", "p", "--column", "age", "--spec", "suppress", "--replace"));
        assertTrue(cli.run("hierarchy", "list", "--table", "p").out().contains("\t1\t3\t"), "replaced: height 1");
        ok(cli.run("hierarchy", "import", "--table", "p", "--dir", sexAndAge.toString(), "--replace"));
        assertEquals(3, cli.run("hierarchy", "list", "--table", "p").out().strip().lines().count());
        assertEquals(2, count(settings, "select count(*) from kanon.hierarchies"));
    }

    @DatabaseTest
    @DisplayName("17: a 100,000-character label is refused with file:line:column and the limit, the label not echoed")
    void oversizedLabel(ConnectionSettings settings) throws Exception {
        CliRun cli = new CliRun(settings);
        ok(cli.run("import", file("p.csv", "zip\n53715\n53703\n").toString(), "--table", "p"));
        String label = "Secret-".repeat(100_000 / 7 + 1).substring(0, 100_000);
        Path h = file("zip.csv", "53715;5371*;*\n53703;" + label + ";*\n");
        CliRun.Result r = cli.run("hierarchy", "import", "--table", "p", "--file", h.toString(), "--column", "zip");
        CliRun.assertRefused(r, "zip.csv:2:2", "100,000 characters", "at most 500");
        assertFalse(r.err().contains("Secret"), r.err());
        assertEquals(1, cli.run("hierarchy", "list", "--table", "p").out().strip().lines().count(), "nothing bound");
        // a leaf that long is refused the same way, by its column 1
        CliRun.assertRefused(cli.run("hierarchy", "import", "--table", "p", "--file",
                file("zip2.csv", label + ";*\n53715;*\n53703;*\n").toString(), "--column", "zip"), "zip2.csv:1:1", "at most 500");
    }

    @DatabaseTest
    @DisplayName("a hierarchy of more levels than a table can have columns is refused naming the file and the limit (Derby failed with 54011)")
    void aHierarchyOfMoreLevelsThanTableColumnsIsRefused(ConnectionSettings settings) throws Exception {
        CliRun cli = new CliRun(settings);
        ok(cli.run("import", file("p.csv", "zip\n53715\n53703\n").toString(), "--table", "p"));
        StringBuilder chain = new StringBuilder();
        for (int level = 1; level < 9_999; level++) {
            chain.append(";L").append(level);
        }
        chain.append(";*\n");
        Path h = file("deep.csv", "53715" + chain + "53703" + chain);
        CliRun.Result r = cli.run("hierarchy", "import", "--table", "p", "--file", h.toString(), "--column", "zip");
        CliRun.assertRefused(r, "deep.csv", "10000 levels", "at most");
        assertEquals(1, r.err().lines().count(), r.err());
        assertEquals(1, cli.run("hierarchy", "list", "--table", "p").out().strip().lines().count(), "nothing bound");
    }

    @DatabaseTest
    @DisplayName("17: a hierarchy read by a view release is not replaced (the view depends on it); a materialized release does not hold it")
    void hierarchyUnderAViewRelease(ConnectionSettings settings) throws Exception {
        CliRun cli = new CliRun(settings);
        ok(cli.run("import", file("p.csv", "age,sex\n31,Male\n32,Male\n47,Female\n44,Female\n").toString(), "--table", "p"));
        ok(cli.run("hierarchy", "build", "--table", "p", "--column", "age", "--spec", "interval:5,10"));
        ok(cli.run("hierarchy", "build", "--table", "p", "--column", "sex", "--spec", "suppress"));
        ok(cli.run("release", "--table", "p", "--qi", "age", "--levels", "2", "--k", "2", "--name", "p_view"));
        ok(cli.run("release", "--table", "p", "--qi", "age,sex", "--levels", "2,0", "--k", "2", "--name", "p_copy", "--materialize"));

        assertRefusedNaming(cli.run("hierarchy", "build", "--table", "p", "--column", "age", "--spec", "suppress", "--replace"),
                "p.age", "view release(s) p_view;", "release drop");
        assertEquals(4, count(settings, "select count(*) from kanon_release.p_view"), "the view still works");
        assertEquals(0, cli.run("verify", "p_view").exitCode());
        // sex is a QI of the materialized release only
        ok(cli.run("hierarchy", "build", "--table", "p", "--column", "sex", "--spec", "suppress", "--replace"));

        ok(cli.run("release", "drop", "p_view"));
        ok(cli.run("hierarchy", "build", "--table", "p", "--column", "age", "--spec", "suppress", "--replace"));
        assertEquals(4, count(settings, "select count(*) from kanon_release.p_copy"));
    }

    @DatabaseTest(only = TestDatabases.Kind.POSTGRES)
    @DisplayName("13: concurrent hierarchy imports of one table on PostgreSQL: one binds, the others are told, or replace in turn")
    void concurrentImportsOnPostgres(ConnectionSettings settings) throws Exception {
        int writers = 3;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            CliRun cli = new CliRun(settings);
            StringBuilder csv = new StringBuilder("a,b,c,d\n");
            for (int i = 0; i < 200; i++) {
                csv.append(i).append(',').append(i % 7).append(",v").append(i % 13).append(",w").append(i % 3).append('\n');
            }
            ok(cli.run("import", file("t.csv", csv.toString()).toString(), "--table", "t"));
            Path dir = Files.createDirectories(tmp.resolve("h"));
            for (String column : List.of("a", "b", "c", "d")) {
                StringBuilder h = new StringBuilder();
                for (int i = 0; i < 200; i++) {
                    String value = switch (column) {
                        case "a", "b" -> String.valueOf(i);
                        default -> column.equals("c") ? "v" + i : "w" + i;
                    };
                    h.append(value).append(';').append(i / 10).append(";*\n");
                }
                Files.writeString(dir.resolve(column + ".csv"), h);
            }
            for (String replace : List.of("", "--replace")) {
                List<CliRun.Result> results = race(pool, writers, () -> replace.isEmpty()
                        ? cli.run("hierarchy", "import", "--table", "t", "--dir", dir.toString())
                        : cli.run("hierarchy", "import", "--table", "t", "--dir", dir.toString(), replace));
                long bound = results.stream().filter(r -> r.exitCode() == ExitCodes.OK).count();
                if (replace.isEmpty()) {
                    assertEquals(1, bound, results.toString());
                    for (CliRun.Result r : results) {
                        if (r.exitCode() != ExitCodes.OK) {
                            CliRun.assertRefused(r, "already have hierarchies", "--replace");
                        }
                    }
                } else {
                    assertEquals(writers, bound, "each replaces in its turn: " + results);
                }
                assertEquals(4, count(settings, "select count(*) from kanon.hierarchies"));
                assertEquals(4, count(settings, "select count(*) from information_schema.tables where table_schema = 'kanon_dim'"));
                assertEquals(200, dimensionRows(settings, "d_t_c"));
            }
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
        }
    }

    /** Runs {@code command} in {@code n} threads let go at once. */
    private static List<CliRun.Result> race(ExecutorService pool, int n, java.util.function.Supplier<CliRun.Result> command)
            throws Exception {
        CyclicBarrier go = new CyclicBarrier(n);
        List<Future<CliRun.Result>> futures = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            futures.add(pool.submit(() -> {
                go.await();
                return command.get();
            }));
        }
        List<CliRun.Result> results = new ArrayList<>();
        for (Future<CliRun.Result> f : futures) {
            results.add(f.get(300, TimeUnit.SECONDS));
        }
        return results;
    }
}
