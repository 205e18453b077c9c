package org.kanon.permutation;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.kanon.db.Database;
import org.kanon.local.GroupLoader;
import org.kanon.local.GroupedTable;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.progress.Progress;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;

/**
 * The source's rows as the partitioning reads them (one GROUP BY over the QI columns and the sensitive value as
 * text, expanded to rows in memory) with the values as the database gave them, for writing them back.
 */
public record PermutationInput(SourceTable source, List<Column> qis, Column sensitive, Microdata data, List<List<Object>> qiValues,
                               List<String> sensitiveText) {

    public static PermutationInput load(Database db, SourceTable source, List<Column> qis, Column sensitive) {
        return load(db, source, qis, sensitive, Progress.NONE);
    }

    /** As above, the GROUP BY a step of {@code progress}. */
    public static PermutationInput load(Database db, SourceTable source, List<Column> qis, Column sensitive, Progress progress) {
        GroupedTable groups = new GroupLoader(db, progress).load(source, qis, Optional.of(new SensitiveAttribute(sensitive.name(), List.of())));
        List<List<Object>> values = new ArrayList<>();
        for (int q = 0; q < qis.size(); q++) {
            values.add(new ArrayList<>());
        }
        List<String> s = new ArrayList<>();
        for (int g = 0; g < groups.groupCount(); g++) {
            GroupedTable.Group group = groups.group(g);
            for (long c = 0; c < group.count(); c++) {
                for (int q = 0; q < qis.size(); q++) {
                    values.get(q).add(group.raw().get(q));
                }
                s.add(group.sensitive());
            }
        }
        List<Microdata.Column> columns = new ArrayList<>();
        for (int q = 0; q < qis.size(); q++) {
            columns.add(new Microdata.Column(qis.get(q).name(), numeric(qis.get(q)), values.get(q)));
        }
        return new PermutationInput(source, qis, sensitive, Microdata.of(columns, s), values, s);
    }

    /** Columns whose values have a numeric order measure NCP by range. */
    static boolean numeric(Column c) {
        return switch (c.jdbcType()) {
            case java.sql.Types.TINYINT, java.sql.Types.SMALLINT, java.sql.Types.INTEGER, java.sql.Types.BIGINT, java.sql.Types.DECIMAL,
                    java.sql.Types.NUMERIC, java.sql.Types.REAL, java.sql.Types.FLOAT, java.sql.Types.DOUBLE -> true;
            default -> false;
        };
    }
}
