package org.kanon.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;

/**
 * The real databases tests run on: a fresh in-memory Derby database each time, a fresh DuckDB file (unless
 * {@value #DUCKDB_VARIABLE} is {@code off}), and, when the environment variable
 * {@value #PG_VARIABLE} names a PostgreSQL server (.ci/run always sets it), a fresh PostgreSQL database created
 * on that server and dropped again afterwards.
 */
public final class TestDatabases {
    public static final String PG_VARIABLE = "KANON_TEST_PG_URL";
    private static final AtomicInteger COUNTER = new AtomicInteger();

    private TestDatabases() {
    }

    /** The MariaDB server tests run on (.ci/run sets it): a JDBC URL of an admin connection, e.g. jdbc:mariadb://127.0.0.1:3306/kanon_ci?user=root. */
    public static final String MARIADB_VARIABLE = "KANON_TEST_MARIADB_URL";
    /** {@code off} leaves DuckDB out of the matrix (it is embedded, so it is in by default). */
    public static final String DUCKDB_VARIABLE = "KANON_TEST_DUCKDB";

    /** A comma-separated list of kinds (e.g. {@code MARIADB}) to run on alone, for working on one database. */
    public static final String ONLY_VARIABLE = "KANON_TEST_ONLY";

    public enum Kind { DERBY, POSTGRES, MARIADB, DUCKDB }

    /** The kinds available here: Derby always, PostgreSQL and MariaDB when configured, DuckDB unless turned off. Used as a parameter source. */
    public static List<Kind> kinds() {
        List<Kind> kinds = new ArrayList<>();
        kinds.add(Kind.DERBY);
        if (pgUrl() != null) {
            kinds.add(Kind.POSTGRES);
        }
        if (mariadbUrl() != null) {
            kinds.add(Kind.MARIADB);
        }
        if (!"off".equals(System.getenv(DUCKDB_VARIABLE))) { // embedded, like Derby: always there
            kinds.add(Kind.DUCKDB);
        }
        String only = System.getenv(ONLY_VARIABLE);
        if (only != null && !only.isBlank()) {
            kinds.removeIf(k -> !java.util.Arrays.asList(only.toUpperCase(java.util.Locale.ROOT).split(",")).contains(k.name()));
        }
        return kinds;
    }

    /** The server databases of the matrix (PostgreSQL, MariaDB) available here: for tests of several processes. */
    public static List<Kind> serverKinds() {
        return kinds().stream().filter(k -> k == Kind.POSTGRES || k == Kind.MARIADB).toList();
    }

    public static String mariadbUrl() {
        String url = System.getenv(MARIADB_VARIABLE);
        return url == null || url.isBlank() ? null : url;
    }

    public static String pgUrl() {
        String url = System.getenv(PG_VARIABLE);
        return url == null || url.isBlank() ? null : url;
    }

    /** Settings for a fresh, empty database of that kind; call {@link #dispose} when done. */
    public static ConnectionSettings fresh(Kind kind) {
        return TestCosts.time(TestCosts.Cost.DATABASE, () -> create(kind));
    }

    /**
     * Settings for a fresh database of that kind whose kanon catalog is already up to date, as kanon's first open would
     * leave it (a copy of a template migrated once per test JVM: {@link MigratedTemplates}); call {@link #dispose} when
     * done. What a test of a database kanon has never opened needs is {@link #fresh}.
     */
    public static ConnectionSettings migrated(Kind kind) {
        return TestCosts.time(TestCosts.Cost.DATABASE, () -> MigratedTemplates.copy(kind));
    }

    /** A name no other test database of this run has. */
    static String uniqueName() {
        return "kanon_t" + COUNTER.incrementAndGet() + "_" + UUID.randomUUID().toString().substring(0, 8);
    }

