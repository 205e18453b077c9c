package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;

/** The command-line contract of issue 2, end to end on a real database. */
class KanonCliTest {
    @TempDir
    Path tmp;

    private static void assertOneLineError(CliRun.Result r, String... fragments) {
        assertEquals(ExitCodes.USAGE, r.exitCode(), r.toString());
        String err = r.err().strip();
        assertFalse(err.contains("\n"), "one line: " + err);
        assertTrue(err.startsWith("kanon: "), err);
        for (String f : fragments) {
            assertTrue(err.contains(f), "'" + f + "' in: " + err);
        }
        assertFalse(err.contains("Exception"), "no stack trace: " + err);
    }

    private static CliRun.Result ok(CliRun cli, String... args) {
        CliRun.Result r = cli.run(args);
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        return r;
    }

    @DatabaseTest
    @DisplayName("import, hierarchy import, check, release, list, show, export, drop on the Patients table")
    void walkThrough(ConnectionSettings settings) throws Exception {
        CliRun cli = new CliRun(settings);
        assertTrue(ok(cli, "import", PaperTables.PATIENTS_CSV.toString(), "--table", "patients").out().contains("imported 6 rows"));
        ok(cli, "hierarchy", "import", "--table", "patients", "--dir", PaperTables.PAPERS.toString(), "--prefix", PaperTables.PATIENTS_PREFIX);
        assertTrue(ok(cli, "hierarchy", "list", "--table", "patients").out().toLowerCase().contains("zipcode\t2"));

        CliRun.Result notAnonymous = cli.run("check", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--levels", "0,0");
        assertEquals(ExitCodes.NOT_MET, notAnonymous.exitCode(), notAnonymous.toString());
        assertTrue(notAnonymous.out().contains("2-anonymity: no"), notAnonymous.out());
        assertTrue(ok(cli, "check", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--levels", "1,0").out()
                .contains("2-anonymity: yes"));
        ok(cli, "check", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--levels", "0,0", "--suppression", "2");

        CliRun.Result refused = cli.run("release", "--table", "patients", "--qi", "sex,zipcode", "--levels", "0,0", "--k", "2", "--name", "p0");
        assertEquals(ExitCodes.NOT_MET, refused.exitCode(), refused.toString());
        assertTrue(ok(cli, "release", "list").out().strip().lines().count() == 1, "nothing registered after a refusal");

        CliRun.Result released = ok(cli, "release", "--table", "patients", "--qi", "sex,zipcode", "--levels", "1,0", "--k", "2",
                "--name", "patients_k2", "--identifying", "birthdate");
        assertTrue(released.out().contains("6 of 6 rows"), released.out());
        assertTrue(ok(cli, "release", "list").out().contains("patients_k2"));
        CliRun.Result show = ok(cli, "release", "show", "patients_k2");
        assertTrue(show.out().contains("re-check SQL"), show.out());

        CliRun.Result again = cli.run("release", "--table", "patients", "--qi", "sex,zipcode", "--levels", "1,0", "--k", "2", "--name", "patients_k2");
        assertOneLineError(again, "already exists", "--replace");

        Path csv = tmp.resolve("out.csv");
        assertTrue(ok(cli, "export", "patients_k2", "--csv", csv.toString()).out().contains("exported 6 rows"));
        List<String> lines = Files.readAllLines(csv);
        assertEquals(7, lines.size());
        assertEquals(3, lines.get(0).split(",").length, "birthdate dropped: " + lines.get(0));
        assertTrue(lines.stream().skip(1).allMatch(l -> l.contains("Person")), lines.toString());

        ok(cli, "release", "drop", "patients_k2");
        assertOneLineError(cli.run("release", "show", "patients_k2"), "release 'patients_k2' not found");
    }

    @DatabaseTest
    @DisplayName("bad parameters: unknown QI column, k < 1, k above the row count, level above the height — one line, exit 2")
    void badParameters(ConnectionSettings settings) {
        CliRun cli = new CliRun(settings);
        ok(cli, "import", PaperTables.PATIENTS_CSV.toString(), "--table", "patients");
        ok(cli, "hierarchy", "import", "--table", "patients", "--dir", PaperTables.PAPERS.toString(), "--prefix", PaperTables.PATIENTS_PREFIX);
        assertOneLineError(cli.run("check", "--table", "patients", "--qi", "sex,zip", "--k", "2"), "column 'zip' not found", "ZIPCODE".toLowerCase().equals("zipcode") ? "" : "");
        assertOneLineError(cli.run("check", "--table", "patients", "--qi", "sex", "--k", "0"), "--k", "at least 1");
        assertOneLineError(cli.run("check", "--table", "patients", "--qi", "sex", "--k", "7"), "--k: 7 is larger than the 6 row(s)");
        assertOneLineError(cli.run("check", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--levels", "1,3"),
                "level 3", "height 2");
        assertOneLineError(cli.run("check", "--table", "patients", "--qi", "disease", "--k", "2", "--levels", "1"),
                "no hierarchy bound");
        assertOneLineError(cli.run("check", "--table", "patients", "--qi", "sex", "--k", "2", "--suppression", "lots"), "--suppression");
        assertOneLineError(cli.run("check", "--table", "nope", "--qi", "sex", "--k", "2"), "table 'nope' not found");
        assertOneLineError(cli.run("check", "--table", "patients", "--qi", "sex", "--k", "two"), "--k");
        assertOneLineError(cli.run("frobnicate"), "frobnicate");
        assertEquals(0, new CliRun(settings).run("release", "list").out().strip().lines().skip(1).count());
    }

    @DatabaseTest
    @DisplayName("a table name carrying SQL is one quoted identifier, never executed")
    void sqlInTableNameIsNeverExecuted(ConnectionSettings settings) throws Exception {
        CliRun cli = new CliRun(settings);
        ok(cli, "import", PaperTables.PATIENTS_CSV.toString(), "--table", "y");
        String hostile = "x; DROP TABLE y";
        assertOneLineError(cli.run("check", "--table", hostile, "--qi", "sex", "--k", "1"), "table 'x; DROP TABLE y' not found");
        ok(cli, "import", PaperTables.PATIENTS_CSV.toString(), "--table", hostile);
        ok(cli, "check", "--table", hostile, "--qi", "sex", "--k", "3");
        ok(cli, "check", "--table", "y", "--qi", "sex", "--k", "3");
        Path csv = tmp.resolve("hostile.csv");
        ok(cli, "export", hostile, "--csv", csv.toString());
        assertEquals(7, Files.readAllLines(csv).size());
        // a release name carrying SQL is just an odd relation name in KANON_RELEASE
        ok(cli, "release", "--table", "y", "--qi", "sex", "--levels", "0", "--k", "3", "--name", "r\"; DROP TABLE y; --");
        ok(cli, "check", "--table", "y", "--qi", "sex", "--k", "3");
        assertTrue(ok(cli, "release", "show", "r\"; DROP TABLE y; --").out().contains("rows:              6 in, 6 out"));
    }
}
