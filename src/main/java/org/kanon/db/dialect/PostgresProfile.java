package org.kanon.db.dialect;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
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
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.postgresql.PGConnection;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.Query;

/**
 * PostgreSQL, a server many kanon processes share. It plans from statistics (so kanon refreshes them after a fill),
 * pulls derived tables up unless fenced by {@code OFFSET 0}, has GROUPING SETS, SKIP LOCKED, LISTEN/NOTIFY,
 * advisory locks and security-barrier views, and truncates identifiers over 63 bytes.
 */
public final class PostgresProfile implements DatabaseProfile {
    private static final BulkLoader COPY = new PostgresCopy();
    public static final PostgresProfile INSTANCE = new PostgresProfile();
    private static final NameLimit NAMES = new NameLimit(63, true, "PostgreSQL");
    /** The end of every release view's definition, as pg_views shows it. */
    private static final Pattern OFFSET_FENCE = Pattern.compile("(?i)\\bOFFSET\\s+0[;\\s]*$");

    private static final String WORK_MEM = "work_mem";
    private static final String GROUPING_SETS_WORK_MEM = "128MB";
    private static final String NESTED_LOOPS = "enable_nestloop";
    private static final String MERGE_JOINS = "enable_mergejoin";
    private static final String JOIN_ORDER = "join_collapse_limit";
    private static final String TEMP_BUFFERS = "temp_buffers";
    private static final String JIT = "jit";
    private static final String SETS_TEMP_BUFFERS = "256MB";

    private PostgresProfile() {
    }

    @Override
    public SQLDialect dialect() {
        return SQLDialect.POSTGRES;
    }

    @Override
    public String displayName() {
        return "PostgreSQL";
    }

    @Override
    public String foldPlain(String plainName) {
        return plainName.toLowerCase(Locale.ROOT);
    }

    /** kanon's namespaces are schemas of the connected database, named as written. */
    @Override
    public String namespace(String kanonSchema, String url) {
        return foldPlain(kanonSchema);
    }

    @Override
    public NameLimit relationNameLimit() {
        return NAMES;
    }

    @Override
    public TableLimits tableLimits() {
        return TableLimits.POSTGRES;
    }

    @Override
    public Field<String> asText(Field<?> numericOrTemporal) {
        return numericOrTemporal.cast(SQLDataType.VARCHAR(40));
    }

    /** CURRENT_TIMESTAMP keeps its fraction here. */
    @Override
    public Field<java.time.LocalDateTime> currentTime() {
        return DSL.currentLocalDateTime();
    }

    @Override
    public String templateVariant() {
        return "postgres";
    }

    @Override
    public String migrationsSuffix() {
        return "postgresql";
    }

    @Override
    public boolean keepsCatalog() {
        return true;
    }

    @Override
    public boolean hasTransactions() {
        return true;
    }

    @Override
    public boolean hasIndexes() {
        return true;
    }

    /**
     * No indexes on scratch tables: Incognito's node and edge tables hold at most two iterations' rows, which hash
     * joins read whole anyway; on Adult at 9 QIs maintaining three indexes cost more than they saved (join and prune
     * 290 -> 200 ms, edges 380 -> 290 ms over the search) and three statements.
     */
    @Override
    public boolean indexesScratchTables() {
        return false;
    }

    @Override
    public Field<String> currentUser() {
        return DSL.currentUser();
    }

    @Override
    public boolean readsOtherCatalogs() {
        return false;
    }

    @Override
    public List<Name> abandonedScratchTables(DSLContext ctx, String catalog) {
        return List.of(); // scratch tables are temporary: they end with their session
    }

    @Override
    public boolean batchesRows() {
        return true;
    }

    /** COPY FROM STDIN: the write pass of Adult about 4x faster than batched INSERTs (src/test/bench/IMPORT-RESULTS.md). */
    @Override
    public java.util.Optional<BulkLoader> bulkLoader() {
        return java.util.Optional.of(COPY);
    }

