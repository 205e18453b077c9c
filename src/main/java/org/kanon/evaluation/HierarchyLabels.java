package org.kanon.evaluation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.kanon.schema.hierarchy.Dimension;

/**
 * A bound hierarchy read from its dimension table (key V, labels L0..Lh) as label -> the raw values below it. A label
 * that occurs at several levels covers the union of its values there (a local recoding's cell does not say its level).
 */
final class HierarchyLabels {
    private HierarchyLabels() {
    }

    static Map<String, List<Object>> load(DSLContext ctx, Dimension d, boolean numeric) {
        List<Field<?>> select = new ArrayList<>();
        select.add(d.key("d"));
        for (int level = 0; level <= d.height(); level++) {
            select.add(d.level("d", level));
        }
        Map<String, Set<Object>> below = new HashMap<>();
        for (Record r : ctx.select(select).from(d.table("d")).fetch()) {
            Object v = Values.of(r.get(0), numeric);
            for (int level = 0; level <= d.height(); level++) {
                String label = r.get(level + 1, String.class);
                if (label != null) {
                    below.computeIfAbsent(label, x -> new LinkedHashSet<>()).add(v);
                }
            }
        }
        Map<String, List<Object>> labels = new HashMap<>();
        below.forEach((label, values) -> labels.put(label, new ArrayList<>(values)));
        return labels;
    }
}
