package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;

/**
 * The criteria beyond k-anonymity on the t-closeness paper's Table 3 (9 patients; datasets/papers/README.md), at
 * levels (zip 1, age 1), whose classes are the paper's Table 5: each criterion's exact figure decides at its boundary
 * (ordered distance 1/6, the paper's 0.167; hierarchical 8/27, equal 5/9, entropy ln 3, recursive c = 1/2, k-map 3,
 * presence 0 for the population's class without a patient); each release is verified and, tampered, rejected; and
 * every bad input is one line, exit 2, nothing written.
 */
class CriteriaCliTest {
    private static final String[] NODE = {"--table", "t3", "--qi", "zip,age", "--levels", "1,1", "--k", "1"};

    private static CliRun setUp(ConnectionSettings settings) {
        CliRun cli = new CliRun(settings);
        assertEquals(0, cli.run("import", PaperTables.PAPERS.resolve("tcloseness-table3.csv").toString(), "--table", "t3").exitCode());
        assertEquals(0, cli.run("import", PaperTables.PAPERS.resolve("tcloseness-table3-population.csv").toString(), "--table", "t3pop").exitCode());
        assertEquals(0, cli.run("hierarchy", "import", "--table", "t3", "--dir", PaperTables.PAPERS.toString(), "--prefix", "tcloseness-table3_")
                .exitCode());
        return cli;
    }

    /** A criterion's options that just pass at (1,1), those that just fail, and the tamper that must make its release fail. */
    private record Boundary(String name, List<String> passes, List<String> fails, String tamper, String named) {
    }

    private static final List<Boundary> BOUNDARIES = List.of(
            new Boundary("ordered", List.of("--t", "0.167", "--closeness", "ordered", "--sensitive", "salary"),
                    List.of("--t", "0.166", "--closeness", "ordered", "--sensitive", "salary"), "salary", "closeness of salary"),
            new Boundary("hierarchical", List.of("--t", "0.2963", "--closeness", "hierarchical", "--sensitive", "disease"),
                    List.of("--t", "0.2962", "--closeness", "hierarchical", "--sensitive", "disease"), "disease", "closeness of disease"),
            new Boundary("equal", List.of("--t", "0.5556", "--sensitive", "disease"),
                    List.of("--t", "0.5555", "--sensitive", "disease"), "disease", "closeness of disease"),
            new Boundary("entropy", List.of("--l", "3", "--diversity", "entropy", "--sensitive", "disease"),
                    List.of("--l", "4", "--diversity", "entropy", "--sensitive", "disease"), "disease", "entropy"),
            new Boundary("recursive", List.of("--l", "2", "--diversity", "recursive", "--c", "0.51", "--sensitive", "disease"),
                    List.of("--l", "2", "--diversity", "recursive", "--c", "0.5", "--sensitive", "disease"), "disease", "disease"),
            new Boundary("two columns", List.of("--l", "3", "--diversity", "distinct", "--sensitive", "disease,salary"),
                    List.of("--l", "4", "--diversity", "distinct", "--sensitive", "disease,salary"), "salary", "salary"),
            new Boundary("k-map", List.of("--k-map", "3", "--population", "t3pop"), List.of("--k-map", "4", "--population", "t3pop"),
                    "population", "3-map"),
            new Boundary("presence", List.of("--presence", "0,1", "--population", "t3pop"), List.of("--presence", "0.5,1", "--population", "t3pop"),
                    "row", "presence"));

