package org.kanon.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import java.sql.Connection;
import java.util.Properties;
import org.kanon.db.dialect.DirectDriver;
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
import org.kanon.db.dialect.DatabaseProfile;
import org.kanon.db.dialect.DatabaseProfiles;

/**
 * One database kanon works in: the connection pool, the jOOQ dialect derived from the URL, the quoting policy and
 * the catalog, migrated on open. Everything that talks SQL gets its {@link DSLContext} from here.
 */
public final class Database implements AutoCloseable {
    static {
        DatabaseProfiles.all().forEach(DatabaseProfile::prepareJvm);
        System.setProperty("org.jooq.no-logo", "true");
        System.setProperty("org.jooq.no-tips", "true");
    }

    private final ConnectionSettings settings;
    private final DatabaseProfile profile;
    private final SQLDialect dialect;
    private final HikariDataSource pool;
    private final DSLContext dsl;
    private final Identifiers identifiers;
    private final boolean dropOnClose;
    /** False for a {@link #borrow() borrowed} handle: closing it leaves the pool to its owner. */
    private final boolean owner;
    /**
     * False when attached to an embedded database someone else in this JVM has open (a Derby procedure): then it is
     * neither booted nor shut down here.
     */
    private final boolean ownsEngine;
    /** Run by the owner's {@link #close()} after everything else (a test's cleanup); null for none. */
    private Runnable afterClose;
    /**
     * Where kanon's catalog lives when this database cannot keep it ({@link DatabaseProfile#keepsCatalog()}: Trino);
     * null when it lives here.
     */
    private Database catalog;
    /** Set once {@link #close()} has finished: closing again (after an error cut a close short) does nothing. */
    private volatile boolean closed;

    private Database(ConnectionSettings settings, boolean dropOnClose) {
        this(settings, dropOnClose, true);
    }

    private Database(ConnectionSettings settings, boolean dropOnClose, boolean ownsEngine) {
        this.owner = true;
        this.ownsEngine = ownsEngine;
        this.settings = settings;
        this.profile = DatabaseProfiles.forUrl(settings.url());
        this.dialect = profile.dialect();
        this.dropOnClose = dropOnClose;
        this.identifiers = new Identifiers(profile, settings.url());
        identifiers.namespace(KanonSchemas.RELEASES); // a database whose name cannot carry kanon's namespaces is refused before connecting
        // attached to a database already up in this JVM: nothing to boot
        this.pool = openPool(settings, profile, ownsEngine);
        DataSource source = profile.namesHeldBySession() ? NameReleasingDataSource.wrap(pool, profile) : pool;
        this.dsl = DSL.using(profile.hasTransactions() ? source : AutoCommitDataSource.wrap(source), dialect, new Settings()
                // one quoting policy for the whole engine: every identifier quoted, hostile names stay harmless
                .withRenderQuotedNames(RenderQuotedNames.EXPLICIT_DEFAULT_QUOTED)
                // jOOQ's execute logging prints bind values, which may be personal data
                .withExecuteLogging(false)
                .withRenderSchema(true));
    }

