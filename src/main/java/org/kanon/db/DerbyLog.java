package org.kanon.db;

import java.io.OutputStream;

/**
 * Target of the system property {@code derby.stream.error.field}: without it Derby writes derby.log into
 * whatever directory the user happens to run kanon from.
 */
public final class DerbyLog {
    public static final OutputStream DEV_NULL = OutputStream.nullOutputStream();

    private DerbyLog() {
    }

    /** Must run before the first Derby connection of the JVM. */
    static void silence() {
        if (System.getProperty("derby.stream.error.field") == null) {
            System.setProperty("derby.stream.error.field", DerbyLog.class.getName() + ".DEV_NULL");
        }
    }
}
