package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.db.dialect.DatabaseProfiles;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/**
 * One equality everywhere: a value that equals a leaf only as the database compares ('53715 ' and 53715 under Derby's
 * PAD SPACE, 'male' and Male under MariaDB's default collation) is neither bound to the leaf nor released, by any
 * command or executor; a release would show both spellings, the rarer one perhaps a class of one row.
 */
class ExactLeavesCliTest {

    @DatabaseTest
    @DisplayName("'53715 ' beside the leaf 53715: the binding refuses it; a binding made before it came is refused by anonymize (sql, memory, auto), release --levels and check")
    void trailingBlank(ConnectionSettings settings) throws IOException {
        Path dir = Files.createTempDirectory("exact");
        try {
            String clean = "zip,sex\n53715,M\n53715,M\n53715,F\n53715,F\nA5370AB,M\nA5370AB,M\nA5370AB,F\nA5370AB,F\n";
            Files.writeString(dir.resolve("t.csv"), clean + "\"53715 \",M\n");
            Files.writeString(dir.resolve("c.csv"), clean);
            Files.writeString(dir.resolve("zip.csv"), "53715;5371*;*\nA5370AB;5370*;*\n");
            Files.writeString(dir.resolve("sex.csv"), "M;*\nF;*\n");
            CliRun cli = new CliRun(settings);
            assertEquals(0, cli.run("import", dir.resolve("t.csv").toString(), "--table", "t").exitCode());
            CliRun.Result bind = cli.run("hierarchy", "import", "--table", "t", "--column", "zip", "--file", dir.resolve("zip.csv").toString());
            assertEquals(ExitCodes.USAGE, bind.exitCode(), "the leaf 53715 is not '53715 ': " + bind);
            assertTrue(bind.err().contains("has no leaf for 1 distinct value(s) of the column, in 1 row(s)"), bind.err());
            assertFalse(bind.err().contains("53715"), "no data value in an error: " + bind.err());

            // the table as it was when its hierarchies were bound, then the row that came later
            assertEquals(0, cli.run("import", dir.resolve("c.csv").toString(), "--table", "c").exitCode());
            for (String column : List.of("zip", "sex")) {
                CliRun.Result r = cli.run("hierarchy", "import", "--table", "c", "--column", column, "--file", dir.resolve(column + ".csv").toString());
                assertEquals(0, r.exitCode(), r.toString());
            }
            try (Database db = Database.open(settings)) {
                DSLContext ctx = db.dsl();
                ctx.insertInto(DSL.table(DSL.name(db.identifiers().fold("c"))), DSL.field(DSL.name(db.identifiers().fold("zip"))),
                        DSL.field(DSL.name(db.identifiers().fold("sex")))).values("53715 ", "M").execute();
            }
            refusedEverywhere(cli, "c", "zip,sex", "0,0", "zip",
                    DatabaseProfiles.forUrl(settings.url()).comparesTextAsWritten());

            // the same rows spelt as the leaves: released, and no reader sees a class of fewer than 2 rows
            try (Database db = Database.open(settings)) {
                DSLContext ctx = db.dsl();
                var zip = DSL.field(DSL.name(db.identifiers().fold("zip")), String.class);
                ctx.update(DSL.table(DSL.name(db.identifiers().fold("c")))).set(zip, "53715").where(zip.eq("53715 ")).execute();
            }
            released(cli, "c", "zip,sex");
        } finally {
            for (String file : List.of("t.csv", "c.csv", "zip.csv", "sex.csv")) {
                Files.deleteIfExists(dir.resolve(file));
            }
            Files.deleteIfExists(dir);
        }
    }

