package org.kanon.permutation.metrics;

import java.util.List;
import org.jooq.Name;
import org.kanon.schema.Column;

/**
 * Where the three tables of a two-table release live: the QI table (PQT, or Anatomy's QIT) and the sensitive table
 * (PST or ST), joined by the group id, and the engine's private partition record (every row's QI values, sensitive
 * text and group id, un-permuted). {@code qis} are the partition record's QI columns (typed like the source's), in
 * the release's order; {@code gid} and {@code sensitive} are column names shared by the tables. The caller says
 * where a release's tables are; these figures know nothing of the release register.
 */
public record TwoTableLayout(Name qiTable, Name sensitiveTable, Name partition, List<Column> qis, String gid, String sensitive, int l,
                             boolean permuted) {

    public TwoTableLayout {
        qis = List.copyOf(qis);
    }
}