    @Override
    public boolean groupsZeroLevelInJvm() {
        return false;
    }

    @Override
    public String driverClassName() {
        return "org.postgresql.Driver";
    }

    @Override
    public boolean runsSharedMigrations() {
        return true;
    }

    @Override
    public boolean transactionalDdl() {
        return true;
    }

    /** CREATE and DROP roll back with the release's transaction: nothing to stage. */
    @Override
    public boolean swapsStagedReleases() {
        return false;
    }

    @Override
    public void renameAll(DSLContext tx, List<Name> from, List<Name> to) {
        throw new UnsupportedOperationException("PostgreSQL swaps no staged releases");
    }

    @Override
    public boolean migratesOnOwnConnection() {
        return false;
    }

    /** Temporary tables live in pg_temp, which is searched first: the plain name. */
    @Override
    public String scratchColumnType(org.jooq.DataType<?> type, org.jooq.Configuration configuration) {
        return type.getCastTypeName(configuration); // the cast names are DDL here
    }

    @Override
    public Name scratchTable(String catalog, String folded) {
        return DSL.name(folded);
    }

    /**
     * PostgreSQL takes no hint in the statement: the executor's session plans joins in the order written
     * ({@link #tuneFrequencySession}), elsewhere its statistics choose.
     */
    @Override
    public Table<?> fixedJoinOrder(Table<?> table, Name alias) {
        return table.as(alias);
    }

    /** The frequency session plans joins in the order written ({@link #tuneFrequencySession}). */
    @Override
    public Table<?> joinInOrder(Table<?> left, Table<?> right, org.jooq.Condition on) {
        return left.join(right).on(on);
    }

    /** PostgreSQL hashes the grouped derived table by itself (see ReleaseWriter's CLASS_KEPT for its plan). */
    @Override
    public Table<?> hashJoined(Select<?> derived, Name alias) {
        return derived.asTable(alias);
    }

    /**
     * PostgreSQL would pull a derived table's joins up into the outer join and, with the estimate of a join over
     * every QI (one row), order them into nested loops: 1.8 s instead of 0.1 s per query of a view over Adult.
     * Nothing is pulled out of a query with an OFFSET.
     */
    @Override
    public <R extends Record> Select<R> fence(SelectLimitStep<R> select) {
        return select.offset(DSL.inline(0));
    }

    /**
     * PostgreSQL plans from statistics: right after an import (autovacuum may be off, or simply not yet run) it
     * estimated 76 million rows for 211 classes and took minutes over a release view instead of 3 s; without them it
     * guesses thousands of rows for a temporary table and joins sets to it by nested loops.
     */
    @Override
    public int analyze(DSLContext ctx, QueryPart table) {
        ctx.query("ANALYZE {0}", table).execute();
        return 1;
    }

