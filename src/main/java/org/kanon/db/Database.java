package org.kanon.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Locale;
import javax.sql.DataSource;
import org.jooq.DSLContext;
import org.jooq.Name;
import org.jooq.SQLDialect;
import org.jooq.conf.RenderQuotedNames;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;

/**
 * One database kanon works in: the connection pool, the jOOQ dialect derived from the URL, the quoting policy and
 * the catalog, migrated on open. Everything that talks SQL gets its {@link DSLContext} from here.
 */
public final class Database implements AutoCloseable {
    static {
        DerbyLog.silence();
        DerbyTuning.apply();
        System.setProperty("org.jooq.no-logo", "true");
        System.setProperty("org.jooq.no-tips", "true");
    }

    private final ConnectionSettings settings;
    private final SQLDialect dialect;
    private final HikariDataSource pool;
    private final DSLContext dsl;
    private final Identifiers identifiers;
    private final boolean dropOnClose;
    /** False for a {@link #borrow() borrowed} handle: closing it leaves the pool to its owner. */
    private final boolean owner;
    /** False when attached to an embedded Derby database someone else in this JVM has open (a Derby procedure). */
    private final boolean shutDownDerby;
    /** Run by the owner's {@link #close()} after everything else (a test's cleanup); null for none. */
    private Runnable afterClose;

    private Database(ConnectionSettings settings, boolean dropOnClose) {
        this(settings, dropOnClose, true);
    }

    private Database(ConnectionSettings settings, boolean dropOnClose, boolean shutDownDerby) {
        this.owner = true;
        this.shutDownDerby = shutDownDerby;
        this.settings = settings;
        this.dialect = JdbcUrls.dialect(settings.url());
        this.dropOnClose = dropOnClose;
        // attached to a database already up in this JVM: nothing to boot
        this.pool = openPool(settings, shutDownDerby && JdbcUrls.isDerby(settings.url()));
        this.identifiers = new Identifiers(dialect);
        this.dsl = DSL.using(pool, dialect, new Settings()
                // one quoting policy for the whole engine: every identifier quoted, hostile names stay harmless
                .withRenderQuotedNames(RenderQuotedNames.EXPLICIT_DEFAULT_QUOTED)
                // jOOQ's execute logging prints bind values, which may be personal data
                .withExecuteLogging(false)
                .withRenderSchema(true));
    }

    private Database(Database shared) {
        this.owner = false;
        this.shutDownDerby = false;
        this.settings = shared.settings;
        this.dialect = shared.dialect;
        this.dropOnClose = false;
        this.pool = shared.pool;
        this.identifiers = shared.identifiers;
        this.dsl = shared.dsl;
    }

    /**
     * The same database through a handle whose {@link #close()} does nothing: for code that runs a command inside
     * an open database (a spec run, a Derby procedure) — closing a second pool would shut an on-disk Derby down.
     */
    public Database borrow() {
        return new Database(this);
    }

    /** Opens the database and brings kanon's catalog up to date. */
    public static Database open(ConnectionSettings settings) {
        return migrated(new Database(settings, false));
    }

    /**
     * A second pool on an embedded Derby database that is already open in this JVM (the caller of a Derby
     * procedure): closing it closes the pool but leaves the database up for its other users.
     */
    public static Database attach(ConnectionSettings settings) {
        return migrated(new Database(settings, false, false));
    }

    /** A database that is dropped again on close; only meaningful for Derby in-memory URLs (tests, demo). */
    public static Database openScratch(ConnectionSettings settings) {
        return migrated(new Database(settings, JdbcUrls.isDerbyInMemory(settings.url())));
    }

    /**
     * A scratch database whose owner also runs {@code afterClose} once its pool is closed: a test drops the server
     * database it created for it (kanon itself never drops a server database).
     */
    public static Database openScratch(ConnectionSettings settings, Runnable afterClose) {
        Database db = new Database(settings, JdbcUrls.isDerbyInMemory(settings.url()));
        db.afterClose = afterClose;
        return migrated(db);
    }

