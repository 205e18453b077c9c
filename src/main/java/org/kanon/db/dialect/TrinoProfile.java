package org.kanon.db.dialect;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.QueryPart;
import org.jooq.Record;
import org.jooq.SQLDialect;
import org.jooq.Select;
import org.jooq.SelectLimitStep;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.InvalidInputException;

/**
 * Trino (476): a distributed SQL engine over a data lake, reached as {@code jdbc:trino://host:port/CATALOG/SCHEMA}.
 * The URL's catalog (Iceberg, or Trino's memory catalog) is where kanon writes: its namespaces are the schemas
 * {@code kanon}, {@code kanon_dim} and {@code kanon_release} of that catalog.
 *
 * <p>What Trino lacks, and what kanon does instead:
 * <ul>
 * <li>No transactions for writes (a lake catalog writes only in auto-commit, one statement at a time): kanon's
 * register lives in a transactional database of its own ({@link #keepsCatalog()}, {@code --catalog-db}); every
 * statement on Trino commits by itself ({@link #hasTransactions()}), and a writer that fails drops what it created
 * ({@link #transactionalDdl()}). A release is written, re-checked, and only then registered.</li>
 * <li>No temporary tables, no indexes, no identity columns: scratch tables are real tables in the {@code kanon}
 * schema with a random name, dropped when done.</li>
 * <li>No locks: the writer of a release holds its name in the catalog database for the whole write
 * ({@link org.kanon.db.CatalogNameHold}).</li>
 * <li>No security-barrier views: a release view is SECURITY DEFINER, so its reader needs no right on the source.</li>
 * <li>A JDBC batch runs one query per row: rows are sent as multi-row VALUES ({@link #batchesRows()}).</li>
 * </ul>
 */
public final class TrinoProfile implements DatabaseProfile {
    public static final TrinoProfile INSTANCE = new TrinoProfile();
    private static final String URL_PREFIX = "jdbc:trino:";
    /** {@code jdbc:trino://host:port/catalog/schema?...}. */
    private static final Pattern PATH = Pattern.compile("^jdbc:trino://[^/?]*(?:/([^/?]*))?(?:/([^/?]*))?");
    /**
     * Trino keeps names of any length; Iceberg's JDBC catalog stores a table's name in a VARCHAR(255). kanon keeps
     * Derby's limit, so a name that works on one works on all.
     */
    private static final NameLimit NAMES = new NameLimit(128, false, "Trino");
    /** Trino's VARCHAR is unbounded (kanon keeps PostgreSQL's bound), DECIMAL has 38 digits. */
    private static final TableLimits LIMITS = new TableLimits("Trino", 5_000, 10_485_760, 38);
    /** The prefix of every error the server reports: {@code Query failed (#20261127_180751_00006_jtjy4): }. */
    private static final Pattern QUERY_FAILED = Pattern.compile("^Query failed \\(#[^)]*\\): ");
    /** Trino's error codes (io.trino.spi.StandardErrorCode) that kanon tells apart. */
    private static final int PERMISSION_DENIED = 4;
    private static final int TRANSACTION_CONFLICT = 17;
    /**
     * The cluster lost a node or could not reach one mid-query: TOO_MANY_REQUESTS_FAILED, PAGE_TRANSPORT_ERROR,
     * PAGE_TRANSPORT_TIMEOUT, NO_NODES_AVAILABLE, REMOTE_TASK_ERROR, SERVER_SHUTTING_DOWN, SERVER_STARTING_UP,
     * REMOTE_HOST_GONE (a worker killed during a search), REMOTE_TASK_FAILED.
     */
    private static final java.util.Set<Integer> NODE_LOST = java.util.Set.of(65537, 65539, 65540, 65541, 65542, 65545, 65548, 65558, 65563);

    /** {@code user=} among a URL's parameters ({@code ?user=x} or {@code &user=x}). */
    private static final Pattern USER_PARAMETER = Pattern.compile("[?&]user=", Pattern.CASE_INSENSITIVE);

    private TrinoProfile() {
    }

    /**
     * Trino needs a user name for every query but checks no password without TLS: a URL and options without one
     * failed as "Authentication failed". As Trino's own CLI does, the user then defaults to the operating system's.
     */
    @Override
    public Properties connectionProperties(String url, Properties credentials) {
        if (credentials.getProperty("user") != null || USER_PARAMETER.matcher(url).find()) {
            return credentials;
        }
        Properties withUser = new Properties();
        withUser.putAll(credentials);
        String systemUser = System.getProperty("user.name");
        if (systemUser != null && !systemUser.isBlank()) {
            withUser.setProperty("user", systemUser);
        }
        return withUser;
    }

    @Override
    public SQLDialect dialect() {
        return SQLDialect.TRINO;
    }

    @Override
    public String displayName() {
        return "Trino";
    }