    /**
     * The default work_mem (4 MB) makes a batch of GROUPING SETS over Adult sort on disk, one external sort per set;
     * with room for them it hashes every set in one pass (about 1.6 times faster on Adult at 9 QIs). Nested loops are
     * switched off: the frequency sets are temporary tables without statistics, the planner then expects a handful of
     * rows after two or three joins to the code tables and loops over every code table once per row of a 10,000-row set
     * (250 ms where hash joins take 20 ms); every join there is an equi-join to a small table, which a hash join always
     * serves well. Merge joins are off for the same reason: Incognito's node table has no statistics either, and the
     * planner, expecting 69 rows where there were 3,033, merge-joined the eight EXISTS of its prune on a prefix of
     * their keys and sorted a million rows (460 ms for an iteration, 90 ms by hashing). The joins are planned in the
     * order written (join_collapse_limit 1): the set first, then each code table, as on Derby; weighing every order of
     * nine joins can cost the planner more than running the statement. temp_buffers (8 MB by default) keeps the
     * temporary tables in memory: a failed set of Adult is about 1 MB, and dozens are alive at once. All are set for
     * this session only; all but temp_buffers (fixed once the session has used a temporary table) are reset by
     * {@link #resetFrequencySession}. JIT is off: with nested loops disabled every plan that could use one costs 10^10, far
     * above jit_above_cost, and the server then compiled a 25-row join of Incognito's graph generation for 84 ms; no
     * statement of the search runs long enough to repay compiling. One SELECT of set_config sets them all: a round
     * trip, not five.
     */
    @Override
    public int tuneFrequencySession(DSLContext ctx) {
        ctx.select(setConfig(WORK_MEM, GROUPING_SETS_WORK_MEM), setConfig(NESTED_LOOPS, "off"),
                setConfig(MERGE_JOINS, "off"), setConfig(JOIN_ORDER, "1"), setConfig(JIT, "off")).fetch();
        ctx.connection(connection -> {
            // a pooled connection that has already used a temporary table keeps its temp_buffers: only slower; inside
            // a transaction (the zero-level read) the refused SET would abort it, so it is tried under a savepoint
            java.sql.Savepoint before = connection.getAutoCommit() ? null : connection.setSavepoint();
            try {
                ctx.set(DSL.name(TEMP_BUFFERS), DSL.inline(SETS_TEMP_BUFFERS)).execute();
            } catch (DataAccessException e) {
                if (before != null) {
                    connection.rollback(before);
                }
                return;
            }
            if (before != null) {
                connection.releaseSavepoint(before);
            }
        });
        return 2;
    }

    /** {@code set_config(name, value, false)}: the setting for the session, as SET does. */
    private static Field<String> setConfig(String name, String value) {
        return DSL.function("set_config", String.class, DSL.inline(name), DSL.inline(value), DSL.inline(false));
    }

    @Override
    public void resetFrequencySession(DSLContext ctx) {
        // RESET as a function: the value the session would have without SET, read from pg_settings
        List<Field<?>> resets = new ArrayList<>();
        for (String name : List.of(WORK_MEM, NESTED_LOOPS, MERGE_JOINS, JOIN_ORDER, JIT)) {
            resets.add(setConfig(name, DSL.field(DSL.select(DSL.field(DSL.name("reset_val"), String.class))
                    .from(DSL.table(DSL.name("pg_catalog", "pg_settings"))).where(DSL.field(DSL.name("name")).eq(DSL.inline(name))))));
        }
        ctx.select(resets).fetch();
    }

    private static Field<String> setConfig(String name, Field<String> value) {
        return DSL.function("set_config", String.class, DSL.inline(name), value, DSL.inline(false));
    }

    @Override
    public boolean groupingSets() {
        return true;
    }

    /**
     * Wide: every set carries the codes of its coarser levels, so a batch of verdicts from the zero-level set groups
     * one table without joins. On Adult at 9 QIs the search's GROUPING SETS statements took 339 ms instead of 458 ms.
     */
    @Override
    public boolean wideFrequencySets() {
        return true;
    }

    /** A round trip, parse, plan and execution start: about 1 ms on the same machine, the time PostgreSQL hashes some 30,000 rows of a frequency set. */
    @Override
    public long statementCostInRows() {
        return 30_000;
    }

    @Override
    public void prepareJvm() {
        // nothing: the driver needs no system properties
    }

    /** The driver turns a batch of single-row INSERTs into multi-row statements: 1.3-1.6x faster imports. */
    @Override
    public Map<String, String> poolProperties() {
        return Map.of("reWriteBatchedInserts", "true");
    }

    @Override
    public boolean isInMemory(String url) {
        return false;
    }

    @Override
    public Connection boot(String url, Properties credentials, PrintStream err) {
        return null; // a server is up or it is not: the pool's timeout applies
    }

    /** kanon never stops a server; it only closes its own connections. */
    @Override
    public void shutDown(String url, boolean drop, PrintStream err) {
        // nothing to end
    }

    @Override
    public boolean writersTakeTurns() {
        return false;
    }

