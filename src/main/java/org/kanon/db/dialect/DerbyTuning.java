package org.kanon.db.dialect;

/**
 * Derby settings read once, when the engine boots a database: system properties, so they must be set before the
 * first Derby connection of the JVM. A value the user gives ({@code -Dderby...}) wins.
 */
final class DerbyTuning {
    /**
     * Pages (4 KB for kanon's tables) Derby caches, per database: 80 MB. The default, 1,000 pages (4 MB), is less
     * than the SQL executor's zero-level set of Adult alone (26,912 classes with every coarser code: about 5 MB),
     * so each of the 511 super-root scans of a 9-QI search read it back from the temporary file; with the sets of
     * one iteration cached the scans took 24 s instead of 42 s on Adult (same load). The cache fills only as
     * pages are used.
     */
    static final String PAGE_CACHE_PAGES = "20000";

    /**
     * Rows Derby sorts in memory before it spills runs to temporary files; the default (1,024) made the 45,222-row
     * GROUP BYs of Adult write and merge files (about 250 ms of a cold command). 100,000 rows of a few columns stay
     * within tens of MB.
     */
    static final String SORT_BUFFER_ROWS = "100000";

    private DerbyTuning() {
    }

    static void apply() {
        if (System.getProperty("derby.storage.pageCacheSize") == null) {
            System.setProperty("derby.storage.pageCacheSize", PAGE_CACHE_PAGES);
        }
        if (System.getProperty("derby.storage.sortBufferMax") == null) {
            System.setProperty("derby.storage.sortBufferMax", SORT_BUFFER_ROWS);
        }
    }
}
