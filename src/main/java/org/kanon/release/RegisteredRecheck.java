package org.kanon.release;

import org.kanon.schema.TableResolver;

import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.schema.hierarchy.HierarchyCatalog;

import java.util.List;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import org.kanon.db.Identifiers;
import org.kanon.db.KanonSchemas;
import org.kanon.privacy.PrivacyModel;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;

/**
 * The re-check statement of a registered release, built again from the register's facts by the builders the
 * writers use ({@link RecheckQuery}, {@link LocalRecheckQuery}, {@link TwoTableRecheckQuery}), rendered as they store
 * it. What the register's {@code recheck_sql} must equal: a stored text that differs was altered, and is never run.
 */
public final class RegisteredRecheck {
    private RegisteredRecheck() {
    }

    /**
     * The statement for {@code r}, whose source is {@code source} and whose privacy model, read back from the
     * register, is {@code model}; {@code catalog} folds kanon's schema names as the writers did.
     */
    public static String sql(Database db, ReleaseRecord r, SourceTable source, PrivacyModel model) {
        DSLContext ctx = db.dsl();
        Identifiers catalog = db.identifiers();
        List<String> qis = r.qiNames();
        if (model.requirement().isPresent() && ReleaseRecord.LOCAL.equals(r.recoding())) {
            return ctx.renderInlined(RequirementSql.localRecheck(db, ctx, r.relationSchema(), r.relationName(), source, qis,
                    model.requirement().get()));
        }
        if (model.requirement().isPresent()) {
            // a full-domain release: its re-check generalizes the population by the levels registered
            StarSchema schema = StarSchema.of(source, qis, new HierarchyCatalog(db));
            int[] levels = r.globalLevels();
            if (levels == null || levels.length != qis.size() || ReleaseRecord.LOCAL.equals(r.recoding())) {
                throw new InvalidInputException("release " + r.name() + ": a requirement's release is registered with its levels");
            }
            return ctx.renderInlined(RequirementSql.recheck(db, ctx, r.relationSchema(), r.relationName(), schema,
                    new LevelVector(levels), model.requirement().get(),
                    model.requirement().get().population().map(p -> new TableResolver(db).resolve(p)).orElse(null)));
        }
        Column sensitive = r.sensitiveAttribute() == null ? null : source.column(r.sensitiveAttribute());
        if (r.twoTables()) {
            List<Column> qiColumns = source.columns(qis);
            return ctx.renderInlined(TwoTableRecheckQuery.build(ctx, source, qiColumns, sensitive,
                    DSL.name(r.relationSchema(), r.relationName()), DSL.name(r.relationSchema(), r.sensitiveRelation()),
                    DSL.name(catalog.namespace(KanonSchemas.CATALOG), r.partitionRelation()), r.k()));
        }
        if (ReleaseRecord.LOCAL.equals(r.recoding())) {
            return ctx.renderInlined(LocalRecheckQuery.build(ctx, r.relationSchema(), r.relationName(), qis, model, sensitive));
        }
        return ctx.renderInlined(RecheckQuery.build(ctx, r.relationSchema(), r.relationName(), qis, model, sensitive,
                SuppressMode.parse(r.suppressMode())));
    }
}