    private static String[] args(String command, List<String> model, String... more) {
        List<String> all = new ArrayList<>();
        all.add(command);
        all.addAll(List.of(NODE));
        all.addAll(model);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    @DatabaseTest
    @DisplayName("Table 3 at (1,1): every criterion passes and fails at its exact figure; releases verify, tampered ones do not")
    void exactFiguresReleasesAndTampering(ConnectionSettings settings) throws Exception {
        CliRun cli = setUp(settings);
        for (Boundary b : BOUNDARIES) {
            CliRun.Result pass = cli.run(args("check", b.passes()));
            assertEquals(ExitCodes.OK, pass.exitCode(), b.name() + "\n" + pass);
            CliRun.Result fail = cli.run(args("check", b.fails()));
            assertEquals(ExitCodes.NOT_MET, fail.exitCode(), b.name() + "\n" + fail);
            String name = "r_" + b.name().replace(' ', '_').replace('-', '_');
            CliRun.Result released = cli.run(args("release", b.passes(), "--name", name));
            assertEquals(ExitCodes.OK, released.exitCode(), b.name() + "\n" + released);
            assertTrue(released.out().contains("9 of 9 rows, 0 suppressed"), released.out());
            CliRun.Result verified = cli.run("verify", name);
            assertEquals(ExitCodes.OK, verified.exitCode(), b.name() + "\n" + verified);
            if (b.name().equals("ordered")) {
                // kanon risk: the distances of Table 5's classes, 1/6, 1/6 and 1/12
                Map<String, Object> risk = CliRun.jsonObject(cli.run("risk", "--release", name, "--format", "json"));
                Map<?, ?> figure = (Map<?, ?>) ((List<?>) risk.get("criteria")).get(0);
                assertEquals(1.0 / 12, (Double) figure.get("least"), 1e-12, risk.toString());
                assertEquals(1.0 / 6, (Double) figure.get("greatest"), 1e-12, risk.toString());
            }
            if (b.name().equals("hierarchical")) {
                // kanon report: the criteria's section, the hierarchical distances 5/27 to 8/27
                java.nio.file.Path html = java.nio.file.Files.createTempFile("criteria", ".html");
                try {
                    assertEquals(ExitCodes.OK, cli.run("report", "--release", name, "--html", html.toString()).exitCode());
                    String report = java.nio.file.Files.readString(html);
                    assertTrue(report.contains("Attribute disclosure and membership") && report.contains("<td class=\"num\">0.1852</td>")
                            && report.contains("<td class=\"num\">0.2963</td>"), "the report's criteria section");
                } finally {
                    java.nio.file.Files.deleteIfExists(html);
                }
            }
            CliRun.Result refused = cli.run(args("release", b.fails(), "--name", name + "_no"));
            assertTrue(refused.exitCode() != ExitCodes.OK && refused.out().contains("not released"), b.name() + "\n" + refused);
        }
        // tampering: each release made to fail its criterion; the re-check and the class judgment both say so (the
        // population's row deleted for k-map fails delta-presence's release too, which its added row fails anyway)
        for (Boundary b : BOUNDARIES) {
            String name = "r_" + b.name().replace(' ', '_').replace('-', '_');
            tamper(settings, name, b.tamper());
            CliRun.Result verified = cli.run("verify", name);
            assertEquals(ExitCodes.NOT_MET, verified.exitCode(), b.name() + "\n" + verified);
            String all = verified.out() + verified.err();
            assertTrue(all.contains("re-check") && all.contains(b.named()), b.name() + ": the re-check and the criterion named\n" + verified);
        }
    }

    /**
     * One class of the release made to fail: its values of the column all alike (for disease a value no other row has,
     * so no distance can stay within t), a population row gone, or a row added.
     */
    private static void tamper(ConnectionSettings settings, String release, String what) {
        try (Database db = Database.open(settings)) {
            ReleaseRecord r = new ReleaseRegister(db).require(release);
            DSLContext ctx = db.dsl();
            var table = DSL.table(DSL.name(r.relationSchema(), r.relationName()));
            var zip = DSL.field(DSL.name(column(db, r, "zip")), String.class);
            switch (what) {
                case "salary" -> ctx.update(table).set(DSL.field(DSL.name(column(db, r, "salary"))), (Object) 11000)
                        .where(zip.eq("4767*")).execute();
                case "disease" -> ctx.update(table).set(DSL.field(DSL.name(column(db, r, "disease"))), (Object) "colitis")
                        .where(zip.eq("4767*")).execute();
                case "population" -> ctx.deleteFrom(DSL.table(DSL.name(r.sourceSchema(), populationName(db))))
                        .where(DSL.field(DSL.name(column(db, r, "zip").equals("ZIP") ? "ZIP" : "zip")).eq((Object) 47905)).execute();
                case "row" -> ctx.insertInto(table).select(ctx.selectFrom(table).where(zip.eq("4790*"))).execute();
                default -> throw new IllegalArgumentException(what);
            }
        }
    }

    /** The release's spelling of a column (Derby folds unquoted names to upper case on import). */
    private static String column(Database db, ReleaseRecord r, String name) {
        return db.dsl().selectFrom(DSL.table(DSL.name(r.relationSchema(), r.relationName()))).where(DSL.falseCondition()).fetch().fieldsRow()
                .fieldStream().map(f -> f.getName()).filter(n -> n.equalsIgnoreCase(name)).findFirst().orElseThrow();
    }

    private static String populationName(Database db) {
        return new org.kanon.schema.TableResolver(db).resolve("t3pop").name();
    }

    /** The criteria of one sensitive column that a local recoding takes, each with the tamper that fails it. */
    private static final List<Boundary> LOCAL = List.of(
            new Boundary("entropy", List.of("--k", "2", "--l", "2", "--diversity", "entropy", "--sensitive", "disease"), List.of(), "disease", "entropy"),
            new Boundary("recursive", List.of("--k", "2", "--l", "2", "--diversity", "recursive", "--c", "3", "--sensitive", "disease"), List.of(),
                    "disease", "recursive"),
            new Boundary("hierarchical", List.of("--k", "1", "--t", "0.3", "--closeness", "hierarchical", "--sensitive", "disease"), List.of(), "disease",
                    "closeness of disease"),
            new Boundary("equal", List.of("--k", "1", "--t", "0.3", "--sensitive", "disease"), List.of(), "disease", "closeness of disease"),
            new Boundary("ordered", List.of("--k", "2", "--t", "0.2", "--closeness", "ordered", "--sensitive", "salary"), List.of(), "salary",
                    "closeness of salary"));

    @DatabaseTest
    @DisplayName("Mondrian and Top-Down under each criterion of one column: Table 3 is split, every class meets it, releases verify, tampered ones do not")
    void localRecodings(org.kanon.testing.TestDatabases.Kind kind, ConnectionSettings settings) throws Exception {
        CliRun cli = setUp(settings);
        String[] algorithms = {"mondrian", "top-down"};
        for (int a = 0; a < algorithms.length; a++) {
            String algorithm = algorithms[a];
            for (int i = 0; i < LOCAL.size(); i++) {
                // the algorithms judge classes in Java, alike on every database; the re-check SQL is the database's part:
                // on Derby every pair, elsewhere each criterion once, the algorithm alternating from one database to the next
                if (kind != org.kanon.testing.TestDatabases.Kind.DERBY && (i + kind.ordinal()) % 2 != a) {
                    continue;
                }
                Boundary b = LOCAL.get(i);
                String name = "l_" + algorithm.charAt(0) + "_" + b.name();
                List<String> all = new ArrayList<>(List.of("anonymize", "--table", "t3", "--qi", "zip,age", "--algorithm", algorithm,
                        "--name", name));
                all.addAll(b.passes());
                CliRun.Result released = cli.run(all.toArray(String[]::new));
                assertEquals(ExitCodes.OK, released.exitCode(), name + "\n" + released);
                assertEquals(ExitCodes.OK, cli.run("verify", name).exitCode(), name);
                // the figures over the classes, read back from the release: within the criterion, and more than one class
                Map<String, Object> risk = CliRun.jsonObject(cli.run("risk", "--release", name, "--format", "json"));
                Map<?, ?> figure = (Map<?, ?>) ((List<?>) risk.get("criteria")).get(0);
                double least = (Double) figure.get("least");
                double greatest = (Double) figure.get("greatest");
                switch (b.name()) {
                    case "entropy" -> assertTrue(least >= 2 - 1e-9, name + " " + figure);
                    case "recursive" -> assertTrue(greatest < 3, name + " " + figure);
                    case "hierarchical" -> assertTrue(greatest <= 0.3 + 1e-9, name + " " + figure);
                    case "equal" -> assertTrue(greatest <= 0.3 + 1e-9, name + " " + figure);
                    default -> assertTrue(greatest <= 0.2 + 1e-9, name + " " + figure);
                }
                try (Database db = Database.open(settings)) {
                    ReleaseRecord r = new ReleaseRegister(db).require(name);
                    assertTrue(r.classes() > 1, name + ": " + r.classes() + " class(es), the algorithm split nothing");
                    // every row of one class given the same value: the class fails
                    DSLContext ctx = db.dsl();
                    var table = DSL.table(DSL.name(r.relationSchema(), r.relationName()));
                    var zip = DSL.field(DSL.name(column(db, r, "zip")), String.class);
                    var age = DSL.field(DSL.name(column(db, r, "age")), String.class);
                    // the smallest class: tampered, it moves the release's own distribution least
                    var first = ctx.select(zip, age).from(table).groupBy(zip, age).orderBy(DSL.count(), zip, age).limit(1).fetchOne();
                    var column = DSL.field(DSL.name(column(db, r, b.tamper())));
                    ctx.update(table).set(column, (Object) (b.tamper().equals("salary") ? 11000 : "colitis"))
                            .where(zip.eq(first.value1()).and(age.eq(first.value2()))).execute();
                }
                CliRun.Result tampered = cli.run("verify", name);
                assertEquals(ExitCodes.NOT_MET, tampered.exitCode(), name + "\n" + tampered);
                String out = tampered.out() + tampered.err();
                assertTrue(out.contains("re-check") && out.contains(b.named()), name + ": the re-check and the criterion named\n" + tampered);
            }
        }
    }

    @DatabaseTest
    @DisplayName("A spec carries the criteria in its options text; the Java API takes them and checks Table 3 at (1,1) as the CLI does")
    void specAndJavaApi(ConnectionSettings settings) {
        CliRun cli = setUp(settings);
        CliRun.Result created = cli.run("spec", "create", "tspec", "--table", "t3", "--qi", "zip,age", "--k", "1", "--l", "2",
                "--diversity", "entropy", "--sensitive", "disease", "--options", "--t 0.3 --closeness hierarchical --executor sql",
                "--release", "t3spec");
        assertEquals(ExitCodes.OK, created.exitCode(), created.toString());
        CliRun.Result ran = cli.run("run", "tspec");
        assertEquals(ExitCodes.OK, ran.exitCode(), ran.toString());
        assertTrue(cli.run("release", "show", "t3spec").out().contains("entropy 2-diversity of disease + 0.3-closeness of disease (hierarchical distance)"));
        assertEquals(ExitCodes.OK, cli.run("verify", "t3spec").exitCode());
        try (org.kanon.engine.Kanon kanon = org.kanon.engine.Kanon.open(settings.url(), settings.user())) {
            var what = org.kanon.engine.Anonymization.kAnonymity("t3", "zip,age", 1);
            assertTrue(kanon.check(what.withCloseness("0.167", "ordered", "salary"), "1,1").satisfied());
            assertTrue(!kanon.check(what.withCloseness("0.166", "ordered", "salary"), "1,1").satisfied());
            assertTrue(kanon.check(what.withRecursiveDiversity("0.51", 2, "disease"), "1,1").satisfied());
            assertTrue(kanon.check(what.withKMap(3, "t3pop"), "1,1").satisfied());
            assertTrue(!kanon.check(what.withPresence("0.5,1", "t3pop"), "1,1").satisfied());
            assertTrue(kanon.check(what.withDiversity(3, "entropy", "disease"), "1,1").satisfied());
        }
    }

    @DatabaseTest
    @DisplayName("Bad input: t outside (0,1], c <= 0, a population without a QI, no hierarchy, ordered on text, and more: one line, exit 2")
    void badInput(ConnectionSettings settings) {
        CliRun cli = setUp(settings);
        String[][] cases = {
                {"--t", "0", "--sensitive", "disease"},
                {"--t", "1.5", "--sensitive", "disease"},
                {"--t", "x", "--sensitive", "disease"},
                {"--l", "2", "--diversity", "recursive", "--c", "0", "--sensitive", "disease"},
                {"--l", "2", "--diversity", "recursive", "--c", "-1", "--sensitive", "disease"},
                {"--l", "2", "--diversity", "recursive", "--sensitive", "disease"},
                {"--c", "2", "--l", "2", "--sensitive", "disease"},
                {"--t", "0.5", "--closeness", "hierarchical", "--sensitive", "salary"},
                {"--t", "0.5", "--closeness", "ordered", "--sensitive", "disease"},
                {"--t", "0.5", "--closeness", "manhattan", "--sensitive", "disease"},
                {"--t", "0.5"},
                {"--k-map", "3"},
                {"--population", "t3pop"},
                {"--k-map", "3", "--population", "nosuchtable"},
                {"--k-map", "3", "--population", "t3"},
                {"--presence", "0.6,0.5", "--population", "t3pop"},
                {"--presence", "0.5", "--population", "t3pop"},
                {"--alpha", "0.5", "--t", "0.5", "--sensitive", "disease"},
                {"--t", "0.5", "--sensitive", "zip"},
                {"--l", "2", "--diversity", "entropy", "--sensitive", "disease,disease"},
        };
        for (String[] c : cases) {
            List<String> all = new ArrayList<>(List.of("anonymize", "--table", "t3", "--qi", "zip,age", "--k", "1"));
            all.addAll(List.of(c));
            CliRun.Result r = cli.run(all.toArray(String[]::new));
            assertEquals(ExitCodes.USAGE, r.exitCode(), String.join(" ", c) + "\n" + r);
            assertEquals(1, r.err().strip().lines().count(), "one line: " + String.join(" ", c) + "\n" + r);
            assertTrue(!r.err().contains("Exception"), r.toString());
        }
        // a population lacking a QI; suppression under a criterion not monotone with it; the local and two-table algorithms
        CliRun.Result lacking = cli.run("anonymize", "--table", "t3", "--qi", "zip,age,salary", "--k", "1", "--k-map", "2", "--population", "t3pop");
        assertEquals(ExitCodes.USAGE, lacking.exitCode(), lacking.toString());
        String[][] refused = {
                {"--l", "2", "--diversity", "entropy", "--sensitive", "disease", "--suppression", "2"},
                {"--k-map", "2", "--population", "t3pop", "--algorithm", "mondrian"},
                {"--presence", "0,1", "--population", "t3pop", "--algorithm", "top-down"},
                {"--l", "2", "--diversity", "entropy", "--sensitive", "disease,salary", "--algorithm", "mondrian"},
                {"--l", "2", "--diversity", "entropy", "--sensitive", "disease", "--algorithm", "kaca1"},
                {"--l", "2", "--diversity", "entropy", "--sensitive", "disease", "--algorithm", "anatomy"},
        };
        for (String[] c : refused) {
            List<String> all = new ArrayList<>(List.of("anonymize", "--table", "t3", "--qi", "zip,age", "--k", "1", "--name", "never"));
            all.addAll(List.of(c));
            CliRun.Result r = cli.run(all.toArray(String[]::new));
            assertEquals(ExitCodes.USAGE, r.exitCode(), String.join(" ", c) + "\n" + r);
            assertEquals(1, r.err().strip().lines().count(), "one line: " + String.join(" ", c) + "\n" + r);
        }
        assertTrue(!cli.run("release", "list").out().contains("never"), "nothing written");
    }
}