    private Database(Database shared) {
        this.owner = false;
        this.ownsEngine = false;
        this.settings = shared.settings;
        this.profile = shared.profile;
        this.dialect = shared.dialect;
        this.dropOnClose = false;
        this.pool = shared.pool;
        this.identifiers = shared.identifiers;
        this.dsl = shared.dsl;
        this.catalog = shared.catalog == null ? null : shared.catalog.borrow();
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

    /** A database that is dropped again on close; only meaningful for in-memory URLs (tests, demo). */
    public static Database openScratch(ConnectionSettings settings) {
        return migrated(new Database(settings, DatabaseProfiles.forUrl(settings.url()).isInMemory(settings.url())));
    }

    /**
     * A scratch database whose owner also runs {@code afterClose} once its pool is closed: a test drops the server
     * database it created for it (kanon itself never drops a server database).
     */
    public static Database openScratch(ConnectionSettings settings, Runnable afterClose) {
        Database db = new Database(settings, DatabaseProfiles.forUrl(settings.url()).isInMemory(settings.url()));
        db.afterClose = afterClose;
        return migrated(db);
    }

    private static Database migrated(Database db) {
        try {
            if (db.profile.keepsCatalog()) {
                new CatalogMigrator(db).migrate();
            } else {
                db.catalog = CatalogDatabase.open(db);
            }
            return db;
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
    }

    /**
     * Fault injection for the test of a slow first connection (DerbyOpenCliTest): milliseconds the pool waits for a
     * connection instead of 30 s, so a boot slower than the pool's timeout takes seconds to stage instead of half a
     * minute. Never set in normal use.
     */
    static final String CONNECTION_TIMEOUT_PROPERTY = "kanon.test.connectionTimeout";

    /** {@code boot}: the database is booted first where its profile needs that (embedded Derby, without a timeout). */
    private static HikariDataSource openPool(ConnectionSettings settings, DatabaseProfile profile, boolean boot) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("kanon");
        config.setMaximumPoolSize(4);
        config.setMinimumIdle(1);
        config.setAutoCommit(true);
        config.setConnectionTimeout(Long.getLong(CONNECTION_TIMEOUT_PROPERTY, 30_000));
        Properties properties = new Properties();
        properties.putAll(profile.connectionProperties(settings.url(), settings.credentials()));
        profile.poolProperties().forEach(properties::setProperty);
        config.setDataSource(DirectDriver.dataSource(profile, settings.url(), properties));
        try (Connection booted = boot ? profile.boot(settings.url(), profile.connectionProperties(settings.url(), settings.credentials()), System.err) : null) {
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

    /** The database that holds kanon's catalog: this one, or the one named by {@code --catalog-db} (Trino). */
    public Database catalog() {
        return catalog == null ? this : catalog;
    }

    /**
     * Where a catalog statement of a unit of work on {@code ctx} runs: in {@code ctx} itself (its transaction) when
     * the catalog lives here, else in the catalog database, committed by itself.
     */
    public DSLContext catalogDsl(DSLContext ctx) {
        return catalog == null ? ctx : catalog.dsl();
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
        return profile.queryConnection(settings.url(), profile.connectionProperties(settings.url(), settings.credentials()));
    }

    /**
     * Closes the pool's connections as they come back, for new ones: after the heap ran out in the middle of a read,
     * a connection's protocol stream may be cut mid-message (PostgreSQL's then fails "Unexpected packet type").
     */
    public void renewConnections() {
        pool.getHikariPoolMXBean().softEvictConnections();
    }

    public DataSource dataSource() {
        return pool;
    }

    public ConnectionSettings settings() {
        return settings;
    }

    /** Everything kanon does differently on this database. */
    public DatabaseProfile profile() {
        return profile;
    }


    /** A name in one of kanon's own schemas, folded like every name kanon makes up. */
    public Name ours(String schema, String object) {
        return identifiers.ours(schema, object);
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

    /** Refreshes the planner statistics of a table kanon just filled, where the database plans from them. */
    public void analyze(Name table) {
        profile.analyze(dsl, table);
    }

    /** The database user, as the database itself reports it; recorded with every release. */
    public String currentUser() {
        return dsl.select(profile.currentUser()).fetchOne(0, String.class);
    }

    @Override
    public void close() {
        if (!owner || closed) {
            return;
        }
        pool.close();
        if (catalog != null) {
            catalog.close();
        }
        if (ownsEngine) {
            profile.shutDown(settings.url(), dropOnClose, System.err);
        }
        if (afterClose != null) {
            afterClose.run();
        }
        closed = true;
    }

    @Override
    public String toString() {
        return "Database[" + settings.maskedUrl() + ", " + dialect.name().toLowerCase(Locale.ROOT) + "]";
    }
}
