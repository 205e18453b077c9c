package org.kanon.release;

import org.jooq.DSLContext;
import org.kanon.db.Database;
import org.kanon.frequency.DetailColumns;
import org.kanon.frequency.PrivacyCheck;
import org.kanon.frequency.RequirementLoad;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.CheckResult;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.Requirement;
import org.kanon.privacy.SuppressionLimit;
import org.kanon.progress.Step;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * The verdict on one node of the lattice ({@code kanon check}, a release's admission): the classic models' in one
 * statement ({@link PrivacyCheck}), a {@link Requirement}'s from its memory executor ({@link RequirementLoad}), which
 * keeps each class's distributions and population rows.
 */
public final class NodeCheck {
    private final Database db;

    public NodeCheck(Database db) {
        this.db = db;
    }

    public CheckResult check(StarSchema schema, LevelVector node, PrivacyModel model, SuppressionLimit suppression) {
        SourceTable population = model.requirement().flatMap(Requirement::population).map(p -> new TableResolver(db).resolve(p)).orElse(null);
        return check(db.dsl(), false, schema, node, model, suppression, population);
    }

    /** In {@code ctx} (a release's transaction), the population table resolved beforehand. */
    CheckResult check(DSLContext ctx, boolean inTransaction, StarSchema schema, LevelVector node, PrivacyModel model,
                      SuppressionLimit suppression, SourceTable population) {
        if (model.requirement().isEmpty()) {
            return new PrivacyCheck(ctx).check(schema, node, model, suppression);
        }
        schema.validate(node);
        RequirementLoad loaded = RequirementLoad.load(ctx, schema, DetailColumns.of(schema, model.requirement().get(), population),
                c -> new HierarchyCatalog(db).hierarchy(schema.fact(), c), inTransaction, Step.NONE);
        try (var executor = loaded.executor()) {
            return loaded.check(node, suppression);
        }
    }
}
