package org.kanon.db.dialect;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.QueryPart;
import org.jooq.Record;
import org.jooq.SQLDialect;
import org.jooq.Select;
import org.jooq.SelectLimitStep;
import org.jooq.Table;

/**
 * Everything kanon does differently on one database, in one place: the rest of the engine asks its profile and
 * never compares dialects. Adding a database is one implementation of this interface, its migrations folder, its
 * SQL template variants and its entry in {@link DatabaseProfiles} and the test matrix.
 *
 * <p>Almost every method is abstract on purpose: a new database has to decide each difference rather than inherit
 * another database's choice. The exceptions are defaults all databases but one share (a connection's properties, the
 * sql executor's scratch-table indexes, VALUES lists, WITH and zero-level set), which that one overrides. A capability a database lacks is said by a {@code boolean} method (e.g.
 * {@link #wakesByNotify()}); the methods that use it throw {@link UnsupportedOperationException} there.
 */
public interface DatabaseProfile {
    // --- what the database is

    /** The jOOQ dialect family every statement is rendered in. */
    SQLDialect dialect();

    /** The database's name as a user reads it in messages ("Derby", "PostgreSQL"). */
    String displayName();

    // --- names and sizes

    /** A plain name (letters, digits, underscore) in the case the database stores unquoted names in. */
    String foldPlain(String plainName);

    /** The longest relation name the database keeps whole, and how it counts. */
    NameLimit relationNameLimit();

    /**
     * The schema that holds one of kanon's namespaces ({@code KANON}, {@code KANON_DIM}, {@code KANON_RELEASE}) for
     * the database {@code url} connects to, as the database stores the name. Where a database has schemas this is the
     * folded name; where it has none (MariaDB: a schema is a database) it is a sibling database named after the
     * connected one, so two databases on one server keep their catalogs apart. A URL whose name cannot carry it is
     * refused with one line.
     */
    String namespace(String kanonSchema, String url);

    /** Columns per table, the longest VARCHAR, DECIMAL digits. */
    TableLimits tableLimits();

    /**
     * A numeric or temporal column's values as text (a release column mixing values with {@code *}); the rendering
     * is part of every stored re-check query, so it must never change for a database that has releases.
     */
    Field<String> asText(Field<?> numericOrTemporal);

    /**
     * Whether the database's equality of text ({@code =}, GROUP BY, DISTINCT) tells apart every two values a reader
     * tells apart. Where it does not (Derby pads with blanks; MariaDB's collations also ignore case) it can match a
     * value to a leaf of its hierarchy that differs from it as written, and kanon compares through {@link #exactText}.
     * Most databases' default collations compare as written.
     */
    default boolean comparesTextAsWritten() {
        return true;
    }

    /**
     * A VARCHAR value in a form whose equality, GROUP BY and DISTINCT keep case and trailing blanks (values as
     * written); the field itself where {@link #comparesTextAsWritten()}.
     */
    default Field<Object> exactText(Field<?> varchar) {
        return varchar.coerce(Object.class);
    }

    /** The database user of the session, as the database reports it (recorded with every release and run). */
    Field<String> currentUser();

    /** The database's current time to its finest fraction (leases of queued requests and runs are sub-second). */
    Field<java.time.LocalDateTime> currentTime();

    // --- resources shipped per database

    /** The infix of a template's variant for this database: {@code x.<variant>.sql} next to {@code x.sql}. */
    String templateVariant();

    /** The suffix of the migrations folder that only this database runs ({@code migrations-<suffix>}). */
    String migrationsSuffix();

    /**
     * Whether the shared migrations (top-level {@code migrations/}, SQL that Derby and PostgreSQL both accept) apply
     * here; else the database's own folder holds its whole catalog, up to the same latest version.
     */
    boolean runsSharedMigrations();

    /**
     * Whether kanon's catalog (its register of tables, hierarchies, releases and runs) lives in this database; else in
     * a transactional database of its own ({@code --catalog-db}), as on Trino, which has no transactions for it.
     */
    boolean keepsCatalog();

    /**
     * Whether writes can be grouped in a transaction; else every statement commits by itself (a lake catalog on
     * Trino) and the pool's connections ignore requests for a transaction.
     */
    boolean hasTransactions();

    /**
     * Whether a JDBC batch sends its rows together; else (Trino runs one query per batched row) rows are written
     * as multi-row VALUES statements.
     */
    boolean batchesRows();

