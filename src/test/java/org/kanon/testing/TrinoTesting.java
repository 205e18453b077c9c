package org.kanon.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.kanon.db.ConnectionSettings;

/**
 * The Trino cluster tests run on: env {@value #VARIABLE} names it (.ci/run starts {@code bin/trino-cluster} and sets
 * it, e.g. {@code jdbc:trino://127.0.0.1:18080/iceberg/lake}); without it every Trino test is skipped. kanon's
 * namespaces ({@code kanon}, {@code kanon_dim}, {@code kanon_release} of the URL's catalog) are shared by every test
 * on the cluster, so each test uses names with a random suffix ({@link #unique}), a fresh in-memory Derby database
 * as kanon's catalog ({@link #settings}), and drops the tables it made ({@link #dropTableAndDimensions},
 * {@link #dropRelease}).
 */
public final class TrinoTesting {
    public static final String VARIABLE = "KANON_TEST_TRINO_URL";
    /** Trino authenticates nobody on the test cluster; the user names the session. */
    public static final String USER = "kanon";
    private static final Pattern PATH = Pattern.compile("^jdbc:trino://[^/?]*/([^/?]+)/([^/?]+)");
    private static final AtomicInteger COUNTER = new AtomicInteger();

    private TrinoTesting() {
    }

    /**
     * The cluster's URL (catalog and schema in its path); skips the calling test when {@value #VARIABLE} is not set.
     * When {@value #BOOT_VARIABLE} names a file, the cluster is still starting: the first call waits until that file
     * holds the exit code of {@code bin/trino-cluster start} and fails, naming it, when it is not 0.
     */
    public static String url() {
        String url = System.getenv(VARIABLE);
        assumeTrue(url != null && !url.isBlank(), VARIABLE + " is not set: Trino tests skipped (start a cluster with "
                + "bin/trino-cluster start and set " + VARIABLE + " to the JDBC URL it prints; .ci/run does both)");
        awaitBoot();
        return url;
    }

    /**
     * A file that holds the exit code of the {@code bin/trino-cluster start} that boots the cluster beside the other tests
     * (.ci/run: the Trino tests run last, so the cluster boots while the others run instead of before them).
     */
    public static final String BOOT_VARIABLE = "KANON_TEST_TRINO_BOOT";
    private static final java.time.Duration BOOT_TIMEOUT = java.time.Duration.ofMinutes(15);
    private static boolean booted;

    private static synchronized void awaitBoot() {
        String boot = System.getenv(BOOT_VARIABLE);
        if (booted || boot == null || boot.isBlank()) {
            return;
        }
        java.nio.file.Path status = java.nio.file.Path.of(boot);
        Await.until("bin/trino-cluster start to finish (its exit code in " + status + ")", BOOT_TIMEOUT, () -> exitCode(status) != null);
        String code = exitCode(status);
        if (!code.equals("0")) {
            throw new IllegalStateException("bin/trino-cluster start failed (exit " + code + "; " + status + "); its log says why");
        }
        booted = true;
    }

    private static String exitCode(java.nio.file.Path status) {
        try {
            String text = java.nio.file.Files.readString(status).trim();
            return text.matches("\\d+") ? text : null;
        } catch (java.io.IOException notYet) {
            return null;
        }
    }

    /** The Trino catalog kanon writes into (the URL's first path element, e.g. iceberg). */
    public static String catalog() {
        return path(1);
    }

    /** The schema source tables are imported into (the URL's second path element, e.g. lake). */
    public static String schema() {
        return path(2);
    }

    private static String path(int group) {
        Matcher m = PATH.matcher(url());
        if (!m.find()) {
            throw new IllegalStateException(VARIABLE + " must name a catalog and a schema: jdbc:trino://HOST:PORT/CATALOG/SCHEMA");
        }
        return m.group(group).toLowerCase(Locale.ROOT);
    }

    /** The URL of a fresh in-memory Derby database for kanon's catalog; {@link #dropCatalog} drops it. */
    public static String freshCatalogUrl() {
        return "jdbc:derby:memory:trino_cat" + COUNTER.incrementAndGet() + "_" + UUID.randomUUID().toString().substring(0, 8) + ";create=true";
    }

    /** Settings for the cluster with a catalog database of their own. */
    public static ConnectionSettings settings() {
        return new ConnectionSettings(url(), USER, null, new ConnectionSettings(freshCatalogUrl(), null, null));
    }

    /** Drops the in-memory Derby catalog of settings made by {@link #settings}. */
    public static void dropCatalog(ConnectionSettings settings) {
        TestDatabases.dispose(settings.catalogSettings());
    }

