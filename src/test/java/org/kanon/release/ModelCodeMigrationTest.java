package org.kanon.release;

import static org.junit.jupiter.api.Assertions.*;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jooq.Name;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.db.KanonSchemas;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.local.TopDown;
import org.kanon.privacy.AlphaKAnonymity;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.LDiversity;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.privacy.Share;
import org.kanon.privacy.SuppressionLimit;
import org.kanon.schema.SourceTable;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.CatalogHistory;
import org.kanon.verify.ReleaseVerification;

/**
 * Releases registered by a kanon older than catalog V9 (a display text, no model code) are read and verified after
 * the migration, which gives each its code, and still when a row has none (an older kanon writing to a V9 catalog).
 */
class ModelCodeMigrationTest {
    private static final List<String> TABLE1_QI = List.of("job", "birth", "postcode");

    @DatabaseTest
    @DisplayName("A model stored by a kanon before V9 gets its code from V9 and still verifies, and so does a row without a code")
    void olderReleasesStillVerify(ConnectionSettings settings) {
        Map<String, String> codes = new LinkedHashMap<>();
        try (Database db = Database.open(settings)) {
            SourceTable t1 = PaperTables.alphak(db, "alphak-table1");
            List<PrivacyModel> models = List.of(new KAnonymity(2),
                    new AlphaKAnonymity(2, Share.parse("--alpha", "0.5"), new SensitiveAttribute("illness", List.of("HIV"))),
                    new AlphaKAnonymity(2, Share.parse("--alpha", "0.5"), new SensitiveAttribute("illness", List.of())),
                    new LDiversity(2, 2, LDiversity.Form.FREQUENCY, new SensitiveAttribute("illness", List.of())),
                    new LDiversity(1, 2, LDiversity.Form.DISTINCT, new SensitiveAttribute("illness", List.of())));
            for (int i = 0; i < models.size(); i++) {
                ReleaseRecord r = new LocalRecodingReleaseWriter(db).write(new LocalReleaseRequest("old_m" + i,
                        new TopDown().anonymize(db, t1, t1.columns(TABLE1_QI), models.get(i)), Set.of(), false, TopDown.ALGORITHM));
                assertEquals(models.get(i).code(), r.modelCode());
                codes.put(r.name(), r.modelCode());
            }
            SourceTable patients = PaperTables.patients(db);
            StarSchema schema = StarSchema.of(patients, List.of("sex", "zipcode"), new HierarchyCatalog(db));
            ReleaseRecord global = new ReleaseWriter(db).release(new ReleaseRequest("old_global", schema, new LevelVector(1, 0),
                    new KAnonymity(2), SuppressionLimit.NONE, SuppressMode.REMOVE, false, false, Set.of(), "full-domain")).release();
            codes.put(global.name(), "k-anonymity;k=2");

            if (!db.profile().runsSharedMigrations()) {
                // MariaDB's catalog starts at V10 (one file): there never was a V8 catalog to upgrade, so only a row
                // without a code (below) applies; its history is that one migration
                Table<?> history = DSL.table(DSL.name(db.identifiers().namespace(KanonSchemas.CATALOG), "flyway_schema_history"));
                assertEquals(List.of("10"), db.dsl().select(DSL.field(DSL.name("version"), String.class)).from(history)
                        .where(DSL.field(DSL.name("version")).isNotNull()).fetch(0, String.class));
                db.dsl().update(DSL.table(db.ours(KanonSchemas.CATALOG, "releases")))
                        .set(DSL.field(DSL.name(db.identifiers().fold("model_code")), String.class), (String) null).execute();
            }
            // the catalog as V8 left it: no model_code, no V9 or later in Flyway's history, and a row of before V2
            if (db.profile().runsSharedMigrations()) {
                db.dsl().alterTable(db.ours(KanonSchemas.CATALOG, "releases")).dropColumn(DSL.name(db.identifiers().fold("model_code"))).execute();
                CatalogHistory.forgetAfter(db, 8);
            }
            db.dsl().update(DSL.table(db.ours(KanonSchemas.CATALOG, "releases")))
                    .set(DSL.field(DSL.name(db.identifiers().fold("privacy_model")), String.class), "k-anonymity")
                    .where(DSL.field(DSL.name(db.identifiers().fold("release_name")), String.class).eq("old_global")).execute();
        }
        try (Database db = Database.open(settings)) {
            ReleaseRegister register = new ReleaseRegister(db);
            for (Map.Entry<String, String> e : codes.entrySet()) {
                ReleaseRecord r = register.require(e.getKey());
                assertEquals(db.profile().runsSharedMigrations() ? e.getValue() : null, r.modelCode(), "V9's code for " + r.privacyModel());
                assertEquals(List.of(), new ReleaseVerification(db).verify(r, 10), r.name());
            }
            db.dsl().update(DSL.table(db.ours(KanonSchemas.CATALOG, "releases")))
                    .set(DSL.field(DSL.name(db.identifiers().fold("model_code")), String.class), (String) null).execute();
            for (Map.Entry<String, String> e : codes.entrySet()) {
                ReleaseRecord r = register.require(e.getKey());
                assertNull(r.modelCode());
                assertEquals(e.getValue(), r.model().orElseThrow().code(), "read from the text " + r.privacyModel());
                assertEquals(List.of(), new ReleaseVerification(db).verify(r, 10), r.name());
            }
        }
    }
}
