package org.kanon.privacy;

import org.jooq.DSLContext;
import org.kanon.frequency.FrequencySets;
import org.kanon.frequency.FrequencySummary;
import org.kanon.frequency.SourceIntegrity;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;

/**
 * Checks a table at one node of the lattice: validates the request against the data (NULLs, k against the row
 * count, values missing from hierarchies), then lets the database compute the verdict in one GROUP BY.
 */
public final class KAnonymityCheck {
    private final DSLContext ctx;

    public KAnonymityCheck(DSLContext ctx) {
        this.ctx = ctx;
    }

    public CheckResult check(StarSchema schema, LevelVector node, KAnonymity model, SuppressionLimit suppression) {
        schema.validate(node);
        SourceIntegrity integrity = new SourceIntegrity(ctx);
        long rows = integrity.checkNullsAndCount(schema);
        model.checkAgainst(rows, schema.fact().displayName());
        FrequencySummary summary = new FrequencySets(ctx).summarize(schema, node, model.k());
        if (summary.rows() != rows) {
            throw integrity.missingFromHierarchies(schema, rows, summary.rows());
        }
        return new CheckResult(node, model, rows, summary.classes(), summary.smallestClass(), summary.rowsBelowK(),
                summary.classesBelowK(), suppression.allowance(rows));
    }
}
