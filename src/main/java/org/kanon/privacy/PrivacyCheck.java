package org.kanon.privacy;

import org.jooq.DSLContext;
import org.kanon.frequency.FrequencySets;
import org.kanon.frequency.FrequencySummary;
import org.kanon.frequency.SensitiveColumn;
import org.kanon.frequency.SourceIntegrity;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;

/**
 * Checks a table at one node of the lattice under a privacy model: validates the request against the data (NULLs,
 * the model's feasibility on the whole table, values missing from hierarchies), then lets the database compute the
 * verdict in one statement.
 */
public final class PrivacyCheck {
    private final DSLContext ctx;

    public PrivacyCheck(DSLContext ctx) {
        this.ctx = ctx;
    }

    public CheckResult check(StarSchema schema, LevelVector node, PrivacyModel model, SuppressionLimit suppression) {
        schema.validate(node);
        SourceIntegrity integrity = new SourceIntegrity(ctx);
        long rows = integrity.checkNullsAndCount(schema);
        FrequencySets sets = new FrequencySets(ctx);
        FrequencySummary summary;
        if (model.sensitive().isPresent()) {
            SensitiveColumn sensitive = feasibleSensitiveColumn(schema, model);
            summary = sets.summarize(schema, node, model, sensitive);
        } else {
            model.checkFeasible(ClassStatistics.ofSize(rows), schema.fact().displayName());
            summary = sets.summarize(schema, node, model.k());
        }
        if (summary.rows() != rows) {
            throw integrity.missingFromHierarchies(schema, rows, summary.rows());
        }
        return new CheckResult(node, model, rows, summary.classes(), summary.smallestClass(), summary.rowsBelowK(),
                summary.classesBelowK(), suppression.allowance(rows));
    }

    /**
     * The model's sensitive column, after the checks every search and check makes before it starts: the column is
     * not a QI, the named values occur, and the whole table meets the model (else no release can).
     */
    public SensitiveColumn feasibleSensitiveColumn(StarSchema schema, PrivacyModel model) {
        SensitiveColumn sensitive = SensitiveColumn.of(schema, model.sensitive().orElseThrow());
        sensitive.requireValuesPresent(ctx);
        model.checkFeasible(new FrequencySets(ctx).wholeTable(schema, sensitive), schema.fact().displayName());
        return sensitive;
    }
}