    @Override
    public String turnKey(String url) {
        throw new UnsupportedOperationException("PostgreSQL runs writers side by side; it has no turns");
    }

    /** A transaction-level advisory lock: released when the transaction ends, whatever happens. */
    @Override
    public void lockName(DSLContext tx, long key, boolean shared) {
        tx.select(DSL.function(shared ? "pg_advisory_xact_lock_shared" : "pg_advisory_xact_lock", Object.class, DSL.val(key))).fetch();
    }

    /** Advisory transaction locks end with the transaction. */
    @Override
    public boolean namesHeldBySession() {
        return false;
    }

    @Override
    public void releaseNames(Connection connection) {
        throw new UnsupportedOperationException("PostgreSQL holds names by the transaction");
    }

    @Override
    public boolean claimsBySkipLocked() {
        return true;
    }

    /** Every supported version can: SKIP LOCKED is in PostgreSQL since 9.5, older than any the driver supports. */
    @Override
    public String workerRefusal(java.sql.DatabaseMetaData meta) {
        return null;
    }

    @Override
    public boolean wakesByNotify() {
        return true;
    }

    /** The channel is a constant of kanon's, not user input: it is written into LISTEN, which takes no parameter. */
    @Override
    public void listen(Connection connection, String channel) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute("LISTEN " + channel);
        }
    }

    @Override
    public void awaitNotification(Connection connection, long millis) throws SQLException {
        connection.unwrap(PGConnection.class).getNotifications((int) Math.min(Integer.MAX_VALUE, millis));
    }

    /**
     * A security barrier makes the planner evaluate a reader's own conditions only on rows the view lets through; a
     * plain view is merged into the reader's query, and a condition the reader wrote (a {@code pg_temp} function that
     * records its arguments, or a cast that fails with the text of the value) may run on the rows it filters out.
     * The view is also {@code SELECT * FROM (select) OFFSET 0}: a barrier still lets the planner push a reader's
     * <em>leakproof</em> conditions below the view's filter, and {@code EXPLAIN ANALYZE} then shows how many
     * filtered-out rows matched them (values of suppressed rows found by bisection); nothing is pushed into a query
     * with an OFFSET.
     */
    @Override
    public void createGuardedView(DSLContext tx, Name view, Select<?> select) {
        tx.createView(view).as(DSL.selectFrom(select.asTable(DSL.name("released"))).offset(DSL.inline(0))).execute();
        // jOOQ's CREATE VIEW has no WITH (options) clause; a second statement in the same transaction is atomic
        tx.query("ALTER VIEW {0} SET (security_barrier = true)", view).execute();
    }

    @Override
    public boolean hasViewBarriers() {
        return true;
    }

    @Override
    public boolean isSecurityBarrier(DSLContext ctx, String schema, String view) {
        String[] options = ctx.select(DSL.field(DSL.name("c", "reloptions"), String[].class))
                .from(DSL.table(DSL.name("pg_catalog", "pg_class")).as("c"))
                .join(DSL.table(DSL.name("pg_catalog", "pg_namespace")).as("n"))
                .on(DSL.field(DSL.name("n", "oid")).eq(DSL.field(DSL.name("c", "relnamespace"))))
                .where(DSL.field(DSL.name("n", "nspname"), String.class).eq(schema))
                .and(DSL.field(DSL.name("c", "relname"), String.class).eq(view))
                .fetchOne(0, String[].class);
        return options != null && Arrays.asList(options).contains("security_barrier=true");
    }

    /** The same test as migration V8 and least-privilege.sql. */
    @Override
    public java.util.Optional<String> viewFence() {
        return java.util.Optional.of("OFFSET 0");
    }

    @Override
    public boolean hasFencedDefinition(DSLContext ctx, String schema, String view) {
        String definition = ctx.select(DSL.field(DSL.name("definition"), String.class))
                .from(DSL.table(DSL.name("pg_catalog", "pg_views")))
                .where(DSL.field(DSL.name("schemaname"), String.class).eq(schema))
                .and(DSL.field(DSL.name("viewname"), String.class).eq(view))
                .fetchOne(0, String.class);
        return definition != null && OFFSET_FENCE.matcher(definition).find();
    }

    /**
     * pg_depend: a view reads through its rewrite rule (pg_rewrite), which depends on each table it reads; the rule
     * also depends on its own view, which is left out.
     */
    @Override
    public List<DependentView> dependentViews(DSLContext ctx, String schema, String table) {
        Table<?> depend = pg("pg_depend", "d");
        Table<?> rewrite = pg("pg_rewrite", "r");
        Table<?> views = pg("pg_class", "v");
        Table<?> viewSchemas = pg("pg_namespace", "vn");
        Table<?> tables = pg("pg_class", "t");
        Table<?> tableSchemas = pg("pg_namespace", "tn");
        Field<String> viewSchema = CatalogFields.field("vn", "nspname");
        Field<String> viewName = CatalogFields.field("v", "relname");
        return ctx.selectDistinct(viewSchema, viewName)
                .from(depend)
                .join(rewrite).on(CatalogFields.field("r", "oid").eq(CatalogFields.field("d", "objid"))
                        .and(CatalogFields.field("d", "classid").eq(regclass("pg_rewrite"))))
                .join(views).on(CatalogFields.field("v", "oid").eq(CatalogFields.field("r", "ev_class")))
                .join(viewSchemas).on(CatalogFields.field("vn", "oid").eq(CatalogFields.field("v", "relnamespace")))
                .join(tables).on(CatalogFields.field("t", "oid").eq(CatalogFields.field("d", "refobjid"))
                        .and(CatalogFields.field("d", "refclassid").eq(regclass("pg_class"))))
                .join(tableSchemas).on(CatalogFields.field("tn", "oid").eq(CatalogFields.field("t", "relnamespace")))
                .where(CatalogFields.field("tn", "nspname").eq(schema))
                .and(CatalogFields.field("t", "relname").eq(table))
                .and(CatalogFields.field("v", "oid").ne(CatalogFields.field("t", "oid")))
                .orderBy(viewSchema, viewName)
                .fetch(r -> new DependentView(r.value1(), r.value2()));
    }

    private static Table<?> pg(String catalogTable, String alias) {
        return DSL.table(DSL.name("pg_catalog", catalogTable)).as(alias);
    }

    /** The oid of a system catalog, as pg_depend's classid and refclassid hold it. */
    private static Field<Object> regclass(String catalogTable) {
        return DSL.field("{0}::regclass", DSL.inline("pg_catalog." + catalogTable));
    }

    /**
     * {@code SET TRANSACTION READ ONLY} explicitly, whatever the driver's readOnlyMode; then the statements the
     * driver's own parser (the one that splits a text into the statements it sends) finds, as a prepared statement
     * would send them: the server refuses a prepared statement that holds more than one.
     */
    @Override
    public int beginReadOnly(Connection connection, String text) throws SQLException {
        connection.setReadOnly(true);
        try (Statement s = connection.createStatement()) {
            s.execute("SET TRANSACTION READ ONLY");
        }
        Query query = connection.unwrap(BaseConnection.class).createQuery(text, true, true).query;
        Query[] statements = query.getSubqueries();
        return statements == null ? 1 : statements.length;
    }

    @Override
    public Connection forConsole(Connection connection) {
        return connection;
    }

    @Override
    public boolean hasSavepoints() {
        return true;
    }

    /** The server's primary message (without "ERROR:", DETAIL, HINT or position). */
    @Override
    public String primaryMessage(SQLException e) {
        if (e instanceof org.postgresql.util.PSQLException p && p.getServerErrorMessage() != null
                && p.getServerErrorMessage().getMessage() != null) {
            return p.getServerErrorMessage().getMessage();
        }
        return null;
    }

    @Override
    public String sqlState(SQLException e) {
        return e.getSQLState();
    }
}