    static ConnectionSettings create(Kind kind) {
        if (kind == Kind.DERBY) {
            return new ConnectionSettings("jdbc:derby:memory:" + uniqueName() + ";create=true", null, null);
        }
        if (kind == Kind.MARIADB) {
            return freshMariaDb();
        }
        if (kind == Kind.DUCKDB) {
            // a file of its own, deleted by dispose: DuckDB's in-memory databases are gone when their last connection
            // closes, while tests (like users) open one database again and again, command after command
            return new ConnectionSettings("jdbc:duckdb:" + duckDbDirectory().resolve(uniqueName() + ".duckdb"), null, null);
        }
        String admin = pgUrl();
        String name = "kanon_t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(admin, pgUser(), null); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create test database on " + admin, e);
        }
        return pgSettings(name);
    }

    /** The PostgreSQL database {@code name} of the test server, as the test superuser. */
    static ConnectionSettings pgSettings(String name) {
        return new ConnectionSettings(pgUrl().replaceFirst("/[^/?]*(\\?|$)", "/" + name + "$1"), pgUser(), null);
    }

    /** The database a PostgreSQL or MariaDB URL names. */
    static String databaseName(String url) {
        return url.replaceFirst("^.*/([^/?]+)(\\?.*)?$", "$1");
    }

    /** kanon's namespaces of a MariaDB database (MariaDbProfile.namespace): sibling databases named after it. */
    private static final String[] MARIADB_NAMESPACES = {"", "_kanon", "_kanon_dim", "_kanon_release"};

    /**
     * A fresh MariaDB database and its namespace databases, binary collation (values and names compare exactly, as on
     * the other databases); the URL is the admin URL's with the database replaced.
     */
    private static ConnectionSettings freshMariaDb() {
        String admin = mariadbUrl();
        String name = "kanon_t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(admin); Statement s = c.createStatement()) {
            for (String suffix : MARIADB_NAMESPACES) {
                s.execute("CREATE DATABASE `" + name + suffix + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create test database on " + admin, e);
        }
        return new ConnectionSettings(mariaDbUrl(name), null, null);
    }

    /** The admin URL with its database replaced by {@code database}. */
    public static String mariaDbUrl(String database) {
        return mariadbUrl().replaceFirst("^(jdbc:[a-z]+://[^/]*)/[^?]*", "$1/" + database);
    }

    private static void disposeMariaDb(String url) {
        String name = databaseName(url);
        try (Connection c = DriverManager.getConnection(mariadbUrl()); Statement s = c.createStatement()) {
            for (String suffix : MARIADB_NAMESPACES) {
                s.execute("DROP DATABASE IF EXISTS `" + name + suffix + "`");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot drop test database " + name, e);
        }
    }

    private static final java.util.regex.Pattern KANON_NAMESPACE =
            java.util.regex.Pattern.compile("(?i)(?<![\\w`\"])(kanon_release|kanon_dim|kanon)\\.");

    /**
     * {@code sql} (a test's own text naming kanon's schemas as {@code kanon.x}, {@code kanon_release.x},
     * {@code kanon_dim.x}) with each namespace as {@code db} names it: the same text on Derby and PostgreSQL, the
     * sibling databases on MariaDB ({@code <db>_kanon.x}).
     */
    public static String ns(Database db, String sql) {
        java.util.regex.Matcher m = KANON_NAMESPACE.matcher(sql);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String schema = m.group(1).toUpperCase(java.util.Locale.ROOT);
            String actual = db.identifiers().namespace(schema);
            m.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(
                    actual.equalsIgnoreCase(schema) ? m.group() : actual + "."));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** {@code db}'s context, whose plain SQL names kanon's schemas as {@link #ns} rewrites them. */
    public static org.jooq.DSLContext sql(Database db) {
        org.jooq.Configuration c = db.dsl().configuration().derive(new org.jooq.impl.DefaultExecuteListenerProvider(
                new org.jooq.ExecuteListener() {
                    @Override
                    public void renderEnd(org.jooq.ExecuteContext ctx) {
                        if (ctx.sql() != null) {
                            ctx.sql(ns(db, ctx.sql()));
                        }
                    }
                }));
        return c.dsl();
    }

    /** The PostgreSQL superuser tests connect as (env KANON_TEST_PG_USER, default postgres). */
    public static String pgUser() {
        String user = System.getenv("KANON_TEST_PG_USER");
        return user == null ? "postgres" : user;
    }

    /** Drops a database made by {@link #fresh} or {@link #migrated} (Derby's in the background). */
    public static void dispose(ConnectionSettings settings) {
        TestCosts.time(TestCosts.Cost.DATABASE, () -> drop(settings));
    }

    private static void drop(ConnectionSettings settings) {
        if (settings.url().startsWith("jdbc:mariadb:") || settings.url().startsWith("jdbc:mysql:")) {
            disposeMariaDb(settings.url());
            return;
        }
        if (settings.url().startsWith("jdbc:duckdb:")) {
            deleteDuckDb(settings.url());
            return;
        }
        if (!settings.url().startsWith("jdbc:postgresql:")) {
            // Derby takes half a second to drop an in-memory database, most of it waiting: nobody waits for it
            DERBY_DROPS.execute(() -> dropDerby(settings.url()));
            return;
        }
        String name = databaseName(settings.url());
        try (Connection c = DriverManager.getConnection(pgUrl(), pgUser(), null); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot drop test database " + name, e);
        }
    }

    /** Whether the database of {@code settings} (made by {@link #fresh} or {@link #migrated}) is still there. */
    static boolean exists(ConnectionSettings settings) {
        String url = settings.url();
        if (url.startsWith("jdbc:duckdb:")) {
            return java.nio.file.Files.exists(duckDbFile(url));
        }
        if (url.startsWith("jdbc:derby:")) {
            try (Connection ignored = DriverManager.getConnection(url.substring(0, url.indexOf(';') < 0 ? url.length() : url.indexOf(';')))) {
                return true;
            } catch (SQLException e) {
                return false; // XJ004: no such database (create=true left off)
            }
        }
        boolean maria = url.startsWith("jdbc:mariadb:") || url.startsWith("jdbc:mysql:");
        String query = maria ? "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?"
                : "SELECT COUNT(*) FROM pg_database WHERE datname = ?";
        try (Connection c = maria ? DriverManager.getConnection(mariadbUrl()) : DriverManager.getConnection(pgUrl(), pgUser(), null);
             java.sql.PreparedStatement s = c.prepareStatement(query)) {
            s.setString(1, databaseName(url));
            try (java.sql.ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1) > 0;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot look for test database " + url, e);
        }
    }

    /**
     * PostgreSQL: how many sessions of the database of {@code settings} wait on a lock (an advisory lock, or a row or
     * relation another session holds); tests of concurrent writers wait for it before letting the first one go on.
     */
    public static int waitingOnLocks(ConnectionSettings settings) throws SQLException {
        if (settings.url().startsWith("jdbc:mariadb:") || settings.url().startsWith("jdbc:mysql:")) {
            return mariaDbWaitingOnLocks(databaseName(settings.url()));
        }
        String database = databaseName(settings.url());
        try (Connection c = DriverManager.getConnection(pgUrl(), pgUser(), null);
             java.sql.PreparedStatement s = c.prepareStatement(
                     "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = ? AND wait_event_type = 'Lock'")) {
            s.setString(1, database);
            try (java.sql.ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /**
     * MariaDB: the sessions connected to {@code database} (or to one of its namespace databases) that wait on a row lock
     * or on a name a writer holds (GET_LOCK: MariaDbProfile.lockName); other tests' sessions on the server, which may run
     * beside this one in another test JVM, are not counted.
     */
    private static int mariaDbWaitingOnLocks(String database) throws SQLException {
        try (Connection c = DriverManager.getConnection(mariadbUrl());
             java.sql.PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM information_schema.PROCESSLIST p"
                     + " WHERE (p.DB = ? OR p.DB LIKE CONCAT(?, '\\_kanon%'))"
                     + " AND (p.STATE = 'User lock' OR p.ID IN (SELECT t.trx_mysql_thread_id FROM information_schema.INNODB_TRX t"
                     + " WHERE t.trx_state = 'LOCK WAIT'))")) {
            s.setString(1, database);
            s.setString(2, database);
            try (java.sql.ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** Where the DuckDB test files live: one directory per JVM under the system's temporary directory. */
    private static synchronized java.nio.file.Path duckDbDirectory() {
        if (duckDbDirectory == null) {
            try {
                duckDbDirectory = java.nio.file.Files.createTempDirectory("kanon-duckdb-tests");
                duckDbDirectory.toFile().deleteOnExit();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return duckDbDirectory;
    }

    private static java.nio.file.Path duckDbDirectory;

    /** The file of a DuckDB URL made by {@link #fresh}. */
    static java.nio.file.Path duckDbFile(String url) {
        String path = url.substring("jdbc:duckdb:".length());
        int attributes = path.indexOf(';');
        return java.nio.file.Path.of(attributes < 0 ? path : path.substring(0, attributes));
    }

    /** The DuckDB file of a URL made by {@link #fresh} and its write-ahead log. */
    private static void deleteDuckDb(String url) {
        String path = url.substring("jdbc:duckdb:".length());
        int attributes = path.indexOf(';');
        path = attributes < 0 ? path : path.substring(0, attributes);
        try {
            java.nio.file.Files.deleteIfExists(java.nio.file.Path.of(path));
            java.nio.file.Files.deleteIfExists(java.nio.file.Path.of(path + ".wal"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot delete test database " + path, e);
        }
    }

    private static final java.util.concurrent.Executor DERBY_DROPS = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "derby-test-drops");
        t.setDaemon(true);
        return t;
    });

    /** Returns when the Derby drops queued so far have run (a connection made meanwhile would boot the database again). */
    static void awaitDerbyDrops() {
        java.util.concurrent.CompletableFuture.runAsync(() -> { }, DERBY_DROPS).join();
    }

    private static void dropDerby(String url) {
        if (!url.startsWith("jdbc:derby:memory:")) {
            return;
        }
        String db = url.substring(0, url.indexOf(';') < 0 ? url.length() : url.indexOf(';'));
        try (Connection ignored = DriverManager.getConnection(db + ";drop=true")) {
            // success is reported as SQLException 08006
        } catch (SQLException expected) {
            // 08006 dropped, XJ004 already gone
        }
    }
}
