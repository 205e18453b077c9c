package org.kanon.release;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Set;
import org.jooq.Record;
import org.jooq.Result;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.db.KanonSchemas;
import org.kanon.db.Relations;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.SuppressionLimit;
import org.kanon.schema.SourceTable;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;

class ReleaseWriterTest {

    private static StarSchema sexZip(Database db, SourceTable patients) {
        return StarSchema.of(patients, List.of("sex", "zipcode"), new HierarchyCatalog(db));
    }

    private static ReleaseRequest request(Database db, SourceTable patients, String name, LevelVector node, String suppression,
                                          SuppressMode mode, boolean materialize, boolean replace) {
        return new ReleaseRequest(name, sexZip(db, patients), node, new KAnonymity(2), SuppressionLimit.parse(suppression),
                mode, materialize, replace, Set.of(), "full-domain");
    }

    private static Result<Record> rows(Database db, ReleaseRecord r) {
        return db.dsl().select().from(DSL.table(DSL.name(r.relationSchema(), r.relationName()))).fetch();
    }

    private static long registered(Database db) {
        return db.dsl().fetchCount(DSL.table(db.ours(KanonSchemas.CATALOG, "releases")));
    }

    @DatabaseTest
    @DisplayName("Patients released at <S1, Z0> with k=2: a view of 6 rows, Sex = Person, re-check SQL returns nothing")
    void releasesAViewAndRegistersIt(Database db) {
        SourceTable patients = PaperTables.patients(db);
        ReleaseOutcome outcome = new ReleaseWriter(db).release(
                request(db, patients, "patients_k2", new LevelVector(1, 0), "0", SuppressMode.REMOVE, false, false));
        assertTrue(outcome.released());
        ReleaseRecord r = outcome.release();
        assertEquals("VIEW", r.kind());
        assertEquals(Relations.Kind.VIEW, Relations.kind(db.dsl(), r.relationSchema(), r.relationName()).orElseThrow());
        Result<Record> rows = rows(db, r);
        assertEquals(6, rows.size());
        String sex = patients.column("sex").name();
        assertTrue(rows.stream().allMatch(x -> "Person".equals(x.get(sex))), "Sex generalized to S1 = Person");
        assertEquals(4, rows.fields().length, "birthdate, sex, zipcode, disease are all kept");
        assertEquals(6, r.rowsIn());
        assertEquals(6, r.rowsOut());
        assertEquals(0, r.rowsSuppressed());
        assertEquals(3, r.classes());
        assertEquals(2, r.smallestClass());
        assertEquals("1,0", r.levels());
        assertFalse(r.createdBy().isBlank());
        assertTrue(r.recheckSql().toUpperCase().contains("HAVING COUNT(*) < 2"), r.recheckSql());
        // the stored statement runs by hand, as a DPO would paste it, and finds no class below k
        assertEquals(0, db.dsl().fetch(r.recheckSql()).size());
        assertEquals(1, registered(db));
        assertEquals(r.name(), new ReleaseRegister(db).require("PATIENTS_K2").name());
    }

    @DatabaseTest
    @DisplayName("Rows of classes below k are removed, or kept with every QI starred; the source is never modified")
    void suppressionRemovesOrStarsSmallClasses(Database db) {
        SourceTable patients = PaperTables.patients(db);
        Result<Record> before = db.dsl().select().from(patients.table()).fetch();
        ReleaseWriter writer = new ReleaseWriter(db);
        // <S0, Z0>: (Male, 53715) and (Female, 53715) are alone in their classes
        assertFalse(writer.release(request(db, patients, "r0", new LevelVector(0, 0), "1", SuppressMode.REMOVE, false, false)).released(),
                "2 rows below k do not fit a 1-row allowance");
        assertEquals(0, registered(db));
        ReleaseRecord removed = writer.release(request(db, patients, "removed", new LevelVector(0, 0), "2", SuppressMode.REMOVE, false, false)).release();
        assertEquals(4, removed.rowsOut());
        assertEquals(2, removed.rowsSuppressed());
        assertEquals(4, rows(db, removed).size());
        ReleaseRecord starred = writer.release(request(db, patients, "starred", new LevelVector(0, 0), "33.4%", SuppressMode.STAR, true, false)).release();
        assertEquals("TABLE", starred.kind());
        Result<Record> rows = rows(db, starred);
        assertEquals(6, rows.size());
        String sex = patients.column("sex").name();
        String zip = patients.column("zipcode").name();
        assertEquals(2, rows.stream().filter(x -> "*".equals(x.get(sex)) && "*".equals(x.get(zip))).count());
        assertEquals(0, db.dsl().fetch(starred.recheckSql()).size());
        assertEquals(before, db.dsl().select().from(patients.table()).fetch(), "source table unchanged");
    }

    @DatabaseTest
    @DisplayName("Identifying columns are dropped from the release")
    void identifyingColumnsAreDropped(Database db) {
        SourceTable patients = PaperTables.patients(db);
        String disease = patients.column("disease").name();
        ReleaseRecord r = new ReleaseWriter(db).release(new ReleaseRequest("no_disease", sexZip(db, patients),
                new LevelVector(1, 0), new KAnonymity(2), SuppressionLimit.NONE, SuppressMode.REMOVE, false, false,
                Set.of(disease), "full-domain")).release();
        Result<Record> rows = rows(db, r);
        assertNull(rows.field(disease));
        assertEquals(3, rows.fields().length);
    }