    /** Trino lower-cases every name, quoted or not. */
    @Override
    public String foldPlain(String plainName) {
        return plainName.toLowerCase(Locale.ROOT);
    }

    @Override
    public NameLimit relationNameLimit() {
        return NAMES;
    }

    /** The schema of the URL's catalog: {@code kanon}, {@code kanon_dim}, {@code kanon_release}. */
    @Override
    public String namespace(String kanonSchema, String url) {
        String schema = catalogAndSchema(url)[1];
        String own = kanonSchema.toLowerCase(Locale.ROOT);
        if (schema.equals("kanon") || schema.equals("kanon_dim") || schema.equals("kanon_release")) {
            // unqualified names would land beside kanon's own tables
            throw new InvalidInputException("--db: schema " + schema + " is one of kanon's own; connect to the schema that holds your tables");
        }
        return own;
    }

    /** The catalog and schema a Trino URL names; a URL without both is refused (kanon writes in that catalog). */
    static String[] catalogAndSchema(String url) {
        Matcher m = PATH.matcher(url);
        String catalog = m.find() ? m.group(1) : null;
        String schema = catalog == null ? null : m.group(2);
        if (catalog == null || catalog.isEmpty() || schema == null || schema.isEmpty()) {
            throw new InvalidInputException("--db: a Trino URL names its catalog and schema (jdbc:trino://host:port/<catalog>/<schema>, "
                    + "e.g. jdbc:trino://127.0.0.1:18080/iceberg/lake); kanon writes its tables in that catalog");
        }
        return new String[] {catalog.toLowerCase(Locale.ROOT), schema.toLowerCase(Locale.ROOT)};
    }

    @Override
    public TableLimits tableLimits() {
        return LIMITS;
    }

    @Override
    public Field<String> asText(Field<?> numericOrTemporal) {
        return DSL.field("CAST({0} AS VARCHAR)", SQLDataType.VARCHAR, numericOrTemporal);
    }

    @Override
    public Field<java.time.LocalDateTime> currentTime() {
        return DSL.field("LOCALTIMESTAMP(6)", java.time.LocalDateTime.class);
    }

    @Override
    public String templateVariant() {
        return "trino";
    }

    @Override
    public String migrationsSuffix() {
        return "trino";
    }

    /** Trino keeps no catalog of kanon's: nothing migrates there ({@link #keepsCatalog()}). */
    @Override
    public boolean runsSharedMigrations() {
        return false;
    }

    @Override
    public boolean keepsCatalog() {
        return false;
    }

    @Override
    public boolean hasTransactions() {
        return false;
    }

    @Override
    public boolean hasIndexes() {
        return false;
    }

    @Override
    public Field<String> currentUser() {
        return DSL.field("current_user", String.class); // jOOQ writes current_user(), which Trino refuses
    }

    @Override
    public boolean readsOtherCatalogs() {
        return true;
    }

    @Override
    public boolean batchesRows() {
        return false;
    }

    @Override
    public java.util.Optional<BulkLoader> bulkLoader() {
        return java.util.Optional.empty();
    }

    @Override
    public boolean groupsZeroLevelInJvm() {
        return false;
    }

    @Override
    public String driverClassName() {
        return "io.trino.jdbc.TrinoDriver";
    }

    @Override
    public boolean migratesOnOwnConnection() {
        return false;
    }

    /** Each statement commits by itself. */
    @Override
    public boolean transactionalDdl() {
        return false;
    }

    /** Trino renames one table at a time, so a swap could stop halfway: a replacement drops the old release first. */
    @Override
    public boolean swapsStagedReleases() {
        return false;
    }

    @Override
    public void renameAll(DSLContext tx, List<Name> from, List<Name> to) {
        throw new UnsupportedOperationException("Trino swaps no staged releases");
    }

