package org.kanon.evaluation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.release.ReleaseRecord;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.Dimension;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * The estimator that fits a registered release: {@link PermutationEstimator} for a permutation release,
 * {@link AnatomyEstimator} for Anatomy, {@link GeneralizedEstimator} for the single-table releases of every other
 * algorithm (global recoding views and tables, local recoding tables), its cells read through the hierarchies bound to
 * the release's source.
 */
public final class ReleaseEstimators {
    private final Database db;

    public ReleaseEstimators(Database db) {
        this.db = db;
    }

    public CountEstimator open(ReleaseRecord release, OriginalTable original) {
        DSLContext ctx = db.dsl();
        TableResolver resolver = new TableResolver(db);
        SourceTable relation = table(resolver, release, release.relationName());
        List<Column> qis = new ArrayList<>();
        for (Column c : original.qis()) {
            qis.add(relation.column(c.name()));
        }
        if (release.twoTables()) {
            SourceTable sensitive = table(resolver, release, release.sensitiveRelation());
            TwoTableGroups groups = TwoTableGroups.read(ctx, relation.qualifiedName(), qis, sensitive.qualifiedName(),
                    sensitive.column(original.sensitive().name()).name(), relation.column(org.kanon.release.TwoTableRecheckQuery.GID).name());
            return ReleaseRecord.PERMUTATION.equals(release.recoding()) ? new PermutationEstimator(groups) : new AnatomyEstimator(groups);
        }
        Optional<SourceTable> source = resolver.find(new TableResolver.TableName(release.sourceSchema(), release.sourceTable(), true));
        HierarchyCatalog hierarchies = new HierarchyCatalog(db);
        List<CellReader> readers = new ArrayList<>();
        for (int i = 0; i < qis.size(); i++) {
            AttributeDomain domain = original.domains().get(i);
            Optional<Dimension> d = source.flatMap(s -> s.hasColumn(domain.column().name())
                    ? hierarchies.find(s, s.column(domain.column().name())) : Optional.empty());
            Map<String, List<Object>> labels = d.map(x -> HierarchyLabels.load(ctx, x, domain.numeric())).orElse(Map.of());
            readers.add(new CellReader(domain, labels));
        }
        if (!relation.hasColumn(original.sensitive().name())) {
            throw new InvalidInputException("release " + release.name() + " has no column " + original.sensitive().name()
                    + ": the queries' sensitive predicate cannot be answered from it");
        }
        return GeneralizedEstimator.read(ctx, DSL.table(relation.qualifiedName()), qis, relation.column(original.sensitive().name()), readers);
    }

    private static SourceTable table(TableResolver resolver, ReleaseRecord release, String name) {
        return resolver.find(new TableResolver.TableName(release.relationSchema(), name, true))
                .orElseThrow(() -> new InvalidInputException("release " + release.name() + ": its relation " + release.relationSchema() + "."
                        + name + " no longer exists"));
    }
}
