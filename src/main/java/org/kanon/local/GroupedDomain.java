package org.kanon.local;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.kanon.db.Database;
import org.kanon.privacy.Domain;
import org.kanon.privacy.Requirement;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.hierarchy.Hierarchy;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * A {@link Requirement} bound to a {@link GroupedTable}: its one sensitive column's values are the table's value
 * codes (so a class's counts per code are its histogram), their rows in the whole table the reference distribution,
 * a numeric column's values numbers again (ordered distance ranks them), and the column's bound hierarchy read when
 * a criterion asks for it.
 */
public final class GroupedDomain {
    private GroupedDomain() {
    }

    /** Bound with what the database holds about the sensitive column (its type, its hierarchy). */
    public static Requirement.Bound bind(Database db, SourceTable source, GroupedTable table, Requirement requirement) {
        String named = requirement.sensitiveColumns().get(0);
        Column column = source.column(named);
        Optional<Hierarchy> hierarchy = requirement.readsSensitiveHierarchy(named)
                ? new HierarchyCatalog(db).hierarchy(source, column) : Optional.empty();
        return bind(table, requirement, column.isNumeric(), hierarchy);
    }

    /** Bound to the table alone: {@code numeric} says whether the values are numbers, {@code hierarchy} the sensitive column's. */
    public static Requirement.Bound bind(GroupedTable table, Requirement requirement, boolean numeric, Optional<Hierarchy> hierarchy) {
        if (requirement.sensitiveColumns().size() != 1) {
            throw new IllegalArgumentException("a grouped table holds one sensitive column, the requirement reads " + requirement.sensitiveColumns());
        }
        List<Object> values = new ArrayList<>();
        for (int code = 0; code < table.sensitiveValueCount(); code++) {
            String text = table.sensitiveText(code);
            values.add(numeric && text != null ? new BigDecimal(text.trim()) : text);
        }
        long[] counts = new long[values.size()];
        for (int g = 0; g < table.groupCount(); g++) {
            counts[table.sensitiveCode(g)] += table.group(g).count();
        }
        return requirement.bind(new Domain(List.of(new Domain.SensitiveValues(requirement.sensitiveColumns().get(0), values, counts, hierarchy))));
    }
}
