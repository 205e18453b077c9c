package org.kanon.release.metrics;

import java.util.List;
import java.util.Locale;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.db.KanonSchemas;
import org.kanon.permutation.metrics.TwoTableLayout;
import org.kanon.permutation.metrics.TwoTableMetrics;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.TwoTableRecheckQuery;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;

/**
 * The permutation paper's figures ({@link TwoTableMetrics}) of a registered two-table release: where its tables are,
 * read from the register here, so the metrics themselves know nothing of releases.
 */
public final class TwoTableReleaseMetrics {
    private TwoTableReleaseMetrics() {
    }

    public static TwoTableMetrics.Figures of(Database db, ReleaseRecord release) {
        return TwoTableMetrics.of(db.dsl(), layout(db, release));
    }

    /** The layout of a registered release; a single-table release or a lost table is a user error. */
    public static TwoTableLayout layout(Database db, ReleaseRecord r) {
        if (!r.twoTables()) {
            throw new InvalidInputException("release " + r.name() + " is a single table (" + r.recoding().toLowerCase(Locale.ROOT)
                    + " recoding); the two-table figures (NCP of the partition, Theorem 1, Lemma 1, RCE) need a permutation or anatomy release");
        }
        String catalog = db.identifiers().namespace(KanonSchemas.CATALOG);
        TableResolver resolver = new TableResolver(db);
        SourceTable partition = resolver.find(new TableResolver.TableName(catalog, r.partitionRelation(), true))
                .orElseThrow(() -> new InvalidInputException("release " + r.name() + ": its partition record " + catalog + "."
                        + r.partitionRelation() + " no longer exists"));
        for (String table : List.of(r.relationName(), r.sensitiveRelation())) {
            if (resolver.find(new TableResolver.TableName(r.relationSchema(), table, true)).isEmpty()) {
                throw new InvalidInputException("release " + r.name() + ": its table " + r.relationSchema() + "." + table + " no longer exists");
            }
        }
        // the writer names the group id column GID (quoted); looked up like any column, so its stored case does not matter
        Column gid = partition.column(TwoTableRecheckQuery.GID);
        return new TwoTableLayout(DSL.name(r.relationSchema(), r.relationName()), DSL.name(r.relationSchema(), r.sensitiveRelation()),
                DSL.name(partition.schema(), partition.name()), partition.columns(r.qiNames()), gid.name(),
                partition.column(r.sensitiveAttribute()).name(), r.k(), ReleaseRecord.PERMUTATION.equals(r.recoding()));
    }
}
