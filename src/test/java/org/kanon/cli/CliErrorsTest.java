package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;
import picocli.CommandLine;

/** What the command line says when something goes wrong: help, typos, unknown algorithms, unexpected errors. */
class CliErrorsTest {

    @Test
    @DisplayName("every command and subcommand answers --help with its usage, exit 0, even without its required options")
    void everySubcommandHasHelp() {
        List<List<String>> paths = new ArrayList<>();
        collect(Kanon.commandLine(new Kanon()), new ArrayList<>(), paths);
        assertTrue(paths.size() > 20, paths.toString());
        // picocli warns about a description it cannot format (an unescaped %) on System.err, not on the command's err
        java.io.PrintStream stderr = System.err;
        java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            for (List<String> path : paths) {
                List<String> args = new ArrayList<>(path);
                args.add("--help");
                CliRun.Result r = CliRun.execute(new Kanon().withEnvironment(Map.of()), args.toArray(String[]::new));
                assertEquals(ExitCodes.OK, r.exitCode(), String.join(" ", args) + "\n" + r);
                assertTrue(r.out().startsWith("Usage: kanon"), String.join(" ", args) + "\n" + r);
                assertFalse(r.out().contains("%n"), String.join(" ", args) + ": an unformatted description\n" + r.out());
                assertEquals("", r.err(), String.join(" ", args));
                assertEquals("", warnings.toString(java.nio.charset.StandardCharsets.UTF_8), String.join(" ", args));
            }
        } finally {
            System.setErr(stderr);
        }
    }

    private static void collect(CommandLine cl, List<String> prefix, List<List<String>> into) {
        for (var e : cl.getSubcommands().entrySet()) {
            if (e.getKey().equals("help")) {
                continue; // picocli's own help command takes the command to explain, not --help
            }
            List<String> path = new ArrayList<>(prefix);
            path.add(e.getKey());
            into.add(path);
            collect(e.getValue(), path, into);
        }
    }

    @Test
    @DisplayName("a mistyped command or option: one line, exit 2, with the nearest names")
    void didYouMeanForCommandsAndOptions() {
        CliRun.Result command = CliRun.execute(new Kanon().withEnvironment(Map.of()), "anonymise", "--table", "t");
        CliRun.assertRefused(command, "'anonymise'", "; did you mean anonymize?");
        CliRun.Result option = CliRun.execute(new Kanon().withEnvironment(Map.of()), "anonymize", "--tabel", "t");
        CliRun.assertRefused(option, "'--tabel'", "did you mean --table?");
    }

    @Test
    @DisplayName("--algorithm incognitto: refused with the nearest name and every algorithm, local recodings and two-table ones too")
    void unknownAlgorithmListsEveryAlgorithm() {
        CliRun.Result r = CliRun.execute(new Kanon().withEnvironment(Map.of()), "--db", "jdbc:derby:memory:never;create=true",
                "anonymize", "--table", "t", "--qi", "a", "--k", "2", "--algorithm", "incognitto");
        CliRun.assertRefused(r, "unknown algorithm 'incognitto'; did you mean incognito or eincognito?");
        for (String name : List.of("incognito", "eincognito", "incognito-superroots", "incognito-cube", "samarati", "bottomup",
                "bottomup-rollup", "bruteforce", "topdown", "kaca1", "kaca2", "mondrian", "forest", "factor2", "factor3", "exact",
                "permutation", "anatomy")) {
            assertTrue(r.err().contains(" " + name + ",") || r.err().contains(" " + name + ")"), name + " in " + r.err());
        }
        assertEquals("; did you mean kaca1 or kaca2?", Suggestions.closest("kaca", Algorithms.names()));
        assertEquals("", Suggestions.closest("zzzzzzzz", Algorithms.names()));
    }

    /** A command that fails the way a database does on a row it cannot take: the value is in the driver's message. */
    @CommandLine.Command(name = "too-wide")
    static final class TooWideValue implements Callable<Integer> {
        static final String VALUE = "Married-spouse-absent";
        private final ConnectionSettings settings;
        private final boolean enforcesLength;

        /** {@code enforcesLength}: false where VARCHAR(n)'s n is not enforced (DuckDB): the value goes to an INTEGER. */
        TooWideValue(ConnectionSettings settings, boolean enforcesLength) {
            this.settings = settings;
            this.enforcesLength = enforcesLength;
        }

        @Override
        public Integer call() {
            try (Database db = Database.open(settings)) {
                var t = DSL.table(DSL.name("narrow"));
                // DuckDB's failed conversion quotes the value, as a too-long value's error may elsewhere
                db.dsl().createTable(t).column("v", enforcesLength ? SQLDataType.VARCHAR(5) : SQLDataType.INTEGER).execute();
                db.dsl().insertInto(t).values(VALUE).execute();
            }
            return ExitCodes.OK;
        }
    }

    @DatabaseTest
    @DisplayName("an unexpected database error: exit 3, one line with the exception's class and SQLState, never the row's value; KANON_DEBUG=1 adds the trace")
    void unexpectedErrorIsOneLineWithoutValues(TestDatabases.Kind kind, ConnectionSettings settings) {
        for (boolean debug : new boolean[] {false, true}) {
            Kanon kanon = new Kanon().withEnvironment(debug ? Map.of("KANON_DEBUG", "1") : Map.of());
            CommandLine cl = Kanon.commandLine(kanon);
            cl.addSubcommand("too-wide", new TooWideValue(settings, kind != TestDatabases.Kind.DUCKDB));
            var out = new java.io.StringWriter();
            var err = new java.io.StringWriter();
            cl.setOut(new java.io.PrintWriter(out, true));
            cl.setErr(new java.io.PrintWriter(err, true));
            int code = cl.execute("too-wide");
            assertEquals(ExitCodes.BUG, code, err.toString());
            String first = err.toString().lines().findFirst().orElse("");
            // DuckDB's driver sets no SQLState (jOOQ cannot classify the error); its profile derives the class
            String expected = kind == TestDatabases.Kind.DUCKDB ? "org.jooq.exception.DataAccessException, SQLState 22000"
                    : "org.jooq.exception.DataException, SQLState 22001";
            assertTrue(first.startsWith("kanon: internal error (please report it): " + expected + ", caused by "), first);
            assertTrue(first.contains("at org.kanon.cli.CliErrorsTest$TooWideValue.call("), first);
            if (debug) {
                assertTrue(err.toString().lines().count() > 5, "the stack trace with KANON_DEBUG=1\n" + err);
                assertTrue(err.toString().contains("\tat org.kanon.cli.CliErrorsTest$TooWideValue.call("), err.toString());
            } else {
                assertEquals(1, err.toString().lines().count(), err.toString());
                assertFalse(err.toString().contains(TooWideValue.VALUE), err.toString());
                assertTrue(first.endsWith("(KANON_DEBUG=1 prints the stack trace)"), first);
            }
            try (Database db = Database.open(settings)) {
                db.dsl().dropTable(DSL.name("narrow")).execute();
            }
        }
    }
}