    /** {@code prefix} and a random lower-case suffix: a table or release name no other test (or run) uses. */
    public static String unique(String prefix) {
        return prefix + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
    }

    /** A plain JDBC connection to the cluster (auto-commit), for a test's own SQL. */
    public static Connection connect() throws SQLException {
        return DriverManager.getConnection(url(), USER, null);
    }

    /** Whether the cluster has this catalog (e.g. postgresql). */
    public static boolean hasCatalog(String name) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW CATALOGS")) {
            while (rs.next()) {
                if (rs.getString(1).equalsIgnoreCase(name)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** The tables and views of {@code schema} of kanon's catalog (none when the schema does not exist yet). */
    public static Set<String> tables(String schema) throws SQLException {
        Set<String> names = new TreeSet<>();
        try (Connection c = connect(); ResultSet rs = c.getMetaData().getTables(catalog(), schema, null, null)) {
            while (rs.next()) {
                names.add(rs.getString("TABLE_NAME"));
            }
        }
        return names;
    }

    /** kanon's scratch tables in its schema {@code kanon} right now. */
    public static Set<String> scratchTables() throws SQLException {
        Set<String> names = new TreeSet<>();
        for (String t : tables("kanon")) {
            if (t.startsWith("scratch_")) {
                names.add(t);
            }
        }
        return names;
    }

    /**
     * The scratch tables present now that were not in {@code before}. Other users of a shared cluster may be running
     * kanon, so a new one is given up to 20 s to go away (a live run drops its own); one that stays was left behind.
     */
    public static Set<String> scratchTablesLeftSince(Set<String> before) throws SQLException, InterruptedException {
        Set<String> left = new TreeSet<>();
        for (int attempt = 0; attempt < 20; attempt++) {
            left = scratchTables();
            left.removeAll(before);
            if (left.isEmpty()) {
                return left;
            }
            Thread.sleep(1000);
        }
        return left;
    }

    /** Runs one statement through plain JDBC. */
    public static void execute(String sql) throws SQLException {
        long started = System.nanoTime();
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute(sql);
        } finally {
            TestCosts.add(TestCosts.Cost.TRINO, System.nanoTime() - started);
        }
    }

    /** {@code "catalog"."schema"."name"}: the test's own SQL quotes every name. */
    public static String qualified(String schema, String name) {
        return quote(catalog()) + "." + quote(schema) + "." + quote(name);
    }

    public static String quote(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    /** Drops the source table {@code table} (in the URL's schema) and its dimension tables ({@code kanon_dim.d_<table>_...}). */
    public static void dropTableAndDimensions(String table) throws SQLException {
        String lower = table.toLowerCase(Locale.ROOT);
        List<String> failures = new ArrayList<>();
        dropQuietly("DROP TABLE IF EXISTS " + qualified(schema(), lower), failures);
        for (String t : tables("kanon_dim")) {
            if (t.startsWith("d_" + lower + "_")) {
                dropQuietly("DROP TABLE IF EXISTS " + qualified("kanon_dim", t), failures);
            }
        }
        if (!failures.isEmpty()) {
            throw new SQLException("cleaning up " + table + ": " + failures);
        }
    }

    /** Drops the dimension tables whose names contain {@code fragment} (a table's unique suffix). */
    public static void dropDimensionsContaining(String fragment) throws SQLException {
        String lower = fragment.toLowerCase(Locale.ROOT);
        List<String> failures = new ArrayList<>();
        for (String t : tables("kanon_dim")) {
            if (t.contains(lower)) {
                dropQuietly("DROP TABLE IF EXISTS " + qualified("kanon_dim", t), failures);
            }
        }
        if (!failures.isEmpty()) {
            throw new SQLException("cleaning up the dimension tables of " + fragment + ": " + failures);
        }
    }

    /** Drops the relations of release {@code name} in {@code kanon_release} (a view, or a table and its helpers). */
    public static void dropRelease(String name) throws SQLException {
        String lower = name.toLowerCase(Locale.ROOT);
        for (String t : tables("kanon_release")) {
            if (t.equals(lower) || t.startsWith(lower + "_")) {
                List<String> failures = new ArrayList<>();
                dropQuietly("DROP VIEW IF EXISTS " + qualified("kanon_release", t), failures);
                dropQuietly("DROP TABLE IF EXISTS " + qualified("kanon_release", t), failures);
            }
        }
    }

    private static void dropQuietly(String sql, List<String> failures) {
        try {
            execute(sql);
        } catch (SQLException e) {
            failures.add(e.getMessage());
        }
    }
}
