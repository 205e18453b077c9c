package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.DatabaseTest;

/** Issue 2's bad inputs through the command line: one line naming what and where, exit 2, nothing written. */
class BadInputCliTest {
    @TempDir
    Path tmp;

    private Path file(String name, String content) throws Exception {
        Path f = tmp.resolve(name);
        Files.writeString(f, content);
        return f;
    }

    private static boolean tableExists(CliRun cli, String table) {
        return cli.run("check", "--table", table, "--qi", "a", "--k", "1").err().contains("not found") == false;
    }

    @DatabaseTest
    @DisplayName("import: ragged row, unterminated quote, empty file, duplicate header — each refused, no table created")
    void badCsvFiles(ConnectionSettings settings) throws Exception {
        CliRun cli = new CliRun(settings);
        CliRun.assertRefused(cli.run("import", file("ragged.csv", "a,b,c\n1,2,3\n4,5\n").toString(), "--table", "t1"),
                "ragged.csv:3", "2 fields", "3");
        assertFalse(tableExists(cli, "t1"));
        CliRun.assertRefused(cli.run("import", file("quote.csv", "a,b\n1,2\n3,\"open\n5,6\n").toString(), "--table", "t2"),
                "quote.csv:3", "quote");
        assertFalse(tableExists(cli, "t2"));
        CliRun.assertRefused(cli.run("import", file("empty.csv", "").toString(), "--table", "t3"), "empty.csv", "empty");
        assertFalse(tableExists(cli, "t3"));
        CliRun.assertRefused(cli.run("import", file("dup.csv", "a,b,A\n1,2,3\n").toString(), "--table", "t4"), "dup.csv:1", "duplicate");
        assertFalse(tableExists(cli, "t4"));
        CliRun.assertRefused(cli.run("import", tmp.resolve("nope.csv").toString(), "--table", "t5"), "nope.csv");
        CliRun.assertRefused(cli.run("import", file("ok.csv", "a\n1\n").toString(), "--table", "t6", "--delimiter", "ab"), "--delimiter");
        CliRun.Result ok = cli.run("import", file("ok.csv", "a\n1\n").toString(), "--table", "t6");
        assertEquals(ExitCodes.OK, ok.exitCode(), ok.toString());
        CliRun.assertRefused(cli.run("import", file("ok.csv", "a\n1\n").toString(), "--table", "t6"), "already exists", "--replace");
    }

    @DatabaseTest
    @DisplayName("hierarchy import: a value missing from the hierarchy, a value with two parents — refused, nothing bound")
    void badHierarchies(ConnectionSettings settings) throws Exception {
        CliRun cli = new CliRun(settings);
        assertEquals(ExitCodes.OK, cli.run("import", file("p.csv", "zip,sex\n53715,Male\n53703,Female\n").toString(), "--table", "p").exitCode());
        Path missing = Files.createDirectories(tmp.resolve("missing"));
        Files.writeString(missing.resolve("p_zip.csv"), "53715;5371*;*\n");
        Files.writeString(missing.resolve("p_sex.csv"), "Male;*\nFemale;*\n");
        CliRun.Result lacking = cli.run("hierarchy", "import", "--table", "p", "--dir", missing.toString());
        CliRun.assertRefused(lacking, "p_zip.csv", "no leaf for 1 distinct value(s)", "--show-missing");
        assertFalse(lacking.err().contains("53703"), "a value of the table is data, not for an error: " + lacking.err());
        Path twoParents = Files.createDirectories(tmp.resolve("two"));
        Files.writeString(twoParents.resolve("zip.csv"), "53715;5371*;*\n53703;5370*;*\n53710;5371*;x\n");
        CliRun.assertRefused(cli.run("hierarchy", "import", "--table", "p", "--dir", twoParents.toString()), "zip.csv:3", "two parents");
        CliRun.assertRefused(cli.run("hierarchy", "import", "--table", "p", "--file", missing.resolve("p_sex.csv").toString(),
                "--column", "nope"), "column 'nope' not found");
        CliRun.Result list = cli.run("hierarchy", "list", "--table", "p");
        assertEquals(1, list.out().strip().lines().count(), "only the header line: nothing bound\n" + list.out());
        CliRun.assertRefused(cli.run("check", "--table", "p", "--qi", "zip", "--k", "1", "--levels", "1"), "no hierarchy bound");
    }

    @Test
    @DisplayName("the password comes from KANON_DB_PASSWORD only and never shows in an error")
    void passwordNeverPrinted() {
        var cl = Kanon.commandLine(new Kanon().withEnvironment(java.util.Map.of("KANON_DB_PASSWORD", "pw-s3cret")));
        var err = new java.io.StringWriter();
        cl.setErr(new java.io.PrintWriter(err, true));
        cl.setOut(new java.io.PrintWriter(new java.io.StringWriter(), true));
        int code = cl.execute("--db", "jdbc:postgresql://127.0.0.1:1/x?connectTimeout=2", "--user", "u", "release", "list");
        assertEquals(ExitCodes.USAGE, code);
        assertTrue(err.toString().startsWith("kanon: cannot connect to jdbc:postgresql://127.0.0.1:1/x"), err.toString());
        assertFalse(err.toString().contains("pw-s3cret"));
        assertEquals(ExitCodes.USAGE, Kanon.commandLine(new Kanon()).execute("--password", "x", "release", "list"),
                "there is no password option");
    }
}