    /**
     * The database's own path for an import's rows and every {@link org.kanon.db.RowBatch} (release, hierarchy and
     * candidate tables), faster than batched INSERTs (PostgreSQL: COPY FROM STDIN; DuckDB: its appender), or empty
     * where the batches are the fastest way kanon has (measured in src/test/bench/IMPORT-RESULTS.md and
     * RELEASE-IO-RESULTS.md).
     */
    java.util.Optional<BulkLoader> bulkLoader();

    /**
     * Whether the memory executor's zero-level set is grouped in the JVM from the streamed raw columns rather than by
     * the database's GROUP BY: only where the database runs in the same JVM and groups by sorting, so its GROUP BY
     * costs more than a hash table of the groups' codes and no row crosses a network.
     */
    boolean groupsZeroLevelInJvm();

    /**
     * The JDBC driver's class: kanon connects through it directly, never through {@link java.sql.DriverManager},
     * whose first use loads and registers every driver on the class path (six here, a third of a second of start-up).
     */
    String driverClassName();

    /**
     * Whether the engine reads tables of other catalogs it is configured with ({@code --table catalog.schema.table}:
     * Trino's postgresql catalog, a federated source).
     */
    boolean readsOtherCatalogs();

    /** Whether tables can have indexes (the dimension tables' keys); a lake has none and scans. */
    boolean hasIndexes();

    /** Whether scratch tables (temporary tables where the database has them) can have indexes. */
    default boolean indexesScratchTables() {
        return hasIndexes();
    }

    /**
     * Whether the catalog migrations (Flyway) run on a connection of their own, made from the URL alone, rather than
     * on the pool's: where the pool's connection properties ({@link #poolProperties}) change what Flyway reads from
     * the driver's metadata.
     */
    boolean migratesOnOwnConnection();

    /**
     * Whether CREATE and DROP take part in the surrounding transaction (a rollback undoes them). Where they do not
     * (MariaDB commits the transaction before and after each), a writer that fails after creating a relation drops it
     * itself.
     */
    boolean transactionalDdl();

    /**
     * Whether a release is written under staged names and then swapped into place by {@link #renameAll}: where DDL
     * commits by itself, so that a writer that fails or is killed never leaves a name without its old release, and
     * one statement renames several relations atomically.
     */
    boolean swapsStagedReleases();

    /**
     * Renames {@code from.get(i)} to {@code to.get(i)}, in list order, in one atomic statement; only where
     * {@link #swapsStagedReleases}.
     */
    void renameAll(DSLContext tx, List<Name> from, List<Name> to);

    // --- temporary tables

    /**
     * The name of a connection-private scratch table called {@code folded}; {@code catalog} is kanon's catalog
     * namespace ({@link #namespace}), for a database whose scratch tables cannot be temporary ones.
     */
    Name scratchTable(String catalog, String folded);

    /**
     * Scratch tables a killed process left in {@code catalog} (where they are real tables that outlive their session),
     * to be dropped; empty where scratch tables end with their session.
     */
    List<Name> abandonedScratchTables(DSLContext ctx, String catalog);

    /** A scratch table column's type as its CREATE statement spells it (jOOQ's cast names are not DDL everywhere). */
    String scratchColumnType(org.jooq.DataType<?> type, org.jooq.Configuration configuration);

    // --- planner hints, fences and statistics

    /** {@code table} aliased {@code alias}, first in a FROM list whose joins are to run in the order written. */
    Table<?> fixedJoinOrder(Table<?> table, Name alias);

    /**
     * {@code left} joined to {@code right} on {@code on}, the join to run in the order written where the database
     * must be told so beyond {@link #fixedJoinOrder} (the joins of a star: fact first, then each dimension by its key).
     */
    Table<?> joinInOrder(Table<?> left, Table<?> right, org.jooq.Condition on);

    /** The derived table {@code (derived) alias}, joined to what precedes it by hashing where the planner needs telling. */
    Table<?> hashJoined(Select<?> derived, Name alias);

    /** {@code select} as a derived table the planner keeps as one relation (does not pull its joins up). */
    <R extends Record> Select<R> fence(SelectLimitStep<R> select);

    /**
     * Refreshes the planner statistics of a table just filled (temporary tables included); returns the number of
     * statements run (0 where the database keeps no statistics it plans from).
     */
    int analyze(DSLContext ctx, QueryPart table);

