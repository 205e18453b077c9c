package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jooq.Record;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.db.KanonSchemas;
import org.kanon.testing.Await;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/**
 * A worker killed with SIGKILL in the middle of a release — a real subprocess, paused by the fault injection
 * {@code kanon.test.pauseInRelease} after writing the release relation and before committing it — leaves no
 * partial release; the next worker after the lease runs the request again, or fails it with the reason when its
 * attempts are used up, and discards what the dead run left behind. On Derby the database is on disk: an embedded
 * database is open in one JVM at a time, so the test holds no connection while the victim runs.
 */
class WorkerCrashTest {
    /**
     * The victim's lease: the time the rescuer waits after the kill. Short, since nothing else claims while the victim
     * lives; its heartbeat (every third of it) keeps it while it pauses.
     */
    private static final String VICTIM_LEASE = "1s";
    private static final String PATIENTS_K2 = "INSERT INTO kanon.specs (spec_name, source_table, quasi_identifiers, k, algorithm, release_name) "
            + "VALUES ('patients_k2', 'patients', 'birthdate,sex,zipcode', 2, 'incognito', 'patients_pub')";

    @DatabaseTest
    void aKilledWorkersRequestIsRunAgainAfterTheLeaseAndReleasedOnce(TestDatabases.Kind kind, ConnectionSettings fresh, @TempDir Path dir)
            throws Exception {
        ConnectionSettings settings = settings(kind, fresh, dir);
        CliRun cli = new CliRun(settings).withPaperTable("incognito-patients", "patients", "incognito-patients_");
        Catalog before;
        try (Database db = Database.open(settings)) { // closed again before the victim starts: on Derby it opens the database
            execute(db, PATIENTS_K2, "INSERT INTO kanon.requests (spec_name) VALUES ('patients_k2')");
            before = Catalog.of(db);
        }

        killVictimInRelease(settings);
        try (Database db = Database.open(settings)) {
            assertNothingReleased(db, kind, "patients_pub");
            Record request = TestDatabases.sql(db).fetchOne("SELECT status, claimed_by, attempts FROM kanon.requests");
            assertEquals(List.of("RUNNING", "victim", 1), request.intoList(), "nothing has looked after it yet");
            assertEquals(List.of("RUNNING"), TestDatabases.sql(db).fetch("SELECT status FROM kanon.spec_runs").getValues(0, String.class));
            assertEquals(before, Catalog.of(db).withoutOrphan(kind, "patients_pub"), "the killed release's transaction left nothing");
            awaitLeaseRunOut(db);
        }
        CliRun.Result rescue = cli.run("worker", "--once", "--lease", "2s", "--name", "rescuer", "--verbose");
        assertEquals(0, rescue.exitCode(), rescue.toString());
        assertTrue(rescue.out().contains("1 request(s) run"), rescue.toString());
        assertTrue(rescue.err().contains("worker victim stopped (no heartbeat since"), rescue.toString());

        try (Database db = Database.open(settings)) {
            Record request = TestDatabases.sql(db).fetchOne("SELECT status, claimed_by, attempts, release_name, error FROM kanon.requests");
            assertEquals(List.of("DONE", "rescuer", 2, "patients_pub"), request.intoList().subList(0, 4), request.toString());
            assertNull(request.get(4), "a finished request carries no error");
            // the retry took the base name the dead run had reserved: it was freed, not skipped
            assertEquals(List.of("patients_pub"), TestDatabases.sql(db).fetch("SELECT release_name FROM kanon.releases").getValues(0, String.class));
            var runs = TestDatabases.sql(db).fetch("SELECT status, worker, release_name, release_version, error, finished_at FROM kanon.spec_runs ORDER BY id");
            assertEquals(2, runs.size(), runs.toString());
            assertEquals("FAILED", runs.get(0).get(0), runs.toString());
            assertEquals("victim", runs.get(0).get(1));
            assertNull(runs.get(0).get(2), "a failed run names no release");
            String error = runs.get(0).get(4, String.class);
            assertTrue(error.contains("worker victim") && error.contains("no heartbeat") && error.contains("queued again"), error);
            assertNotNull(runs.get(0).get(5));
            assertEquals(List.of("RELEASED", "rescuer", "patients_pub", 1), runs.get(1).intoList().subList(0, 4), runs.toString());
        }
        assertEquals(0, cli.run("verify", "patients_pub").exitCode());
        Catalog after = Catalog.of(settings);
        assertEquals(before.rows(), after.rows(), "source and hierarchy catalog unchanged");
        assertEquals(1, after.relations().size() - before.relations().size(), "exactly the one release relation is new: " + after);
    }

