package org.kanon.frequency;

import org.jooq.DSLContext;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.CheckResult;
import org.kanon.privacy.ClassStatistics;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.SuppressionLimit;

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
        model.refuseCriteria("a check in one statement"); // NodeCheck judges requirements
        schema.validate(node);
        SourceIntegrity integrity = new SourceIntegrity(ctx);
        long rows = integrity.checkNullsAndCount(schema);
        integrity.requireExactLeaves(schema);
        FrequencySets sets = new FrequencySets(ctx);
        SensitiveColumn sensitive = requireFeasible(schema, model, rows);
        FrequencySummary summary = sensitive == null ? sets.summarize(schema, node, model.k())
                : sets.summarize(schema, node, model, sensitive);
        if (summary.rows() != rows) {
            throw integrity.missingFromHierarchies(schema, rows, summary.rows());
        }
        return new CheckResult(node, model, rows, summary.classes(), summary.smallestClass(), summary.rowsBelowK(),
                summary.classesBelowK(), suppression.allowance(rows));
    }

    /**
     * Refuses a model no release of the table can meet (see {@link #feasibleSensitiveColumn}); returns the model's
     * sensitive column, or null under k-anonymity. {@code rows} is the table's row count.
     */
    public SensitiveColumn requireFeasible(StarSchema schema, PrivacyModel model, long rows) {
        if (model.sensitive().isPresent()) {
            return feasibleSensitiveColumn(schema, model);
        }
        model.checkFeasible(ClassStatistics.ofSize(rows), schema.fact().displayName());
        return null;
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
