package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/**
 * {@code --executor auto} whose memory executor runs out of heap falls back to the sql executor instead of exiting 3.
 * Auto's reckoning is made wrong on purpose ({@code --memory-budget 2g} in a 32 MB heap), so a small table shows what
 * a 1,000,000-group table under {@code -Xmx256m} does when the reckoning misses (e.g. hierarchies with a million
 * leaves). DuckDB and PostgreSQL make the groups in a second (range, generate_series); DuckDB's fetch reports the
 * JVM's OutOfMemoryError as an SQLException of its own, PostgreSQL's driver lets it through: both are recognized.
 */
class AutoExecutorHeapCliTest {
    /**
     * DuckDB and PostgreSQL: the two that make a million rows in a second. A process of its own: what is tested is what
     * a JVM with a 32 MB heap does when it runs out.
     */
    @DatabaseTest(only = {TestDatabases.Kind.DUCKDB, TestDatabases.Kind.POSTGRES})
    @DisplayName("auto with a budget larger than the heap: the memory executor runs out, the sql executor finishes the search; exit 0")
    void autoFallsBackToSqlWhenTheHeapRunsOut(TestDatabases.Kind kind, ConnectionSettings settings) throws Exception {
        // PostgreSQL's driver holds more per row: 300,000 groups already overrun 32 MB there
        String table = kind == TestDatabases.Kind.DUCKDB
                ? "CREATE TABLE tg AS SELECT CAST(i % 1000 AS VARCHAR) AS a, CAST(i // 1000 AS VARCHAR) AS b FROM range(1000000) r(i)"
                : "CREATE TABLE tg AS SELECT CAST(i % 1000 AS VARCHAR(4)) AS a, CAST(i / 1000 AS VARCHAR(4)) AS b"
                        + " FROM generate_series(0, 299999) g(i)";
        try (Connection c = DriverManager.getConnection(settings.url(), settings.user(), settings.password());
             Statement s = c.createStatement()) {
            s.execute(table);
        }
        CliRun cli = new CliRun(settings);
        for (String column : List.of("a", "b")) {
            CliRun.Result bound = cli.run("hierarchy", "build", "--table", "tg", "--column", column, "--spec", "mask");
            assertEquals(ExitCodes.OK, bound.exitCode(), bound.toString());
        }
        try (KanonProcess p = KanonProcess.start(settings, List.of("-Xmx32m"), "anonymize", "--table", "tg", "--qi", "a,b", "--k", "2",
                "--executor", "auto", "--memory-budget", "2g")) {
            assertEquals(ExitCodes.OK, p.awaitExit(Duration.ofMinutes(2)), p.toString());
            assertTrue(p.out().contains("with incognito on the sql executor: 15 anonymous node(s)"), p.toString());
            assertTrue(p.out().contains("auto switched to the sql executor: the heap (32 MB) ran out "), p.toString());
            assertTrue(p.out().contains("selected <a0, b1> (levels 0,1)"), p.toString());
            assertFalse(p.err().contains("out of memory"), p.toString());
        }
    }
}
