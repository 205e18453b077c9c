package org.kanon.db.dialect;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Boots an on-disk embedded Derby database with one plain connection before the pool opens. A database whose
 * process was killed is recovered by Derby at boot, which on a large database takes minutes; the pool's connection
 * timeout (it becomes Derby's login timeout) would abort that recovery every time, and the database could never be
 * opened again. This connection has no timeout, and the user is told on stderr what is taking so long.
 */
final class DerbyBoot {
    /** Derby's lock file, present while the database is booted and left behind by a process that was killed. */
    static final String LOCK_FILE = "db.lck";
    /** Recovery is announced at once; a plain boot only when it is unusually slow (a busy machine takes seconds). */
    private static final long FIRST_RECOVERY_NOTICE_MILLIS = 2_000;
    private static final long FIRST_BOOT_NOTICE_MILLIS = 30_000;
    private static final long NOTICE_EVERY_MILLIS = 15_000;

    private DerbyBoot() {
    }

    /**
     * The booted database's first connection, for the caller to close once its pool is up; null for a URL that
     * needs no boot here (in memory, in a jar or on the class path: nothing to recover).
     */
    static Connection boot(String url, Properties credentials, PrintStream err) throws SQLException {
        Path directory = directory(url);
        if (directory == null) {
            return null;
        }
        String where = directory.toString();
        boolean unclean = Files.exists(directory.resolve(LOCK_FILE));
        long started = System.nanoTime();
        ScheduledExecutorService notices = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "kanon-derby-boot");
            t.setDaemon(true);
            return t;
        });
        long first = unclean ? FIRST_RECOVERY_NOTICE_MILLIS : FIRST_BOOT_NOTICE_MILLIS;
        boolean[] told = {false};
        notices.scheduleAtFixedRate(() -> {
            long seconds = (System.nanoTime() - started) / 1_000_000_000L;
            err.println(!told[0]
                    ? "kanon: Derby is " + (unclean ? "recovering " + where + ", which was not shut down (a process was killed?)"
                            : "still starting " + where) + "; on a large database this takes minutes: let it finish"
                    : "kanon: still " + (unclean ? "recovering " : "starting ") + where + " (" + seconds + " s)");
            err.flush();
            told[0] = true;
        }, first, NOTICE_EVERY_MILLIS, TimeUnit.MILLISECONDS);
        try {
            // the pool sets the JVM-wide login timeout from its connection timeout; Derby aborts a boot that exceeds it
            DriverManager.setLoginTimeout(0);
            Connection connection = DirectDriver.connect(DerbyProfile.INSTANCE, url, credentials);
            if (unclean) {
                err.println("kanon: Derby recovered " + where + " after an unclean shutdown ("
                        + (System.nanoTime() - started) / 1_000_000L + " ms)");
                err.flush();
            }
            return connection;
        } finally {
            notices.shutdownNow();
        }
    }

    /** The folder of an on-disk embedded Derby database (relative to derby.system.home), else null. */
    static Path directory(String url) {
        if (!url.startsWith("jdbc:derby:") || url.startsWith("jdbc:derby://")) {
            return null;
        }
        String name = JdbcUrls.derbyDatabase(url);
        if (name.startsWith("directory:")) {
            name = name.substring("directory:".length());
        } else if (name.matches("(?i)^(memory|classpath|jar):.*")) {
            return null;
        }
        String home = System.getProperty("derby.system.home");
        return home == null ? Path.of(name) : Path.of(home).resolve(name);
    }
}