    private static Database migrated(Database db) {
        try {
            new CatalogMigrator(db).migrate();
            return db;
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
    }

    /** {@code bootDerby}: an embedded Derby database is booted first, without a timeout (see {@link DerbyBoot}). */
    private static HikariDataSource openPool(ConnectionSettings settings, boolean bootDerby) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("kanon");
        config.setJdbcUrl(settings.url());
        if (settings.user() != null) {
            config.setUsername(settings.user());
        }
        if (settings.password() != null) {
            config.setPassword(settings.password());
        }
        config.setMaximumPoolSize(4);
        config.setMinimumIdle(1);
        config.setAutoCommit(true);
        config.setConnectionTimeout(30_000);
        if (settings.url().startsWith("jdbc:postgresql:")) {
            // the driver turns a batch of single-row INSERTs into multi-row statements: 1.3-1.6x faster imports
            config.addDataSourceProperty("reWriteBatchedInserts", "true");
        }
        try (Connection booted = bootDerby ? DerbyBoot.boot(settings, System.err) : null) {
            return new HikariDataSource(config);
        } catch (HikariPool.PoolInitializationException e) {
            throw SqlErrors.cannotConnect(e.getCause() != null ? e.getCause() : e, settings);
        } catch (SQLException e) {
            throw SqlErrors.cannotConnect(e, settings);
        }
    }

    public DSLContext dsl() {
        return dsl;
    }

    public SQLDialect dialect() {
        return dialect;
    }

    public Identifiers identifiers() {
        return identifiers;
    }

    /**
     * A connection of its own, outside the pool, for SQL text kanon did not write: whatever that text leaves in its
     * session beyond the transaction (on PostgreSQL a session advisory lock, which on a pooled connection would block
     * every later writer of that name for as long as this process runs) ends when the caller closes it.
     */
    public Connection separateConnection() throws SQLException {
        return DriverManager.getConnection(settings.url(), DerbyBoot.credentials(settings));
    }

    public DataSource dataSource() {
        return pool;
    }

    public ConnectionSettings settings() {
        return settings;
    }

    public boolean isDerby() {
        return dialect == SQLDialect.DERBY;
    }

    /** A name in one of kanon's own schemas, folded like every name kanon makes up. */
    public Name ours(String schema, String object) {
        return identifiers.name(schema, object);
    }

    /** The schema unqualified names resolve to for the connected user (APP on Derby, usually public on PostgreSQL). */
    public String currentSchema() {
        try (Connection c = pool.getConnection()) {
            String schema = c.getSchema();
            if (schema == null) {
                schema = dsl.fetchValue(DSL.field("current_schema()", String.class));
            }
            return schema;
        } catch (SQLException e) {
            throw SqlErrors.translate(e, settings);
        }
    }

    /**
     * Refreshes the planner statistics of a table kanon just filled. PostgreSQL plans from them: right after an
     * import (autovacuum may be off, or simply not yet run) it estimated 76 million rows for 211 classes and took
     * minutes over a release view instead of 3 s. Derby needs nothing here.
     */
    public void analyze(Name table) {
        if (dialect == SQLDialect.POSTGRES) {
            dsl.query("ANALYZE {0}", table).execute();
        }
    }

    /** The database user, as the database itself reports it; recorded with every release. */
    public String currentUser() {
        return dsl.select(DSL.currentUser()).fetchOne(0, String.class);
    }

    @Override
    public void close() {
        if (!owner) {
            return;
        }
        pool.close();
        if (shutDownDerby && JdbcUrls.isDerby(settings.url())) {
            shutDownDerby();
        }
        if (afterClose != null) {
            afterClose.run();
        }
    }

    /**
     * An on-disk Derby database is shut down so the next run does not have to recover it; an in-memory scratch
     * database is dropped. The engine itself stays up (shutting it down deregisters the driver for this JVM).
     */
    private void shutDownDerby() {
        String database = JdbcUrls.derbyDatabase(settings.url());
        boolean memory = JdbcUrls.isDerbyInMemory(settings.url());
        if (memory && !dropOnClose) {
            return;
        }
        String action = memory ? ";drop=true" : ";shutdown=true";
        try (Connection ignored = DriverManager.getConnection("jdbc:derby:" + database + action)) {
            // Derby always reports success of shutdown/drop as an SQLException (08006)
        } catch (SQLException expected) {
            if (!"08006".equals(expected.getSQLState()) && !"XJ004".equals(expected.getSQLState())) {
                System.err.println("kanon: warning: closing " + settings.maskedUrl() + ": " + expected.getMessage());
            }
        }
    }

    @Override
    public String toString() {
        return "Database[" + settings.maskedUrl() + ", " + dialect.name().toLowerCase(Locale.ROOT) + "]";
    }
}