    @DatabaseTest(only = TestDatabases.Kind.MARIADB)
    @DisplayName("MariaDB, a utf8mb4_general_ci table with 'Male' and 'male', leaf Male only: the binding refuses it; a binding made before 'male' came is refused by every command")
    void caseUnderMariaDbsDefaultCollation(ConnectionSettings settings) throws IOException {
        Path dir = Files.createTempDirectory("exact");
        try {
            Files.writeString(dir.resolve("birthdate.csv"), "1/21/76;*\n2/28/76;*\n4/13/86;*\n");
            Files.writeString(dir.resolve("sex.csv"), "Male;*\nFemale;*\n");
            Files.writeString(dir.resolve("zip.csv"), "53715;*\nA5370AB;*\n53706;*\n");
            CliRun cli = new CliRun(settings);
            assertEquals(0, cli.run("release", "list").exitCode()); // kanon's namespaces
            try (Database db = Database.open(settings)) {
                DSLContext ctx = db.dsl();
                ctx.execute("CREATE TABLE p (birthdate VARCHAR(10), sex VARCHAR(10), zip VARCHAR(10), disease VARCHAR(10))"
                        + " CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci");
                ctx.execute("INSERT INTO p VALUES ('1/21/76', 'Male', '53715', 'Flu'), ('1/21/76', 'male', '53715', 'Cancer'),"
                        + " ('2/28/76', 'Male', 'A5370AB', 'Flu'), ('2/28/76', 'Male', 'A5370AB', 'Cold'),"
                        + " ('4/13/86', 'Female', '53706', 'Flu'), ('4/13/86', 'Female', '53706', 'Cold')");
            }
            CliRun.Result bind = cli.run("hierarchy", "import", "--table", "p", "--column", "sex", "--file", dir.resolve("sex.csv").toString());
            assertEquals(ExitCodes.USAGE, bind.exitCode(), "the leaf Male is not 'male': " + bind);
            assertTrue(bind.err().contains("has no leaf for 1 distinct value(s) of the column, in 1 row(s)"), bind.err());

            try (Database db = Database.open(settings)) {
                db.dsl().execute("UPDATE p SET sex = 'Female' WHERE disease = 'Cancer'");
            }
            for (String column : List.of("birthdate", "sex", "zip")) {
                CliRun.Result r = cli.run("hierarchy", "import", "--table", "p", "--column", column, "--file", dir.resolve(column + ".csv").toString());
                assertEquals(0, r.exitCode(), r.toString());
            }
            try (Database db = Database.open(settings)) {
                db.dsl().execute("UPDATE p SET sex = 'male' WHERE disease = 'Cancer'");
            }
            refusedEverywhere(cli, "p", "birthdate,sex,zip", "0,0,0", "sex", false);

            try (Database db = Database.open(settings)) {
                db.dsl().execute("UPDATE p SET sex = 'Male' WHERE disease = 'Cancer'");
            }
            released(cli, "p", "birthdate,sex,zip");
        } finally {
            for (String file : List.of("birthdate.csv", "sex.csv", "zip.csv")) {
                Files.deleteIfExists(dir.resolve(file));
            }
            Files.deleteIfExists(dir);
        }
    }

    /**
     * Every command that checks or releases refuses the table (exit 2) naming the column and one row, no value;
     * nothing is registered. Where the database compares text {@code asWritten} (PostgreSQL, DuckDB) the value has
     * simply no leaf: anonymize refuses it (the executors find it), a check at the zero node finds its class too small.
     */
    private static void refusedEverywhere(CliRun cli, String table, String qi, String levels, String column, boolean asWritten) {
        List<List<String>> commands = List.of(
                List.of("anonymize", "--table", table, "--qi", qi, "--k", "2", "--executor", "sql", "--name", "r_sql"),
                List.of("anonymize", "--table", table, "--qi", qi, "--k", "2", "--executor", "memory", "--name", "r_memory"),
                List.of("anonymize", "--table", table, "--qi", qi, "--k", "2", "--name", "r_auto"),
                List.of("release", "--table", table, "--qi", qi, "--levels", levels, "--k", "2", "--name", "r_levels"),
                List.of("release", "--table", table, "--qi", qi, "--levels", levels, "--k", "2", "--name", "r_table", "--materialize"),
                List.of("check", "--table", table, "--qi", qi, "--levels", levels, "--k", "2"),
                // local recoding groups the source in the database too (was an internal error on MariaDB)
                List.of("anonymize", "--table", table, "--qi", qi, "--k", "2", "--algorithm", "topdown", "--name", "r_topdown"),
                List.of("anonymize", "--table", table, "--qi", qi, "--k", "2", "--algorithm", "mondrian", "--name", "r_mondrian"));
        for (List<String> command : commands) {
            CliRun.Result r = cli.run(command.toArray(String[]::new));
            if (asWritten && !command.get(0).equals("anonymize")) {
                // the database counts '53715 ' as a class of its own, of one row; at the zero node no hierarchy is read
                assertEquals(ExitCodes.NOT_MET, r.exitCode(), command + "\n" + r);
                assertTrue(r.out().contains("1 row in 1 class below k") || r.out().contains("smallest class 1"), command + "\n" + r);
                continue;
            }
            if (asWritten && command.contains("--algorithm")) {
                // local recoding finds the value without labels in its own words
                assertEquals(ExitCodes.USAGE, r.exitCode(), command + "\n" + r);
                assertFalse(r.err().contains("53715 "), "no data value in an error: " + r.err());
                continue;
            }
            assertEquals(ExitCodes.USAGE, r.exitCode(), command + "\n" + r);
            assertTrue(r.err().toLowerCase(java.util.Locale.ROOT).contains("." + column + " holds 1 distinct value(s), in 1 row(s)"),
                    command + "\n" + r.err());
            assertFalse(r.err().contains("53715") || r.err().contains("male"), "no data value in an error: " + r.err());
        }
        assertEquals(1, cli.run("release", "list").out().strip().lines().count(), "nothing registered");
    }

    /** Released on each executor and at the zero node, and verified: every class a reader sees has 2 rows or more. */
    private static void released(CliRun cli, String table, String qi) {
        for (String executor : List.of("sql", "memory")) {
            CliRun.Result r = cli.run("anonymize", "--table", table, "--qi", qi, "--k", "2", "--executor", executor, "--name", "ok_" + executor);
            assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
            CliRun.Result verified = cli.run("verify", "ok_" + executor);
            assertEquals(ExitCodes.OK, verified.exitCode(), verified.toString());
        }
    }
}