    /**
     * Tunes {@code ctx}'s session for the SQL frequency executor's statements; returns the statements run. Undone by
     * {@link #resetFrequencySession}.
     */
    int tuneFrequencySession(DSLContext ctx);

    /** Undoes {@link #tuneFrequencySession} on the same session. */
    void resetFrequencySession(DSLContext ctx);

    /** Whether one statement can decide many groupings (GROUPING SETS); else a UNION ALL of GROUP BYs. */
    boolean groupingSets();

    /**
     * Whether a statement can name a query it reads several times ({@code WITH}, as Incognito's edge generation does);
     * else the query is stored in a scratch table first (a derived table in its place is evaluated again for every
     * row that reads it). Most databases have WITH.
     */
    default boolean commonTableExpressions() {
        return true;
    }

    /**
     * Whether Incognito's prune phase may be a condition of its join ({@code EXISTS} per candidate, run as a semi-join);
     * else the joined candidates are pruned by DELETEs after the join. Most databases join it.
     */
    default boolean prunesInJoin() {
        return true;
    }

    /**
     * Whether the frequency executor's sets should carry every coarser code of their attributes, so that a rollup is
     * a GROUP BY over one table rather than joins (and a stored zero-level set is used only when it is small): worth
     * it where the database copies every column of a row it builds once per joined table.
     */
    boolean wideFrequencySets();

    /**
     * The share of the table's rows up to which the SQL executor keeps the zero-level frequency set for its scans
     * (above it, scans read the table); {@code Double.POSITIVE_INFINITY}: always kept. A set that holds nearly the
     * table still spares the joins to the code tables; only where reading the set costs about what reading the table
     * does (Derby, whose wide sets are as wide as the table joined) is it not worth its write. By default always kept.
     */
    default double zeroSetMaxShare() {
        return Double.POSITIVE_INFINITY;
    }

    /**
     * What one statement costs beyond its work (a round trip, parsing and planning, a commit where every statement is
     * one), in rows a GROUP BY reads in the same time. The SQL executor weighs with it whether to store a failed
     * node's frequency set (a CREATE, an INSERT and a DROP) or let its successors read its source again.
     */
    long statementCostInRows();

    /**
     * Rows of a hierarchy up to which the SQL executor writes its codes into its statements as a VALUES list instead
     * of a scratch table (0: always a table): every table is a CREATE, an INSERT and a DROP, which on some
     * databases are each an expensive statement (a commit on Trino). By default 1,000: such a list parses in about a
     * millisecond.
     */
    default int inlineCodeRows() {
        return 1_000;
    }

    // --- connections and lifetime

    /** Sets what must be set before the JVM's first connection to this database (system properties). */
    void prepareJvm();

    /**
     * The properties every connection is made with: the user and password given ({@code credentials}, not changed), and
     * what this database needs besides when the user gave none.
     */
    default Properties connectionProperties(String url, Properties credentials) {
        return credentials;
    }

    /** Data source properties for the connection pool. */
    Map<String, String> poolProperties();

    /** Whether the URL names a database that lives in this process's memory only (gone when dropped or the JVM ends). */
    boolean isInMemory(String url);

    /**
     * The URL the user gave (--db, KANON_DB_URL, kanon.properties), as kanon connects with it: where the database is
     * created on first use by an attribute of the URL (Derby's {@code ;create=true}), that attribute added when absent.
     */
    default String creatingUrl(String url) {
        return url;
    }

    /**
     * The first connection to the database, made without a timeout where booting it may take long (recovery); the
     * caller closes it once its pool is up. Null when nothing needs booting.
     */
    Connection boot(String url, Properties credentials, PrintStream err) throws SQLException;

    /**
     * Ends the database after its last pool closed, when this process is the one that owns it: an embedded database
     * is shut down (or dropped, if {@code drop} and in memory); a server database is left alone.
     */
    void shutDown(String url, boolean drop, PrintStream err);

    /**
     * Whether the writing runs on one database within this process must take turns (embedded Derby: concurrent
     * identity values and DDL fail with lock time-outs); {@link #turnKey} then says which database a URL is.
     */
    boolean writersTakeTurns();

    /** The identity of the database behind {@code url}, for {@link #writersTakeTurns()}. */
    String turnKey(String url);

    // --- concurrency

    /**
     * Holds {@code key} until {@code tx}'s transaction ends (shared or exclusive); a database that one process opens
     * at a time, where one thread writes a name, holds nothing.
     */
    void lockName(DSLContext tx, long key, boolean shared);