    @DatabaseTest
    void aKilledQuerySourceRunWithNoAttemptsLeftFailsWithTheReasonAndLeavesNoSnapshot(TestDatabases.Kind kind, ConnectionSettings fresh,
            @TempDir Path dir) throws Exception {
        ConnectionSettings settings = settings(kind, fresh, dir);
        CliRun cli = new CliRun(settings).withPaperTable("incognito-patients", "patients", "incognito-patients_");
        Catalog before;
        try (Database db = Database.open(settings)) { // closed again before the victim starts
            execute(db, "INSERT INTO kanon.specs (spec_name, source_query, quasi_identifiers, k, algorithm, target_kind, release_name) "
                    + "VALUES ('below', 'SELECT birthdate, sex, zipcode, disease FROM patients WHERE zipcode < 53715', "
                    + "'birthdate,sex,zipcode', 2, 'kaca1', 'TABLE', 'patients_low_zip')",
                    "INSERT INTO kanon.spec_hierarchies (spec_id, column_name, hierarchy_table, hierarchy_column) "
                            + "SELECT id, 'birthdate', 'patients', 'birthdate' FROM kanon.specs",
                    "INSERT INTO kanon.spec_hierarchies (spec_id, column_name, hierarchy_table, hierarchy_column) "
                            + "SELECT id, 'sex', 'patients', 'sex' FROM kanon.specs",
                    "INSERT INTO kanon.spec_hierarchies (spec_id, column_name, hierarchy_table, hierarchy_column) "
                            + "SELECT id, 'zipcode', 'patients', 'zipcode' FROM kanon.specs",
                    "INSERT INTO kanon.requests (spec_name, max_attempts) VALUES ('below', 1)");
            before = Catalog.of(db);
        }

        killVictimInRelease(settings);
        String snapshot;
        try (Database db = Database.open(settings)) {
            String catalog = db.identifiers().namespace(KanonSchemas.CATALOG).toUpperCase(Locale.ROOT);
            assertNothingReleased(db, kind, "patients_low_zip");
            int runId = ((Number) TestDatabases.sql(db).fetchValue("SELECT id FROM kanon.spec_runs")).intValue();
            // the dead run's snapshot was committed before its release began: it is there until recovery
            Catalog killed = Catalog.of(db);
            snapshot = "PATIENTS_LOW_ZIP_SRC" + runId;
            assertTrue(killed.relations().contains(catalog + "." + snapshot), killed.toString());
            assertNotEquals(before.rows(), killed.rows(), "the snapshot and its hierarchies are in the catalog");
            awaitLeaseRunOut(db);
        }
        CliRun.Result rescue = cli.run("worker", "--once", "--lease", "2s", "--name", "rescuer");
        assertEquals(0, rescue.exitCode(), rescue.toString());
        assertTrue(rescue.out().contains("0 request(s) run"), rescue.toString());

        try (Database db = Database.open(settings)) {
            Record request = TestDatabases.sql(db).fetchOne("SELECT status, claimed_by, attempts, release_name, error, finished_at FROM kanon.requests");
            assertEquals(List.of("FAILED", "victim", 1), request.intoList().subList(0, 3), request.toString());
            assertNull(request.get(3));
            String error = request.get(4, String.class);
            assertTrue(error.contains("worker victim stopped (no heartbeat since") && error.contains("no attempts left"), error);
            assertNotNull(request.get(5));
            Record run = TestDatabases.sql(db).fetchOne("SELECT status, release_name, error FROM kanon.spec_runs");
            assertEquals("FAILED", run.get(0));
            assertNull(run.get(1));
            assertEquals(error, run.get(2));
            assertNothingReleased(db, kind, "patients_low_zip");
            assertEquals(before, Catalog.of(db).withoutOrphan(kind, "patients_low_zip"),
                    "recovery discarded the snapshot " + snapshot + " with its hierarchies");
            // the spec still runs: a new request releases the base name
            execute(db, "INSERT INTO kanon.requests (spec_name) VALUES ('below')");
        }
        CliRun.Result again = cli.run("worker", "--once");
        assertTrue(again.out().contains("1 request(s) run"), again.toString());
        try (Database db = Database.open(settings)) {
            assertEquals(List.of("patients_low_zip"), TestDatabases.sql(db).fetch("SELECT release_name FROM kanon.releases").getValues(0, String.class));
        }
    }

    /**
     * Derby on disk in the test's directory (a subprocess cannot open the in-memory one the extension hands out, which
     * is never created), else the fresh database or DuckDB file itself.
     */
    private static ConnectionSettings settings(TestDatabases.Kind kind, ConnectionSettings fresh, Path dir) {
        return kind == TestDatabases.Kind.DERBY
                ? new ConnectionSettings("jdbc:derby:" + dir.resolve("db").toAbsolutePath() + ";create=true", null, null)
                : fresh;
    }

