package org.kanon.release.metrics;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.kanon.metrics.AttributeLevels;
import org.kanon.schema.hierarchy.Dimension;

/**
 * Counts the cells of one released QI column per hierarchy level, from the texts its cells hold
 * ({@link ReleaseClasses}) and the labels of its dimension table. A cell's level is the lowest level whose labels
 * hold its text, compared here exactly (a database that ignores trailing blanks or case would give '53715 ' the level
 * of '53715'); a {@code *} that is no label is a suppressed cell, at the root; a NULL cell is a missing raw value, at
 * level 0 (generalization never yields NULL); any other text (a range such as {@code [25-34]}) has no level. A QI
 * without a hierarchy has height 0.
 */
final class ReleaseLevels {
    private ReleaseLevels() {
    }

    /**
     * @param cellsPerText the column's cells per text (the NULL cell under a null key)
     * @param fixedWidth   the released column is CHAR(n), whose texts come padded with blanks that are no part of the value
     */
    static AttributeLevels count(DSLContext ctx, Map<String, Long> cellsPerText, boolean fixedWidth, String name,
                                 Optional<Dimension> dimension) {
        long cells = cellsPerText.values().stream().mapToLong(Long::longValue).sum();
        if (dimension.isEmpty()) {
            return new AttributeLevels(name, 0, new long[] {cells}, 0);
        }
        Dimension d = dimension.get();
        Map<String, Integer> lowest = lowestLevels(ctx, d);
        long[] counts = new long[d.height() + 1];
        long without = 0;
        for (Map.Entry<String, Long> e : cellsPerText.entrySet()) {
            String text = e.getKey();
            Integer level = text == null ? Integer.valueOf(0) : lowest.get(fixedWidth ? text.stripTrailing() : text);
            if (level == null && "*".equals(text)) {
                level = d.height();
            }
            if (level == null) {
                without += e.getValue();
            } else {
                counts[level] += e.getValue();
            }
        }
        return new AttributeLevels(name, d.height(), counts, without);
    }

    /** Every label of the hierarchy with the lowest level it appears on: one read of the (small) dimension table. */
    private static Map<String, Integer> lowestLevels(DSLContext ctx, Dimension d) {
        Field<?>[] levels = new Field<?>[d.height() + 1];
        for (int l = 0; l <= d.height(); l++) {
            levels[l] = d.level("d", l);
        }
        Map<String, Integer> lowest = new HashMap<>();
        for (Record r : ctx.selectDistinct(levels).from(d.table("d")).fetch()) {
            for (int l = 0; l <= d.height(); l++) {
                String label = r.get(l, String.class);
                if (label != null) {
                    lowest.merge(label, l, Math::min);
                }
            }
        }
        return lowest;
    }
}
