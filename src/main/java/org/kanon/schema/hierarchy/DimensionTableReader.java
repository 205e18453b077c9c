package org.kanon.schema.hierarchy;

import java.util.ArrayList;
import java.util.List;
import org.jooq.Field;
import org.jooq.Record;
import org.kanon.db.Database;

/** Reads a bound hierarchy back out of its dimension table, so another column (a query's snapshot) can take it. */
public final class DimensionTableReader {
    private final Database db;

    public DimensionTableReader(Database db) {
        this.db = db;
    }

    /** The hierarchy of {@code dimension} for {@code attribute}: rows {@code [raw, L1..Lh]}, the NULL row's raw value null. */
    public Hierarchy read(Dimension dimension, String attribute) {
        List<Field<?>> fields = new ArrayList<>();
        fields.add(dimension.key("d"));
        for (int level = 0; level <= dimension.height(); level++) {
            fields.add(dimension.level("d", level));
        }
        List<List<String>> rows = new ArrayList<>();
        for (Record r : db.dsl().select(fields).from(dimension.table("d")).fetch()) {
            List<String> row = new ArrayList<>(dimension.height() + 1);
            // the raw value in its text form (L0), null for the row that maps SQL NULL
            row.add(r.get(0) == null ? null : r.get(1, String.class));
            for (int level = 1; level <= dimension.height(); level++) {
                row.add(r.get(level + 1, String.class));
            }
            rows.add(row);
        }
        return Hierarchy.of(attribute, rows, "hierarchy of " + dimension.attribute() + " (" + dimension.displayName() + ")");
    }
}
