package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import java.util.List;
import org.jooq.Record;
import org.jooq.Result;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/**
 * Issue 32, item 19: {@code anonymize --replace --materialize} killed with SIGKILL in the middle of writing the new
 * release (a real subprocess, paused by the fault injection {@code kanon.test.pauseInRelease} once the new relation is
 * written and re-checked, before it is registered) leaves the old release whole and registered. On MariaDB, whose DROP
 * and CREATE commit by themselves, the old table used to be dropped first: the name was left with no release, or an
 * empty unregistered table a reader could read.
 */
class ReplaceCrashTest {
    private static final String[] RELEASE = {"anonymize", "--table", "patients", "--qi", "sex,zipcode", "--materialize", "--name", "r"};

    @DatabaseTest(only = {TestDatabases.Kind.POSTGRES, TestDatabases.Kind.MARIADB}) // a process of its own, killed: on a server
    @DisplayName("A replacement killed with SIGKILL while it writes leaves the old release whole and registered")
    void aKilledReplaceKeepsTheOldRelease(ConnectionSettings settings) throws Exception {
        CliRun cli = new CliRun(settings).withPaperTable("incognito-patients", "patients", PaperTables.PATIENTS_PREFIX);
        CliRun.Result first = cli.run(with(RELEASE, "--k", "2"));
        assertEquals(0, first.exitCode(), first.toString());
        ReleaseRecord old;
        Result<Record> oldRows;
        List<String> relations;
        try (Database db = Database.open(settings)) {
            old = new ReleaseRegister(db).require("r");
            oldRows = rows(db, old);
            relations = WorkerCrashTest.Catalog.relations(db, "KANON_RELEASE");
        }

        try (KanonProcess victim = KanonProcess.start(settings, List.of("-Dkanon.test.pauseInRelease=60000"),
                with(RELEASE, "--k", "3", "--replace"))) {
            assertTrue(victim.awaitErr("written, not committed", Duration.ofSeconds(120)), victim.toString());
            victim.kill();
        }

        try (Database db = Database.open(settings)) {
            ReleaseRecord registered = new ReleaseRegister(db).require("r");
            assertEquals(List.of(old.levels(), old.k(), old.createdAt()), List.of(registered.levels(), registered.k(), registered.createdAt()),
                    "the old release is registered");
            assertEquals(oldRows, rows(db, old), "the old table is whole");
        }
        assertEquals(0, cli.run("verify", "r").exitCode(), "the old release verifies");

        // the replacement then succeeds, and what the killed writer left aside is gone
        CliRun.Result replaced = cli.run(with(RELEASE, "--k", "3", "--replace"));
        assertEquals(0, replaced.exitCode(), replaced.toString());
        try (Database db = Database.open(settings)) {
            assertEquals(3, new ReleaseRegister(db).require("r").k());
            assertEquals(relations, WorkerCrashTest.Catalog.relations(db, "KANON_RELEASE"), "the release table alone");
        }
    }

    private static String[] with(String[] args, String... more) {
        List<String> all = new java.util.ArrayList<>(List.of(args));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    private static Result<Record> rows(Database db, ReleaseRecord r) {
        var t = DSL.table(DSL.name(r.relationSchema(), r.relationName()));
        return db.dsl().selectFrom(t).orderBy(DSL.field(DSL.name("disease"))).fetch();
    }
}
