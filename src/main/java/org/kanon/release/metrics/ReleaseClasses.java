package org.kanon.release.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jooq.Cursor;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.kanon.metrics.ClassShape;
import org.kanon.progress.Step;

/**
 * The classes of a released relation, read by one {@code GROUP BY} over its QI columns as text: their
 * {@link ClassShape} and, per QI, how many cells hold each text, which is all {@link ReleaseLevels} needs. A release
 * view recomputes its joins on every scan, so one pass here replaces a scan per QI (9 QIs of Adult on Derby: 5 s).
 */
final class ReleaseClasses {
    private static final int FETCH_SIZE = 1000;
    private static final String STAR = "*";

    /** @param cellsPerText per QI (in the order given), the cells holding each text; the NULL cell under a null key */
    record Tally(ClassShape shape, List<Map<String, Long>> cellsPerText) {
    }

    private ReleaseClasses() {
    }

    /**
     * @param texts   the QI columns of the relation as text
     * @param starred rows of the relation suppressed by starring (0 when the release removed or kept them)
     * @param read    advanced once per class read
     */
    static Tally read(DSLContext ctx, Table<?> relation, List<Field<String>> texts, long starred, Step read) {
        int d = texts.size();
        List<Field<?>> inner = new ArrayList<>();
        List<Field<?>> keys = new ArrayList<>();
        for (int i = 0; i < d; i++) {
            inner.add(texts.get(i).as(DSL.name("t" + i)));
            keys.add(DSL.field(DSL.name("x", "t" + i), String.class));
        }
        List<Field<?>> select = new ArrayList<>(keys);
        select.add(DSL.count());
        List<Map<String, Long>> perText = new ArrayList<>();
        for (int i = 0; i < d; i++) {
            perText.add(new HashMap<>());
        }
        long classes = 0;
        long rows = 0;
        long squares = 0;
        long smallest = Long.MAX_VALUE;
        long starClass = 0;
        Table<?> cells = ctx.select(inner).from(relation).asTable(DSL.name("x"));
        try (Cursor<Record> cursor = ctx.select(select).from(cells).groupBy(keys).fetchSize(FETCH_SIZE).fetchLazy()) {
            for (Record r : cursor) {
                long n = r.get(d, Long.class);
                classes++;
                rows += n;
                squares += n * n;
                smallest = Math.min(smallest, n);
                boolean allStars = true;
                for (int i = 0; i < d; i++) {
                    String text = r.get(i, String.class);
                    perText.get(i).merge(text, n, Long::sum);
                    allStars &= STAR.equals(text);
                }
                if (allStars) {
                    starClass = n;
                }
                read.advance();
            }
        }
        if (classes == 0) {
            smallest = 0;
        }
        if (starred == 0) {
            return new Tally(ClassShape.of(rows, classes, smallest, squares), perText);
        }
        // the starred rows share their class with any row generalized to * on every QI; only those rows are kept
        long kept = starClass - starred;
        return new Tally(new ClassShape(rows, classes, smallest, rows - starred, kept > 0 ? classes : classes - 1,
                squares - starClass * starClass + kept * kept), perText);
    }
}