    /**
     * Whether {@link #lockName} holds an exclusive name by the session rather than by the transaction, because the
     * database ends a transaction at every CREATE or DROP (MariaDB): the connection then gives its names back
     * ({@link #releaseNames}) when it returns to the pool, i.e. when the writing transaction has ended.
     */
    boolean namesHeldBySession();

    /** Gives back every name the session holds; only where {@link #namesHeldBySession()}. */
    void releaseNames(Connection connection) throws SQLException;

    /** Whether a queue claim can pass over rows other transactions hold ({@code FOR UPDATE SKIP LOCKED}). */
    boolean claimsBySkipLocked();

    /**
     * Why the server behind {@code meta} cannot serve the request queue (a version without what
     * {@link #claimsBySkipLocked} needs), as one line; null when it can.
     */
    String workerRefusal(java.sql.DatabaseMetaData meta) throws SQLException;

    /** Whether a waiting worker is woken by a notification (LISTEN/NOTIFY); else it polls. */
    boolean wakesByNotify();

    /** Subscribes {@code connection} to {@code channel}; only where {@link #wakesByNotify()}. */
    void listen(Connection connection, String channel) throws SQLException;

    /** Waits up to {@code millis} for a notification on a {@link #listen listening} connection. */
    void awaitNotification(Connection connection, long millis) throws SQLException;

    // --- views

    /** Creates {@code view} as {@code select}, guarded where the database can keep a reader's conditions out of it. */
    void createGuardedView(DSLContext tx, Name view, Select<?> select);

    /** Whether views can be security barriers (and release views are made so, and fenced). */
    boolean hasViewBarriers();

    /** Whether the view is a security barrier; only where {@link #hasViewBarriers()}. */
    boolean isSecurityBarrier(DSLContext ctx, String schema, String view);

    /**
     * The fence {@link #createGuardedView} ends every release view's definition with, as {@code kanon verify} names it
     * when a view lacks it ({@code OFFSET 0}); empty where verify checks none.
     */
    java.util.Optional<String> viewFence();

    /** Whether the view's definition ends in the fence {@link #createGuardedView} adds; only where {@link #viewFence()} is present. */
    boolean hasFencedDefinition(DSLContext ctx, String schema, String view);

    /** The views that read {@code schema.table} directly, as the database's own catalog records them. */
    List<DependentView> dependentViews(DSLContext ctx, String schema, String table);

    // --- SQL text kanon did not write

    /**
     * A connection of its own for SQL text kanon did not write ({@code Database#separateConnection}); where the URL
     * could let the driver send several statements in one text, a connection on which it cannot.
     */
    default Connection queryConnection(String url, Properties credentials) throws SQLException {
        return DirectDriver.connect(this, url, credentials);
    }

    /**
     * {@code text} (SQL kanon did not write, its first word SELECT or WITH) as it is sent to run read-only: itself,
     * or where a query's own clauses could write outside the transaction, the text placed where they are no syntax.
     */
    default String readOnlyText(String text) {
        return text;
    }

    /**
     * Starts the read-only transaction on {@code connection} (auto-commit already off): sets what the database takes
     * for read-only (the JDBC flag where the driver has it) and returns how many statements the database would run for {@code text} (1 where it prepares
     * exactly one by itself).
     */
    int beginReadOnly(Connection connection, String text) throws SQLException;

    /**
     * Whether a transaction can be rolled back to a savepoint and go on (an import then finds the one row of a refused
     * batch); else an error ends the whole transaction.
     */
    boolean hasSavepoints();

    /**
     * {@code connection} as kanon's SQL console (Derby's ij) is to use it: where the driver refuses calls the console
     * makes on every statement, a connection that answers them.
     */
    Connection forConsole(Connection connection);

    // --- errors

    /**
     * The message of an error of this database's driver without what the driver wraps it in, or null when {@code e}
     * is not its driver's (or its message is the whole message).
     */
    String primaryMessage(SQLException e);

    /**
     * The SQLState of an error this database's driver raised (the driver's own; derived from the error where the
     * driver sets none); null for an error of another database's driver that carries none.
     */
    String sqlState(SQLException e);

    /**
     * The JVM's text of an out-of-heap error that this driver reports as an SQLException of its own, without the
     * error as its cause; null for any other exception (the drivers that keep the OutOfMemoryError need nothing).
     */
    default String outOfHeap(SQLException e) {
        return null;
    }
}