    private static void execute(Database db, String... statements) {
        for (String sql : statements) {
            TestDatabases.sql(db).execute(sql);
        }
    }

    /**
     * Starts {@code kanon worker --once --lease 1s --name victim} with the release pause, waits until its release
     * is written but not committed, and kills it (SIGKILL).
     */
    private static void killVictimInRelease(ConnectionSettings settings) throws Exception {
        try (KanonProcess victim = KanonProcess.start(settings, List.of("-Dkanon.test.pauseInRelease=60000"),
                "worker", "--once", "--lease", VICTIM_LEASE, "--name", "victim", "--verbose")) {
            assertTrue(victim.awaitErr("written, not committed", Duration.ofSeconds(120)), victim.toString());
            victim.kill();
        }
    }

    /**
     * Waits until the victim's request is past its lease as recovery sees it (RequestQueue.recover: lease_until before
     * the database's current time): its last heartbeat plus the lease, by the database's clock.
     */
    private static void awaitLeaseRunOut(Database db) {
        Await.until("the victim's lease to run out", Duration.ofSeconds(60), () -> TestDatabases.sql(db).fetchCount(
                TestDatabases.sql(db).select().from("kanon.requests").where("status = 'RUNNING'")
                        .and(DSL.field(DSL.name(db.identifiers().fold("lease_until")), java.time.LocalDateTime.class)
                                .lt(db.profile().currentTime()))) == 1);
    }

    /**
     * No release registered and no release relation; on MariaDB, whose CREATE commits by itself, the killed release's
     * staged relation ({@code kanon_new_<hash>}, never the release's own name) stays, registered by no release, until
     * the next release of the name drops it (ReleaseTarget.claim).
     */
    private static void assertNothingReleased(Database db, TestDatabases.Kind kind, String orphan) {
        assertEquals(0, TestDatabases.sql(db).fetchCount(TestDatabases.sql(db).select().from("kanon.releases")), "no release registered");
        List<String> relations = Catalog.relations(db, "KANON_RELEASE");
        if (kind == TestDatabases.Kind.MARIADB) {
            assertEquals(1, relations.size(), relations.toString());
            assertTrue(relations.get(0).startsWith((db.identifiers().namespace(KanonSchemas.RELEASES) + "." + STAGED).toUpperCase(Locale.ROOT)),
                    "only the staged relation, not " + orphan + ": " + relations);
        } else {
            assertEquals(List.of(), relations, "no release relation");
        }
    }

    /** The prefix of a release relation staged on MariaDB (ReleaseTarget.staged). */
    private static final String STAGED = "kanon_new_";

    /** Every relation of kanon's schemas and the row counts of the source and hierarchy catalog. */
    record Catalog(TreeSet<String> relations, Map<String, Integer> rows) {
        /** This catalog without the relation a killed release left on MariaDB (see assertNothingReleased). */
        Catalog withoutOrphan(TestDatabases.Kind kind, String orphan) {
            TreeSet<String> kept = new TreeSet<>(relations);
            if (kind == TestDatabases.Kind.MARIADB) {
                kept.removeIf(r -> r.contains("_KANON_RELEASE." + STAGED.toUpperCase(Locale.ROOT)));
            }
            return new Catalog(kept, rows);
        }

        static Catalog of(ConnectionSettings settings) {
            try (Database db = Database.open(settings)) {
                return of(db);
            }
        }

        static Catalog of(Database db) {
            TreeSet<String> relations = new TreeSet<>();
            for (String schema : List.of(KanonSchemas.CATALOG, KanonSchemas.DIMENSIONS, KanonSchemas.RELEASES)) {
                relations.addAll(relations(db, schema));
            }
            Map<String, Integer> rows = new TreeMap<>();
            for (String table : List.of("source_tables", "source_attributes", "hierarchies", "hierarchy_levels")) {
                rows.put(table, TestDatabases.sql(db).fetchCount(TestDatabases.sql(db).select().from("kanon." + table)));
            }
            return new Catalog(relations, rows);
        }

        /** SCHEMA.NAME (upper case) of the tables and views in a schema. */
        static List<String> relations(Database db, String schema) {
            try (Connection c = db.dataSource().getConnection();
                 ResultSet rs = c.getMetaData().getTables(null, db.identifiers().namespace(schema), "%", new String[] {"TABLE", "VIEW"})) {
                List<String> names = new java.util.ArrayList<>();
                while (rs.next()) {
                    names.add((rs.getString("TABLE_SCHEM") + "." + rs.getString("TABLE_NAME")).toUpperCase(Locale.ROOT));
                }
                return names;
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
