package org.kanon.db;

import java.sql.SQLException;
import org.kanon.db.dialect.DatabaseProfiles;

/**
 * Whether an error is the JVM's heap running out: an {@link OutOfMemoryError} itself, one that a driver or jOOQ
 * wrapped as the cause of its own exception, or one a driver turned into an SQLException of its own (DuckDB's fetch,
 * see {@link org.kanon.db.dialect.DatabaseProfile#outOfHeap}).
 */
public final class OutOfHeap {
    private OutOfHeap() {
    }

    /** The JVM's own text ("Java heap space", never data), or null when {@code e} is not the heap running out. */
    public static String of(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof OutOfMemoryError) {
                return t.getMessage();
            }
            if (t instanceof SQLException sql) {
                String text = DatabaseProfiles.outOfHeap(sql);
                if (text != null) {
                    return text;
                }
            }
        }
        return null;
    }

    public static boolean causedBy(Throwable e) {
        return of(e) != null;
    }
}
