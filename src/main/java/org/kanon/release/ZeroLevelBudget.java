package org.kanon.release;

import java.util.Locale;
import org.kanon.frequency.ExecutorKind;
import org.kanon.frequency.MemoryExecutor;
import org.kanon.frequency.SensitiveColumn;
import org.kanon.frequency.StarSchema;
import org.kanon.frequency.ZeroLevelSet;

/**
 * How many groups of the zero-level set the memory budget holds, and why {@code --executor auto} chose what it did.
 * Auto reads the set and stops reading at the budget: the choice is made on the set itself, not on an estimate
 * made by another scan.
 */
final class ZeroLevelBudget {
    /**
     * Bytes a group of the zero-level set costs the memory executor at its peak, the larger of two moments. While
     * the set is read: its codes (4 bytes per column) and count (8), twice while the arrays double. During the
     * search: the packed key and count the executor keeps (16), the grouping scratch of a thread
     * ({@link MemoryExecutor#SCRATCH_BYTES_PER_CLASS}) and the sets the search builds and keeps for rollup
     * ({@link #KEPT_SETS_BYTES}). Census rows, 8 QIs: 112 bytes a group; at 5 M rows (3.6 M groups) 400 MB, which a
     * 1 GB heap's default budget (half) holds; measured: the search ran under -Xmx512m with at most ~400 MB live.
     */
    static long bytesPerGroup(int columns) {
        long reading = 2 * (4L * columns + 8);
        long searching = 16 + MemoryExecutor.SCRATCH_BYTES_PER_CLASS + KEPT_SETS_BYTES;
        return Math.max(reading, searching);
    }

    /** Sets the search builds and keeps, per group of the zero-level set (census 5 M, -Xmx512m: ~400 MB live). */
    static final long KEPT_SETS_BYTES = 40;

    private final ExecutorKind requested;
    private final long budgetBytes;
    private final int columns;

    ZeroLevelBudget(ExecutorKind requested, long budgetBytes, StarSchema schema, SensitiveColumn sensitive) {
        this.requested = requested;
        this.budgetBytes = budgetBytes;
        this.columns = schema.quasiIdentifiers().size() + (sensitive == null ? 0 : 1);
    }

    /** The groups auto reads before it gives up on memory; no limit when memory was asked for. */
    long maxGroups() {
        return requested == ExecutorKind.AUTO ? budgetBytes / bytesPerGroup(columns) : Long.MAX_VALUE;
    }

    /** Why auto chose the executor it did ({@code zero} is the set read, null when it overran), or null when asked. */
    String explain(ZeroLevelSet zero) {
        if (requested != ExecutorKind.AUTO) {
            return null;
        }
        if (zero == null) {
            return String.format(Locale.ROOT, "auto chose the sql executor: the zero-level set has more than %,d groups, over the %s memory budget",
                    maxGroups(), megabytes(budgetBytes));
        }
        return String.format(Locale.ROOT, "auto chose the memory executor: the zero-level set, %,d groups (%s), fits the %s memory budget", zero.groups(),
                megabytes(zero.groups() * bytesPerGroup(columns)), megabytes(budgetBytes));
    }

    String tooManyValues() {
        return "auto chose the sql executor: the quasi-identifiers have too many distinct values for the memory executor's keys";
    }

    /** Auto chose memory and the heap ran out while {@code doing} it: it runs the sql executor instead. */
    static String outOfHeap(String doing) {
        return "auto switched to the sql executor: the heap (" + megabytes(Runtime.getRuntime().maxMemory()) + ") ran out "
                + doing + "; more heap (KANON_JAVA_OPTS=-Xmx...) keeps such a search in memory";
    }

    private static String megabytes(long bytes) {
        return bytes < 1 << 20 ? String.format(Locale.ROOT, "%.1f MB", bytes / 1048576.0)
                : String.format(Locale.ROOT, "%,d MB", (bytes + (1 << 19)) >> 20);
    }
}