    @DatabaseTest
    @DisplayName("A release interrupted after its relation was created leaves neither the relation nor a register row")
    void interruptedReleaseLeavesNothing(Database db) {
        SourceTable patients = PaperTables.patients(db);
        for (ReleaseTransaction.Stage stage : ReleaseTransaction.Stage.values()) {
            for (boolean materialize : new boolean[] {false, true}) {
                ReleaseWriter writer = new ReleaseWriter(db);
                writer.failAt(stage);
                ReleaseRequest req = request(db, patients, "interrupted", new LevelVector(1, 0), "0", SuppressMode.REMOVE, materialize, false);
                assertThrows(IllegalStateException.class, () -> writer.release(req));
                assertFalse(Relations.exists(db.dsl(), db.identifiers().namespace(KanonSchemas.RELEASES), db.identifiers().fold("interrupted")),
                        "no relation after failure at " + stage);
                assertEquals(0, registered(db), "no register row after failure at " + stage);
            }
        }
        // and the same release then succeeds
        assertTrue(new ReleaseWriter(db).release(request(db, patients, "interrupted", new LevelVector(1, 0), "0",
                SuppressMode.REMOVE, false, false)).released());
    }

    @DatabaseTest
    @DisplayName("An existing release name is an error unless --replace; replace swaps relation and register row together")
    void existingNameNeedsReplace(Database db) {
        SourceTable patients = PaperTables.patients(db);
        ReleaseWriter writer = new ReleaseWriter(db);
        writer.release(request(db, patients, "dup", new LevelVector(1, 0), "0", SuppressMode.REMOVE, false, false));
        var e = assertThrows(InvalidInputException.class,
                () -> writer.release(request(db, patients, "dup", new LevelVector(0, 2), "0", SuppressMode.REMOVE, false, false)));
        assertTrue(e.getMessage().contains("already exists") && e.getMessage().contains("--replace"), e.getMessage());
        assertEquals("1,0", new ReleaseRegister(db).require("dup").levels(), "the first release is untouched");
        ReleaseRecord replaced = writer.release(request(db, patients, "dup", new LevelVector(0, 2), "0", SuppressMode.REMOVE, true, true)).release();
        assertEquals("0,2", replaced.levels());
        assertEquals("TABLE", replaced.kind());
        assertEquals(1, registered(db));
        new ReleaseRegister(db).drop("dup");
        assertEquals(0, registered(db));
        assertFalse(Relations.exists(db.dsl(), replaced.relationSchema(), replaced.relationName()));
    }

    /**
     * Issue 32, items 15 and 19: on MariaDB every CREATE and DROP commits, so a replacement that dropped the old
     * relation and then failed left the name without a release. The new release is written aside and swapped in only
     * when complete; until then the old one is whole and registered, on every database.
     */
    @DatabaseTest
    @DisplayName("A replacement that fails at any stage leaves the old release whole and registered")
    void failedReplaceKeepsTheOldRelease(Database db) {
        SourceTable patients = PaperTables.patients(db);
        ReleaseRecord old = new ReleaseWriter(db).release(request(db, patients, "kept", new LevelVector(1, 0), "0",
                SuppressMode.REMOVE, true, false)).release();
        Result<Record> oldRows = rows(db, old);
        String releases = db.identifiers().namespace(KanonSchemas.RELEASES);
        List<String> relationsBefore = relations(db, releases);
        for (ReleaseTransaction.Stage stage : ReleaseTransaction.Stage.values()) {
            for (boolean materialize : new boolean[] {false, true}) {
                ReleaseWriter writer = new ReleaseWriter(db);
                writer.failAt(stage);
                ReleaseRequest req = request(db, patients, "kept", new LevelVector(0, 2), "0", SuppressMode.REMOVE, materialize, true);
                assertThrows(IllegalStateException.class, () -> writer.release(req));
                ReleaseRecord registered = new ReleaseRegister(db).require("kept");
                assertEquals(List.of("1,0", "TABLE"), List.of(registered.levels(), registered.kind()), "the old release after failure at " + stage);
                assertEquals(oldRows, rows(db, old), "the old relation whole after failure at " + stage);
                assertEquals(1, registered(db));
                        assertEquals(relationsBefore, relations(db, releases),
                        "nothing else left in the release schema after failure at " + stage);
            }
        }
        ReleaseRecord replaced = new ReleaseWriter(db).release(request(db, patients, "kept", new LevelVector(0, 2), "0",
                SuppressMode.REMOVE, false, true)).release();
        assertEquals(List.of("0,2", "VIEW"), List.of(replaced.levels(), replaced.kind()));
        assertNotEquals(oldRows, rows(db, replaced));
        assertEquals(1, registered(db));
    }

    private static List<String> relations(Database db, String schema) {
        return db.dsl().connectionResult(c -> {
            List<String> names = new java.util.ArrayList<>();
            try (java.sql.ResultSet rs = c.getMetaData().getTables(null, schema, "%", new String[] {"TABLE", "VIEW"})) {
                while (rs.next()) {
                    names.add(rs.getString("TABLE_NAME"));
                }
            }
            return names.stream().sorted().toList();
        });
    }
}
