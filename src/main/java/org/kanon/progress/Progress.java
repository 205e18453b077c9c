package org.kanon.progress;

/**
 * Where a long operation says how far it got, without knowing who listens: it opens a {@link Step} per phase that can
 * take more than a second (rows imported, nodes checked, rows written), counts its units, and closes it. The lowest
 * layer, so an import, an algorithm or a release writer can report through it without depending on the engine or the
 * command line, which alone decide whether anyone watches (a bar on a terminal) or not ({@link #NONE}).
 *
 * <p>Steps of one operation follow one another: a step is closed before the next is opened, so a display shows one
 * at a time. A unit names what is counted, never a value of the data ("rows imported", not a row).
 */
@FunctionalInterface
public interface Progress {
    /** The total of a step whose size is not known in advance: a counter, not a percentage. */
    long UNKNOWN = -1;

    /** Nobody watches: every step is {@link Step#NONE}. */
    Progress NONE = (unit, total) -> Step.NONE;

    /**
     * Opens a step counting {@code unit} (what one advance stands for, in the plural: "rows imported"), of
     * {@code total} units or {@link #UNKNOWN}; a step that counts nothing (a single long statement) only shows that it
     * runs and for how long.
     */
    Step start(String unit, long total);

    /** {@code progress}, or {@link #NONE} for null: callers that take an optional progress need no null checks. */
    static Progress orNone(Progress progress) {
        return progress == null ? NONE : progress;
    }
}
