package org.kanon.frequency;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.jooq.DSLContext;
import org.kanon.lattice.LevelVector;
import org.kanon.lattice.Node;
import org.kanon.privacy.CheckResult;
import org.kanon.privacy.Requirement;
import org.kanon.privacy.SuppressionLimit;
import org.kanon.progress.Step;
import org.kanon.schema.Column;
import org.kanon.schema.hierarchy.Hierarchy;

/**
 * A {@link Requirement}'s memory executor, loaded the one way the search and the release's check both use: the
 * requirement's zero-level set read and checked (NULLs, leaves, the population a superset of the table), the
 * criteria bound to the table's distributions and hierarchies, the whole table's feasibility refused up front.
 */
public record RequirementLoad(MemoryExecutor executor, Requirement.Bound bound, long rows) {

    /**
     * {@code hierarchies} gives the hierarchy bound to a sensitive column of the fact table, if any; {@code inTransaction}:
     * {@code ctx} is a transaction's (see {@link ZeroLevelSet#readDetailed}).
     */
    public static RequirementLoad load(DSLContext ctx, StarSchema schema, DetailColumns detail,
                                       Function<Column, Optional<Hierarchy>> hierarchies, boolean inTransaction, Step step) {
        Requirement requirement = detail.requirement();
        ZeroLevelSet zero = ZeroLevelSet.readDetailed(ctx, schema, detail, inTransaction, step).requireNullsMapped();
        if (!schema.profile().groupsZeroLevelInJvm()) {
            new SourceIntegrity(ctx).requireExactLeaves(schema);
        }
        Map<String, Hierarchy> bound = new HashMap<>();
        for (int i = 0; i < detail.sensitive().size(); i++) {
            String named = requirement.sensitiveColumns().get(i);
            if (requirement.readsSensitiveHierarchy(named)) {
                hierarchies.apply(detail.sensitive().get(i)).ifPresent(h -> bound.put(named, h));
            }
        }
        Requirement.Bound judged = requirement.bind(zero.domain(bound));
        judged.checkFeasible(zero.wholeDetail(), schema.fact().displayName());
        return new RequirementLoad(MemoryExecutor.loadRequirement(ctx, zero, judged), judged, zero.rows());
    }

    /** The verdict on one node, as {@link PrivacyCheck#check} gives it for the classic models. */
    public CheckResult check(LevelVector node, SuppressionLimit suppression) {
        int[] attributes = new int[node.size()];
        for (int a = 0; a < attributes.length; a++) {
            attributes[a] = a;
        }
        FrequencySummary s = executor.scan(new Node(attributes, node.toArray())).summarize(bound.requirement().k());
        return new CheckResult(node, bound.requirement(), rows, s.classes(), s.smallestClass(), s.rowsBelowK(), s.classesBelowK(),
                suppression.allowance(rows));
    }
}
