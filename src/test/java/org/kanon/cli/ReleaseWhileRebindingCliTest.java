package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.release.ReleaseRegister;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/**
 * Issue 19, items 13 and 17: a view release and a hierarchy --replace of its source at the same moment on PostgreSQL.
 * The release pauses inside its transaction, its view over the dimension tables written and not committed
 * ({@code kanon.test.pauseInRelease}); the binder, started then, waits for it on the table's hierarchy lock, then
 * finds the view release in the register and refuses with exit 2, naming it. Without that lock the binder got past
 * the register (the release not yet committed) and failed dropping the dimension table under the view (2BP01, exit 3).
 */
class ReleaseWhileRebindingCliTest {
    private static final Duration PAUSE = Duration.ofSeconds(15);

    @Test
    @DisplayName("PostgreSQL: hierarchy import --replace while a view release of the table is being made waits, then is refused (exit 2)")
    void binderWaitsForARelease() throws Exception {
        assumeTrue(TestDatabases.pgUrl() != null, TestDatabases.PG_VARIABLE + " is not set: PostgreSQL only");
        ConnectionSettings settings = TestDatabases.fresh(TestDatabases.Kind.POSTGRES);
        try {
            new CliRun(settings).withPaperTable("incognito-patients", "patients", PaperTables.PATIENTS_PREFIX);
            try (KanonProcess release = KanonProcess.start(settings, List.of("-Dkanon.test.pauseInRelease=" + PAUSE.toMillis()),
                    "release", "--table", "patients", "--qi", "sex,zipcode", "--levels", "0,1", "--k", "2", "--suppression", "2", "--name", "r");
                 KanonProcess binder = startBinderWhenPaused(settings, release)) {
                long started = System.nanoTime();
                while (waitingOnLocks(settings) < 1) {
                    assertTrue(System.nanoTime() - started < PAUSE.toNanos() - 3_000_000_000L, "the binder did not wait: " + binder);
                    Thread.sleep(100);
                }
                assertEquals(0, release.awaitExit(Duration.ofSeconds(120)), release.toString());
                assertEquals(ExitCodes.USAGE, binder.awaitExit(Duration.ofSeconds(120)), binder.toString());
                assertTrue(binder.err().contains("is read by view release(s) r"), binder.toString());
            }
            try (Database db = Database.open(settings)) {
                assertEquals(1, new ReleaseRegister(db).list().size());
                assertEquals(4, db.dsl().fetchCount(org.jooq.impl.DSL.table(org.jooq.impl.DSL.name("kanon_release", "r"))));
            }
        } finally {
            TestDatabases.dispose(settings);
        }
    }

    private static KanonProcess startBinderWhenPaused(ConnectionSettings settings, KanonProcess release) throws Exception {
        assertTrue(release.awaitErr("written, not committed", Duration.ofSeconds(120)), release.toString());
        return KanonProcess.start(settings, List.of(), "hierarchy", "import", "--table", "patients", "--dir",
                PaperTables.PAPERS.toString(), "--prefix", PaperTables.PATIENTS_PREFIX, "--replace");
    }

    /** Sessions of the test's database waiting on a lock (an advisory lock, or a relation another holds). */
    private static int waitingOnLocks(ConnectionSettings settings) throws Exception {
        String database = settings.url().replaceFirst("^.*/([^/?]+)(\\?.*)?$", "$1");
        try (Connection c = DriverManager.getConnection(TestDatabases.pgUrl(), TestDatabases.pgUser(), null);
             PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM pg_stat_activity WHERE datname = ? AND wait_event_type = 'Lock'")) {
            s.setString(1, database);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }
}