    /**
     * Trino has no temporary tables: a real table in kanon's schema, private by a random token in its name, dropped
     * when its owner closes (and by the next run's sweep if the process was killed).
     */
    @Override
    public Name scratchTable(String catalog, String folded) {
        String token = Long.toString(java.util.concurrent.ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
        String name = "scratch_" + folded + "_" + Long.toString(System.currentTimeMillis() / 1000, 36) + "_" + token;
        return DSL.name(catalog, name.length() > NAMES.max() ? name.substring(0, NAMES.max()) : name);
    }

    /**
     * A scratch table's name carries the second it was made ({@link #scratchTable}); one older than
     * {@value #ABANDONED_AFTER_HOURS} hours belongs to a process that was killed (a search on Trino that runs that
     * long would be refused by the cluster's query time limits first) and is dropped by the next process.
     */
    @Override
    public List<Name> abandonedScratchTables(DSLContext ctx, String catalog) {
        long cutoff = System.currentTimeMillis() / 1000 - ABANDONED_AFTER_HOURS * 3600L;
        Field<String> schema = DSL.field(DSL.name("table_schema"), String.class);
        Field<String> table = DSL.field(DSL.name("table_name"), String.class);
        return ctx.select(table).from(DSL.table(DSL.name("information_schema", "tables")))
                .where(schema.eq(catalog)).and(table.like("scratch\\_%", '\\'))
                .fetch(table).stream()
                .filter(name -> madeBefore(name, cutoff))
                .map(name -> DSL.name(catalog, name))
                .toList();
    }

    private static final int ABANDONED_AFTER_HOURS = 12;

    /** Whether a scratch table's name says it was made before {@code cutoff} (seconds); false when it says nothing. */
    static boolean madeBefore(String name, long cutoff) {
        String[] parts = name.split("_");
        if (parts.length < 4) {
            return false;
        }
        try {
            long made = Long.parseLong(parts[parts.length - 2], 36);
            // a name of the older form (no time) has a number there: never before 2017 (1.5e9 s), so not taken for one
            return made > 1_500_000_000L && made < cutoff;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Trino's type names are its DDL names; a VARCHAR may go without a length. */
    @Override
    public String scratchColumnType(org.jooq.DataType<?> type, org.jooq.Configuration configuration) {
        String name = type.getTypeName(configuration).toLowerCase(Locale.ROOT);
        if (type.hasLength()) {
            return "varchar";
        }
        if (type.hasPrecision() && type.precisionDefined() && !type.isFloat() && name.startsWith("decimal")) {
            return "decimal(" + type.precision() + ", " + (type.hasScale() ? type.scale() : 0) + ")";
        }
        return name;
    }

    /** Trino's cost-based optimizer orders joins itself, from the lake's statistics. */
    @Override
    public Table<?> fixedJoinOrder(Table<?> table, Name alias) {
        return table.as(alias);
    }

    @Override
    public Table<?> joinInOrder(Table<?> left, Table<?> right, org.jooq.Condition on) {
        return left.join(right).on(on);
    }

    /** Trino hashes every equi-join (it has no other kind for tables without indexes). */
    @Override
    public Table<?> hashJoined(Select<?> derived, Name alias) {
        return derived.asTable(alias);
    }

    @Override
    public <R extends Record> Select<R> fence(SelectLimitStep<R> select) {
        return select;
    }

    /** Iceberg keeps column statistics with each file it writes; ANALYZE would scan the table again. */
    @Override
    public int analyze(DSLContext ctx, QueryPart table) {
        return 0;
    }

    @Override
    public int tuneFrequencySession(DSLContext ctx) {
        return 0;
    }

    @Override
    public void resetFrequencySession(DSLContext ctx) {
        // nothing was tuned
    }

    @Override
    public boolean groupingSets() {
        return true;
    }

    @Override
    public boolean wideFrequencySets() {
        return false;
    }

    /** A statement is planned by the coordinator and scheduled on the workers, a write is an Iceberg commit: 0.2-0.3 s each, while the workers read millions of rows. */
    @Override
    public long statementCostInRows() {
        return 5_000_000;
    }

    @Override
    public void prepareJvm() {
        // the driver needs no system properties
    }

    /**
     * {@code explicitPrepare=false}: a statement with parameters runs as one EXECUTE IMMEDIATE rather than a PREPARE
     * and an EXECUTE, half the round trips to the coordinator.
     */
    @Override
    public Map<String, String> poolProperties() {
        return Map.of("explicitPrepare", "false");
    }

    @Override
    public boolean isInMemory(String url) {
        return false;
    }

    @Override
    public Connection boot(String url, Properties credentials, PrintStream err) {
        return null;
    }

    @Override
    public void shutDown(String url, boolean drop, PrintStream err) {
        // kanon never stops a cluster
    }

    @Override
    public boolean writersTakeTurns() {
        return false;
    }

    @Override
    public String turnKey(String url) {
        throw new UnsupportedOperationException("Trino runs writers side by side; it has no turns");
    }

    /**
     * Trino has no locks. Two writers of one release name both write; the register (a transactional database)
     * admits the first, and the second, refused there, drops its relation again.
     */
    @Override
    public void lockName(DSLContext tx, long key, boolean shared) {
        // nothing to hold
    }

    @Override
    public boolean namesHeldBySession() {
        return false;
    }

    @Override
    public void releaseNames(Connection connection) {
        throw new UnsupportedOperationException("Trino holds no names");
    }

    @Override
    public boolean claimsBySkipLocked() {
        return false;
    }

    @Override
    public String workerRefusal(DatabaseMetaData meta) {
        return "Trino has no transactions for a request queue; run kanon worker against the catalog database (--catalog-db)";
    }

    @Override
    public boolean wakesByNotify() {
        return false;
    }

    @Override
    public void listen(Connection connection, String channel) {
        throw new UnsupportedOperationException("Trino has no notifications");
    }

    @Override
    public void awaitNotification(Connection connection, long millis) {
        throw new UnsupportedOperationException("Trino has no notifications");
    }

    /**
     * SECURITY DEFINER: the view reads the source with its owner's rights, so a reader is granted the view alone.
     * Trino has no security barrier, nor a fence its optimizer respects: a reader's predicate may be evaluated below
     * the view's class-size filter, on the rows of suppressed classes (a failing predicate then tells that one
     * exists; issue 32). A release whose readers must not probe what suppression hides is published as a table
     * ({@code --materialize}), as the README says.
     */
    @Override
    public void createGuardedView(DSLContext tx, Name view, Select<?> select) {
        tx.query("CREATE VIEW {0} SECURITY DEFINER AS {1}", view, select).execute();
    }

    @Override
    public boolean hasViewBarriers() {
        return false;
    }

    @Override
    public boolean isSecurityBarrier(DSLContext ctx, String schema, String view) {
        throw new UnsupportedOperationException("Trino has no security-barrier views");
    }

    @Override
    public java.util.Optional<String> viewFence() {
        return java.util.Optional.empty();
    }

    @Override
    public boolean hasFencedDefinition(DSLContext ctx, String schema, String view) {
        throw new UnsupportedOperationException("Trino has no security-barrier views");
    }

    /**
     * Trino records no dependencies between views and tables; information_schema.views keeps each view's text as
     * kanon wrote it, which names every table it reads as {@code "schema"."table"}.
     */
    @Override
    public List<DependentView> dependentViews(DSLContext ctx, String schema, String table) {
        Field<String> viewSchema = DSL.field(DSL.name("table_schema"), String.class);
        Field<String> viewName = DSL.field(DSL.name("table_name"), String.class);
        Field<String> definition = DSL.field(DSL.name("view_definition"), String.class);
        String needle = "\"" + schema.replace("\"", "\"\"") + "\".\"" + table.replace("\"", "\"\"") + "\"";
        return ctx.select(viewSchema, viewName, definition)
                .from(DSL.table(DSL.name("information_schema", "views")))
                .where(viewSchema.in("kanon", "kanon_dim", "kanon_release").or(viewSchema.eq(schema)))
                .orderBy(viewSchema, viewName)
                .fetch()
                .stream()
                .filter(r -> r.value3() != null && r.value3().contains(needle)
                        && !(r.value1().equals(schema) && r.value2().equals(table)))
                .map(r -> new DependentView(r.value1(), r.value2()))
                .toList();
    }

    /**
     * A READ ONLY transaction (Trino refuses any write in it: "Cannot execute write in a read-only transaction").
     * One statement: Trino's parser takes exactly one per request and refuses a second as a syntax error.
     */
    @Override
    public int beginReadOnly(Connection connection, String text) throws SQLException {
        connection.setReadOnly(true);
        return 1;
    }

    /** No savepoints in a lake. */
    @Override
    public boolean hasSavepoints() {
        return false;
    }

    @Override
    public Connection forConsole(Connection connection) {
        return connection;
    }

    /** The server's message without the driver's {@code Query failed (#id): } before it. */
    @Override
    public String primaryMessage(SQLException e) {
        String message = e.getMessage();
        if (message == null || !isTrinos(e)) {
            return null;
        }
        return QUERY_FAILED.matcher(message).replaceFirst("");
    }

    /**
     * The driver sets no SQLState: derived from Trino's error code (a lost coordinator, or a worker lost mid-query, is
     * a connection failure, 08006; a refused right 42501; a conflict between writers 40001).
     */
    @Override
    public String sqlState(SQLException e) {
        if (e.getSQLState() != null || !isTrinos(e)) {
            return null;
        }
        String message = String.valueOf(e.getMessage());
        if (message.startsWith("Error executing query") || message.startsWith("Error fetching next")
                || message.contains("Failed to connect") || message.startsWith("Error starting query")) {
            return "08006";
        }
        if (NODE_LOST.contains(e.getErrorCode())) {
            return "08006"; // a connection within the cluster failure: the statement is lost as with a lost server
        }
        if (e.getErrorCode() == PERMISSION_DENIED) {
            return "42501";
        }
        if (e.getErrorCode() == TRANSACTION_CONFLICT) {
            return "40001";
        }
        return null;
    }

    /** Whether the Trino driver raised {@code e}. */
    private static boolean isTrinos(SQLException e) {
        StackTraceElement[] frames = e.getStackTrace();
        for (int i = 0; i < Math.min(frames.length, 8); i++) {
            if (frames[i].getClassName().startsWith("io.trino.jdbc.")) {
                return true;
            }
        }
        return false;
    }
}
