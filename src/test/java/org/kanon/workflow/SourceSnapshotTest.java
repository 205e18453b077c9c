package org.kanon.workflow;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.jooq.Record;
import org.jooq.impl.DSL;
import org.kanon.db.Database;
import org.kanon.schema.SourceTable;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/** A query source is copied by kanon's own SQL: the snapshot holds the query's rows, typed as the database describes them. */
class SourceSnapshotTest {

    @DatabaseTest
    void theSnapshotHoldsTheQuerysRowsAndTypes(TestDatabases.Kind kind, Database db) {
        db.dsl().execute("CREATE TABLE people (id BIGINT NOT NULL, name VARCHAR(20) NOT NULL, code CHAR(2), born DATE, "
                + "seen TIMESTAMP, amount DECIMAL(31,7), ratio DOUBLE PRECISION, n INTEGER)");
        db.dsl().execute("CREATE TABLE towns (id BIGINT NOT NULL, town VARCHAR(30) NOT NULL)");
        // MariaDB casts to DATETIME (its TIMESTAMP is a column type only)
        String timestamp = kind == TestDatabases.Kind.MARIADB ? "DATETIME" : "TIMESTAMP";
        db.dsl().execute("INSERT INTO people VALUES (1, 'Ann', 'ab', CAST('2001-02-03' AS DATE), CAST('2020-01-02 03:04:05' AS " + timestamp + "), "
                + "123456789012345678901234.1234567, 0.25, 7)");
        db.dsl().execute("INSERT INTO people VALUES (2, 'Bob', NULL, NULL, NULL, NULL, NULL, NULL)");
        db.dsl().execute("INSERT INTO towns VALUES (1, 'Lyon')");
        // the outer join's town is NULL for Bob although towns.town is NOT NULL: every snapshot column is nullable
        String query = "SELECT p.id, p.name, p.code, p.born, p.seen, p.amount, p.ratio, p.n, t.town "
                + "FROM people p LEFT JOIN towns t ON t.id = p.id";
        Spec spec = new Spec("s", null, query, "name", null, 1, null, null, null, null, null, null, null, null, null, null, "r", null, null);
        SourceSnapshot snapshots = new SourceSnapshot(db);
        SourceTable snapshot = snapshots.prepare(spec, "r", 1);
        List<? extends Record> copied = db.dsl().selectFrom(snapshot.table()).orderBy(DSL.field(DSL.name(db.identifiers().fold("id")))).fetch();
        List<? extends Record> read = db.dsl().fetch(query + " ORDER BY p.id");
        assertEquals(read.size(), copied.size());
        for (int i = 0; i < read.size(); i++) {
            assertEquals(read.get(i).intoList(), copied.get(i).intoList(), "row " + i);
        }
        // the columns as the result sets describe them (jOOQ's Meta reads MariaDB's databases as catalogs)
        var columns = db.dsl().selectFrom(snapshot.table()).limit(0).fetch().fields();
        var source = db.dsl().selectFrom(DSL.table(DSL.name(db.currentSchema(), db.identifiers().fold("people")))).limit(0).fetch().fields();
        for (int i = 0; i < source.length; i++) {
            assertEquals(source[i].getDataType().getTypeName(), columns[i].getDataType().getTypeName(), source[i].getName());
            assertEquals(source[i].getDataType().length(), columns[i].getDataType().length(), source[i].getName());
            assertEquals(source[i].getDataType().precision(), columns[i].getDataType().precision(), source[i].getName());
            assertEquals(source[i].getDataType().scale(), columns[i].getDataType().scale(), source[i].getName());
        }
        snapshots.discardIfSnapshot(snapshot);
        if (kind == TestDatabases.Kind.POSTGRES) {
            // PostgreSQL's unbounded types stay unbounded: text, numeric, varchar without a length
            Spec unbounded = new Spec("u", null, "SELECT CAST('abc' AS text) AS t, CAST(1.25 AS numeric) AS u, CAST('x' AS varchar) AS v",
                    "t", null, 1, null, null, null, null, null, null, null, null, null, null, "u", null, null);
            SourceTable copy = snapshots.prepare(unbounded, "u", 2);
            assertEquals(List.of("text", "numeric", "character varying"), db.dsl().fetch("SELECT data_type FROM information_schema.columns "
                    + "WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position", copy.schema(), copy.name()).getValues(0, String.class));
            assertEquals(List.of("abc", "1.25", "x"), db.dsl().selectFrom(copy.table()).fetchOne().intoList().stream().map(String::valueOf).toList());
            snapshots.discardIfSnapshot(copy);
        }
    }

    /**
     * A release name near the database's limit (Derby 128 characters, PostgreSQL 63 bytes — which it would silently
     * truncate to) still gets a snapshot of its own: the name is shortened to fit, stays unique per run, and is found
     * again when a dead run's snapshot is cleaned up.
     */
    @DatabaseTest
    void aLongReleaseNameGetsASnapshotNameThatFits(Database db) {
        db.dsl().execute("CREATE TABLE people (id INTEGER NOT NULL, name VARCHAR(20) NOT NULL)");
        db.dsl().execute("INSERT INTO people VALUES (1, 'Ann')");
        SourceSnapshot snapshots = new SourceSnapshot(db);
        for (String release : List.of("r".repeat(126), "\u00e9t\u00e9".repeat(30))) {
            Spec spec = new Spec("s", null, "SELECT id, name FROM people", "name", null, 1, null, null, null, null, null, null, null,
                    null, null, null, release, null, null);
            SourceTable first = snapshots.prepare(spec, release, 1234567);
            SourceTable second = snapshots.prepare(spec, release, 1234568);
            for (SourceTable t : List.of(first, second)) {
                assertTrue(db.identifiers().fits(t.name()), t.name());
                assertTrue(t.name().toUpperCase(java.util.Locale.ROOT).matches(".*_SRC123456[78]"), t.name());
                assertTrue(snapshots.isSnapshot(t.schema(), t.name()), t.name());
                assertEquals(List.of(1, "Ann"), db.dsl().selectFrom(t.table()).fetchOne().intoList());
            }
            assertNotEquals(first.name(), second.name());
            // a dead run's snapshot is found by its release and run, and dropped
            snapshots.discardAbandoned(release, 1234567);
            snapshots.discardAbandoned(release, 1234568);
            for (SourceTable t : List.of(first, second)) {
                assertFalse(org.kanon.db.Relations.exists(db.dsl(), t.schema(), t.name()), t.name());
            }
        }
    }
}
