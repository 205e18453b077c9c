package org.kanon.workflow;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.kanon.cli.SpecEngine;
import org.kanon.db.Database;
import org.kanon.testing.Await;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/**
 * A worker that dies after its release committed but before it wrote the outcome back: recovery completes the
 * request (DONE, the run RELEASED) instead of running the spec a second time; and the dead run, should it wake up,
 * cannot overwrite what recovery wrote.
 */
class RecoveryAfterCommitTest {

    @DatabaseTest
    void aRequestWhoseReleaseCommittedIsCompletedNotRerun(Database db) throws Exception {
        PaperTables.patients(db);
        TestDatabases.sql(db).execute("INSERT INTO kanon.specs (spec_name, source_table, quasi_identifiers, k, release_name) "
                + "VALUES ('p', 'patients', 'birthdate,sex,zipcode', 2, 'pub')");
        RequestQueue queue = new RequestQueue(db);
        int id = queue.submit("p", false);
        RequestQueue.Claim claim = queue.claim("ghost", Duration.ofMillis(300)).orElseThrow();
        assertEquals(id, claim.id());

        // the ghost's engine commits the release, then the ghost hangs (as if killed) without finishing
        CountDownLatch committed = new CountDownLatch(1);
        CountDownLatch wake = new CountDownLatch(1);
        SpecRunner.Engine hangsAfterCommit = (d, spec, source, name, replace) -> {
            SpecRunner.Execution e = new SpecEngine().release(d, spec, source, name, replace);
            committed.countDown();
            try {
                wake.await();
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
            return e;
        };
        Spec spec = new SpecStore(db).require("p");
        List<SpecRunner.Outcome> ghostOutcome = new ArrayList<>();
        Thread ghost = new Thread(() -> ghostOutcome.add(new SpecRunner(db, hangsAfterCommit).run(spec, false, id, "ghost")));
        ghost.setDaemon(true);
        ghost.start();
        committed.await();
        // past the ghost's 300 ms lease (no heartbeat kept it) as recovery sees it: lease_until before the database's clock
        Await.until("the ghost's lease to run out", Duration.ofSeconds(30), () -> TestDatabases.sql(db).fetchCount(
                TestDatabases.sql(db).select().from("kanon.requests").where("status = 'RUNNING'").and(org.jooq.impl.DSL.field(
                        org.jooq.impl.DSL.name(db.identifiers().fold("lease_until")), java.time.LocalDateTime.class).lt(db.profile().currentTime()))) == 1);

        List<String> log = new ArrayList<>();
        // on Derby the ghost holds the database's turn for runs; recovery itself needs none
        int ran = new Worker(db, new SpecRunner(db, new SpecEngine()), "rescuer", Duration.ofSeconds(5), log::add).drain();
        assertEquals(0, ran, "nothing left to run: " + log);

        var request = queue.find(id).orElseThrow();
        assertEquals("DONE", request.status(), request.toString());
        assertEquals("pub", request.releaseName());
        assertEquals(1, request.attempts());
        assertTrue(request.error().contains("after its release committed"), request.error());
        var runs = new SpecRuns(db).list("p", 10);
        assertEquals(1, runs.size());
        assertEquals("RELEASED", runs.get(0).status());
        assertEquals(6L, runs.get(0).rowsIn());
        assertEquals(List.of("pub"), TestDatabases.sql(db).fetch("SELECT release_name FROM kanon.releases").getValues(0, String.class));

        // the ghost wakes and tries to write its outcome: recovery's verdict stays
        wake.countDown();
        ghost.join(30_000);
        assertEquals("DONE", queue.find(id).orElseThrow().status());
        assertEquals("RELEASED", new SpecRuns(db).list("p", 10).get(0).status());
    }

    @DatabaseTest
    void runsOutsideTheQueueWhoseProcessDiedAreClosedByTheNextRun(Database db) {
        PaperTables.patients(db);
        TestDatabases.sql(db).execute("INSERT INTO kanon.specs (spec_name, source_table, quasi_identifiers, k, release_name) "
                + "VALUES ('p', 'patients', 'birthdate,sex,zipcode', 2, 'pub')");
        Spec spec = new SpecStore(db).require("p");
        // a `kanon run` killed before its release committed: RUNNING, lease long gone
        var runs = org.jooq.impl.DSL.table(org.jooq.impl.DSL.name(db.identifiers().namespace("KANON"), db.identifiers().fold("SPEC_RUNS")));
        java.time.LocalDateTime past = java.time.LocalDateTime.now().minusHours(1);
        db.dsl().insertInto(runs)
                .set(org.jooq.impl.DSL.field(org.jooq.impl.DSL.name(db.identifiers().fold("SPEC_NAME"))), "p")
                .set(org.jooq.impl.DSL.field(org.jooq.impl.DSL.name(db.identifiers().fold("STATUS"))), "RUNNING")
                .set(org.jooq.impl.DSL.field(org.jooq.impl.DSL.name(db.identifiers().fold("RELEASE_NAME"))), "pub_v9")
                .set(org.jooq.impl.DSL.field(org.jooq.impl.DSL.name(db.identifiers().fold("RESERVED_NAME"))), "PUB_V9")
                .set(org.jooq.impl.DSL.field(org.jooq.impl.DSL.name(db.identifiers().fold("RUN_BY"))), "someone")
                .set(org.jooq.impl.DSL.field(org.jooq.impl.DSL.name(db.identifiers().fold("LEASE_UNTIL")), java.time.LocalDateTime.class), past)
                .set(org.jooq.impl.DSL.field(org.jooq.impl.DSL.name(db.identifiers().fold("STARTED_AT")), java.time.LocalDateTime.class), past)
                .execute();

        SpecRunner.Outcome o = new SpecRunner(db, new SpecEngine()).run(spec, false, null, null);
        assertTrue(o.released(), o.toString());
        var all = new SpecRuns(db).list("p", 10);
        assertEquals(2, all.size());
        SpecRuns.Run dead = all.get(1);
        assertEquals("FAILED", dead.status(), dead.toString());
        assertTrue(dead.error().contains("lease ran out"), dead.error());
        assertNull(dead.releaseName());
        assertEquals("RELEASED", all.get(0).status());
    }
}
