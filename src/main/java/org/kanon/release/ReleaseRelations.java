package org.kanon.release;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.Record;
import org.jooq.Record3;
import org.jooq.Result;
import org.jooq.Table;
import org.jooq.impl.DSL;

/**
 * What every release writer does with the relation it writes, inside its transaction (room for its name is made by
 * {@link ReleaseTarget}): run the stored re-check against the new relation, and measure its classes as the relation
 * itself shows them.
 */
final class ReleaseRelations {
    private ReleaseRelations() {
    }

    /** Runs the register's re-check statement, exactly as stored, against the new relation. */
    static void verify(DSLContext tx, String recheckSql, String name) {
        Result<Record> violations = tx.fetch(recheckSql);
        if (!violations.isEmpty()) {
            throw new IllegalStateException("release " + name + " failed its own re-check: " + violations.size()
                    + " class(es) fail the privacy model; nothing was written");
        }
        pauseForCrashTest(name);
    }

    /**
     * Fault injection for the crash tests (a worker killed in the middle of a release): with the system property
     * {@value #PAUSE_PROPERTY} set to milliseconds, the writer announces on stderr that the relation is written but
     * not committed, and waits there; with {@value #RESUME_PROPERTY} set to a path too, it goes on as soon as that file
     * exists (a test that has seen what it waited for need not wait out the pause). Never set in normal use.
     */
    static final String PAUSE_PROPERTY = "kanon.test.pauseInRelease";
    static final String RESUME_PROPERTY = "kanon.test.resumeWhen";

    private static void pauseForCrashTest(String name) {
        Long millis = Long.getLong(PAUSE_PROPERTY);
        if (millis == null) {
            return;
        }
        System.err.println("kanon: release " + name + " written, not committed; pausing " + millis + " ms");
        System.err.flush();
        String resume = System.getProperty(RESUME_PROPERTY);
        long deadline = System.nanoTime() + millis * 1_000_000L;
        try {
            while (System.nanoTime() < deadline && (resume == null || !Files.exists(Path.of(resume)))) {
                Thread.sleep(Math.max(1, Math.min(20, (deadline - System.nanoTime()) / 1_000_000L)));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Number of classes, the smallest one and the rows, as the released relation itself shows them. */
    static Record3<Integer, Integer, java.math.BigDecimal> classShape(DSLContext tx, Name relation, List<String> qiColumns) {
        return classShape(tx, relation, qiColumns, false);
    }

    /**
     * As above; with {@code starred} (suppress mode star) the group of rows whose QIs are all {@code *} is the
     * suppressed rows, not a class: it counts toward the rows only.
     */
    static Record3<Integer, Integer, java.math.BigDecimal> classShape(DSLContext tx, Name relation, List<String> qiColumns, boolean starred) {
        List<Field<?>> qis = qiColumns.stream().<Field<?>>map(c -> DSL.field(DSL.name(c))).toList();
        List<Field<?>> select = new ArrayList<>();
        select.add(DSL.count().as(DSL.name("n")));
        Condition allStars = DSL.falseCondition();
        if (starred) {
            allStars = DSL.trueCondition();
            for (int i = 0; i < qis.size(); i++) {
                select.add(qis.get(i).as(DSL.name("q" + i)));
                allStars = allStars.and(DSL.field(DSL.name("c", "q" + i)).cast(String.class).eq(DSL.inline("*")));
            }
        }
        Table<?> classes = tx.select(select).from(DSL.table(relation)).groupBy(qis).asTable(DSL.name("c"));
        Field<Integer> n = DSL.field(DSL.name("c", "n"), Integer.class);
        Field<Integer> classSize = DSL.when(allStars, DSL.inline((Integer) null)).else_(n);
        return tx.select(DSL.count(classSize), DSL.min(classSize), DSL.sum(n)).from(classes).fetchSingle();
    }
}
