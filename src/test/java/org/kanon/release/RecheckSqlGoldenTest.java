package org.kanon.release;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Types;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.Database;
import org.kanon.privacy.AlphaKAnonymity;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.LDiversity;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.privacy.Share;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/**
 * The re-check SQL a release stores, captured as the builders rendered it before issue 20 moved the model-specific
 * parts into the models: {@code kanon verify} compares the stored text with a rebuilt one, so any change in rendering
 * would report every existing release as altered. The strings below must never change.
 */
class RecheckSqlGoldenTest {
    private static final Column SEX = new Column("sex", 1, Types.VARCHAR, "VARCHAR", 10, 0, true);
    private static final Column ZIP = new Column("zipcode", 2, Types.INTEGER, "INTEGER", 10, 0, true);
    private static final Column DISEASE = new Column("disease", 3, Types.VARCHAR, "VARCHAR", 20, 0, true);
    private static final Column AGE = new Column("age", 4, Types.INTEGER, "INTEGER", 10, 0, true);
    private static final List<String> QIS = List.of("sex", "zipcode");

    static Map<String, String> rendered(DSLContext ctx) {
        SensitiveAttribute flu = new SensitiveAttribute("disease", List.of("Flu", "HIV"));
        SensitiveAttribute anyDisease = new SensitiveAttribute("disease", List.of());
        SensitiveAttribute age = new SensitiveAttribute("age", List.of("30", "40"));
        Map<String, PrivacyModel> models = new LinkedHashMap<>();
        models.put("k", new KAnonymity(2));
        models.put("alpha-simple", new AlphaKAnonymity(3, Share.parse("alpha", "0.5"), flu));
        models.put("alpha-general", new AlphaKAnonymity(2, Share.parse("alpha", "0.25"), anyDisease));
        models.put("l-distinct", new LDiversity(2, 3, LDiversity.Form.DISTINCT, anyDisease));
        models.put("l-frequency", new LDiversity(1, 2, LDiversity.Form.FREQUENCY, anyDisease));
        models.put("alpha-simple-numeric", new AlphaKAnonymity(2, Share.parse("alpha", "0.3"), age));
        Map<String, String> sql = new LinkedHashMap<>();
        for (Map.Entry<String, PrivacyModel> e : models.entrySet()) {
            PrivacyModel m = e.getValue();
            Column sensitive = m.sensitive().map(s -> s.column().equals("age") ? AGE : DISEASE).orElse(null);
            for (SuppressMode mode : SuppressMode.values()) {
                sql.put("global " + e.getKey() + " " + mode, ctx.renderInlined(
                        RecheckQuery.build(ctx, "KANON_RELEASE", "R1", QIS, m, sensitive, mode)));
            }
            sql.put("local " + e.getKey(), ctx.renderInlined(
                    LocalRecheckQuery.build(ctx, "KANON_RELEASE", "R2", QIS, m, sensitive)));
        }
        SourceTable source = new SourceTable("APP", "PATIENTS", List.of(SEX, ZIP, DISEASE, AGE));
        sql.put("two-table", ctx.renderInlined(TwoTableRecheckQuery.build(ctx, source, List.of(SEX, ZIP), DISEASE,
                DSL.name("KANON_RELEASE", "P_PQT"), DSL.name("KANON_RELEASE", "P_PST"), DSL.name("KANON", "P_PARTITION"), 3)));
        sql.put("two-table numeric", ctx.renderInlined(TwoTableRecheckQuery.build(ctx, source, List.of(SEX, DISEASE), AGE,
                DSL.name("KANON_RELEASE", "P_QIT"), DSL.name("KANON_RELEASE", "P_ST"), DSL.name("KANON", "P_PARTITION"), 2)));
        return sql;
    }

    @DatabaseTest
    @DisplayName("The re-check SQL of every model and release kind renders exactly as before the models built their own parts")
    void recheckSqlIsByteIdentical(TestDatabases.Kind kind, Database db) {
        Map<String, String> actual = rendered(db.dsl());
        Map<String, String> expected = switch (kind) {
            case DERBY -> RecheckSqlGolden.DERBY;
            case MARIADB -> RecheckSqlGolden.MARIADB;
            case POSTGRES -> RecheckSqlGolden.POSTGRES;
            case DUCKDB -> RecheckSqlGolden.DUCKDB;
            default -> throw new AssertionError("no golden re-check SQL for " + kind);
        };
        if (System.getProperty("kanon.printGolden") != null) {
            StringBuilder out = new StringBuilder();
            actual.forEach((k, v) -> out.append(k).append('\t').append(v.replace("\\", "\\\\").replace("\n", "\\n")).append('\n'));
            try {
                java.nio.file.Files.writeString(java.nio.file.Path.of("target", "golden-" + kind + ".txt"), out);
            } catch (java.io.IOException x) {
                throw new java.io.UncheckedIOException(x);
            }
        }
        for (Map.Entry<String, String> e : expected.entrySet()) {
            assertEquals(e.getValue(), actual.get(e.getKey()), e.getKey());
        }
        assertEquals(expected.keySet(), actual.keySet());
    }
}
