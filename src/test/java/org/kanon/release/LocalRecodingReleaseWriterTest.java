package org.kanon.release;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.db.KanonSchemas;
import org.kanon.db.Relations;
import org.kanon.local.TopDown;
import org.kanon.local.TopDownResult;
import org.kanon.privacy.AlphaKAnonymity;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.LDiversity;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.privacy.Share;
import org.kanon.schema.SourceTable;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;

class LocalRecodingReleaseWriterTest {
    private static final List<String> TABLE1_QI = List.of("job", "birth", "postcode");

    private static long registered(Database db) {
        return db.dsl().fetchCount(DSL.table(db.ours(KanonSchemas.CATALOG, "releases")));
    }

    private static LocalReleaseRequest request(String name, TopDownResult result, Set<String> identifying, boolean replace) {
        return new LocalReleaseRequest(name, result, identifying, replace, TopDown.ALGORITHM);
    }

    @DatabaseTest
    @DisplayName("a local release is a registered TABLE (recoding LOCAL, levels 'local', the model's name) whose re-check returns no row")
    void registersTheRelease(Database db) {
        SourceTable t5 = PaperTables.alphak(db, "alphak-table5");
        TopDownResult result = new TopDown().anonymize(db, t5, t5.columns(List.of("postcode")), new KAnonymity(2));
        ReleaseRecord r = new LocalRecodingReleaseWriter(db).write(request("t5_local", result, Set.of("No"), false));
        assertEquals(ReleaseRecord.LOCAL, r.recoding());
        assertEquals("local", r.levels());
        assertEquals("2-anonymity", r.privacyModel());
        assertEquals("TABLE", r.kind());
        assertEquals(TopDown.ALGORITHM, r.algorithm());
        assertEquals(4, r.rowsIn());
        assertEquals(4, r.rowsOut());
        assertEquals(2, r.classes());
        assertEquals(2, r.smallestClass());
        assertEquals(0, db.dsl().fetch(r.recheckSql()).size());
        ReleaseRecord stored = new ReleaseRegister(db).require("t5_local");
        assertEquals(r.recheckSql(), stored.recheckSql());
        assertEquals(ReleaseRecord.LOCAL, stored.recoding());
        var fields = db.dsl().select().from(DSL.table(DSL.name(r.relationSchema(), r.relationName()))).fetch().fields();
        assertEquals(List.of(t5.column("postcode").name()), Arrays.stream(fields).map(f -> f.getName()).toList(),
                "identifying No is dropped");

        assertThrows(InvalidInputException.class, () -> new LocalRecodingReleaseWriter(db).write(request("t5_local", result, Set.of(), false)));
        ReleaseRecord again = new LocalRecodingReleaseWriter(db).write(request("t5_local", result, Set.of(), true));
        assertEquals(1, registered(db));
        assertEquals(2, db.dsl().select().from(DSL.table(DSL.name(again.relationSchema(), again.relationName()))).fetch().fields().length);
    }

    @DatabaseTest
    @DisplayName("a failure after the table is filled, or after the register row, leaves neither table nor register row")
    void failureLeavesNothing(Database db) {
        SourceTable t1 = PaperTables.alphak(db, "alphak-table1");
        PrivacyModel model = new AlphaKAnonymity(2, Share.parse("--alpha", "0.5"), new SensitiveAttribute("illness", List.of("HIV")));
        TopDownResult result = new TopDown().anonymize(db, t1, t1.columns(TABLE1_QI), model);
        for (ReleaseTransaction.Stage stage : ReleaseTransaction.Stage.values()) {
            LocalRecodingReleaseWriter writer = new LocalRecodingReleaseWriter(db);
            writer.failAt(stage);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> writer.write(request("t1_fail", result, Set.of(), false)));
            assertTrue(e.getMessage().contains(stage.name()), e.getMessage());
            assertFalse(Relations.exists(db.dsl(), db.identifiers().namespace(KanonSchemas.RELEASES), db.identifiers().fold("t1_fail")), stage.name());
            assertEquals(0, registered(db), stage.name());
        }
        assertEquals(6, db.dsl().fetchCount(t1.table()), "the source is untouched");
    }

    @DatabaseTest
    @DisplayName("the stored re-check of every model kind finds a class that no longer meets it (all illnesses set to HIV)")
    void recheckCatchesViolations(Database db) {
        SourceTable t1 = PaperTables.alphak(db, "alphak-table1");
        String illness = t1.column("illness").name();
        List<PrivacyModel> models = List.of(
                new AlphaKAnonymity(2, Share.parse("--alpha", "0.5"), new SensitiveAttribute("illness", List.of("HIV"))),
                new AlphaKAnonymity(2, Share.parse("--alpha", "0.5"), new SensitiveAttribute("illness", List.of())),
                new LDiversity(2, 2, LDiversity.Form.FREQUENCY, new SensitiveAttribute("illness", List.of())),
                new LDiversity(1, 2, LDiversity.Form.DISTINCT, new SensitiveAttribute("illness", List.of())));
        int i = 0;
        for (PrivacyModel model : models) {
            TopDownResult result = new TopDown().anonymize(db, t1, t1.columns(TABLE1_QI), model);
            ReleaseRecord r = new LocalRecodingReleaseWriter(db).write(request("t1_m" + i++, result, Set.of(), false));
            assertEquals(0, db.dsl().fetch(r.recheckSql()).size(), model + ": " + r.recheckSql());
            assertEquals(model.toString(), r.privacyModel());
            db.dsl().update(DSL.table(DSL.name(r.relationSchema(), r.relationName())))
                    .set(DSL.field(DSL.name(illness), String.class), "HIV").execute();
            assertFalse(db.dsl().fetch(r.recheckSql()).isEmpty(), model + " re-check misses the violation: " + r.recheckSql());
        }
    }
}
