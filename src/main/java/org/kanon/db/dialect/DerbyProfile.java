package org.kanon.db.dialect;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
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
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/**
 * Apache Derby, embedded in kanon's own JVM (on disk or in memory). Its optimizer takes hints from
 * {@code --DERBY-PROPERTIES} comments, which must end their line; it has no GROUPING SETS, no SKIP LOCKED, no
 * notifications, no security-barrier views, and no statistics worth refreshing after a fill.
 */
public final class DerbyProfile implements DatabaseProfile {
    public static final DerbyProfile INSTANCE = new DerbyProfile();
    /** Derby's schema of temporary tables ({@code DECLARE GLOBAL TEMPORARY TABLE}). */
    private static final String TEMP_SCHEMA = "SESSION";
    private static final String URL_PREFIX = "jdbc:derby:";
    private static final NameLimit NAMES = new NameLimit(128, false, "Derby");

    private DerbyProfile() {
    }

    @Override
    public SQLDialect dialect() {
        return SQLDialect.DERBY;
    }

    @Override
    public String displayName() {
        return "Derby";
    }

    @Override
    public String foldPlain(String plainName) {
        return plainName.toUpperCase(Locale.ROOT);
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
        return TableLimits.DERBY;
    }

    /** Derby cannot cast a number to VARCHAR, only to CHAR: hence the detour through CHAR and TRIM. */
    @Override
    public Field<String> asText(Field<?> numericOrTemporal) {
        return DSL.trim(numericOrTemporal.cast(SQLDataType.CHAR(40)));
    }

    /** VARCHARs compare with PAD SPACE: '53715 ' equals '53715'. */
    @Override
    public boolean comparesTextAsWritten() {
        return false;
    }

    /** A character appended after the value: trailing blanks are then inside it, where PAD SPACE compares them. */
    @Override
    public Field<Object> exactText(Field<?> varchar) {
        return DSL.field("({0} || '.')", Object.class, varchar);
    }

    /** CURRENT_TIMESTAMP keeps its fraction here. */
    @Override
    public Field<java.time.LocalDateTime> currentTime() {
        return DSL.currentLocalDateTime();
    }

    @Override
    public String templateVariant() {
        return "derby";
    }

    @Override
    public String migrationsSuffix() {
        return "derby";
    }

    @Override
    public boolean keepsCatalog() {
        return true;
    }

    @Override
    public boolean hasTransactions() {
        return true;
    }

    /**
     * Derby ran the prune's EXISTS inside the join as a scan of the (unindexed, temporary) node table per joined pair,
     * but a DELETE ... NOT EXISTS after the join as a hash anti-join: Adult at 9 QIs, k = 2, the sql executor's search
     * took 7.0 s instead of 25 s.
     */
    @Override
    public boolean prunesInJoin() {
        return false;
    }

    /** Derby refuses indexes on a declared global temporary table. */
    @Override
    public boolean indexesScratchTables() {
        return false;
    }

    @Override
    public boolean hasIndexes() {
        return true;
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

    @Override
    public java.util.Optional<BulkLoader> bulkLoader() {
        return java.util.Optional.empty();
    }

    /** Embedded, and its GROUP BY sorts: 3x the time of streaming the columns into a hash table (Adult, warm). */
    @Override
    public boolean groupsZeroLevelInJvm() {
        return true;
    }

    @Override
    public String driverClassName() {
        return "org.apache.derby.iapi.jdbc.AutoloadedDriver";
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
        throw new UnsupportedOperationException("Derby swaps no staged releases");
    }

    @Override
    public boolean migratesOnOwnConnection() {
        return false;
    }

    @Override
    public String scratchColumnType(org.jooq.DataType<?> type, org.jooq.Configuration configuration) {
        return type.getCastTypeName(configuration); // the cast names are DDL here
    }

    @Override
    public Name scratchTable(String catalog, String folded) {
        return DSL.name(TEMP_SCHEMA, folded);
    }

    /**
     * Derby's optimizer otherwise weighs every order of a star's joins and spends 26-46 s compiling a 9-hierarchy
     * frequency set that then runs in 0.4 s; the table first, each joined table after it, is the right plan anyway.
     */
    @Override
    public Table<?> fixedJoinOrder(Table<?> table, Name alias) {
        return DSL.table(DSL.sql("--DERBY-PROPERTIES joinOrder=FIXED\n{0} {1}", table, alias));
    }

    /** The order is fixed by {@link #fixedJoinOrder}'s hint. */
    @Override
    public Table<?> joinInOrder(Table<?> left, Table<?> right, org.jooq.Condition on) {
        return left.join(right).on(on);
    }

    /**
     * Derby picks a nested-loop join against a grouped derived table and re-evaluates it per row (28 s instead of
     * 2.5 s for a view over Adult): the override comment asks for a hash join.
     */
    @Override
    public Table<?> hashJoined(Select<?> derived, Name alias) {
        return DSL.table(DSL.sql("({0}) {1} --DERBY-PROPERTIES joinStrategy=HASH\n", derived, alias));
    }

    /** Derby does not pull a derived table's joins up: nothing to fence. */
    @Override
    public <R extends Record> Select<R> fence(SelectLimitStep<R> select) {
        return select;
    }

    /** Derby plans without statistics a fill would make stale. */
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
        return false;
    }

    /** Derby has no WITH. */
    @Override
    public boolean commonTableExpressions() {
        return false;
    }

    /**
     * On Derby a join copies every column of the row it builds, once per joined table, and its hash joins were the
     * largest part of the search (28 % of the samples on Adult at 9 QIs); a set's extra columns cost less.
     */
    @Override
    public boolean wideFrequencySets() {
        return true;
    }

    @Override
    public double zeroSetMaxShare() {
        return 0.8;
    }

    /** Derby sends no statement over a wire, but compiles each one to Java classes: about 5,000 rows of a GROUP BY. */
    @Override
    public long statementCostInRows() {
        return 5_000;
    }

    /** Derby compiles a statement to one Java method, and a VALUES list of a thousand rows would outgrow it; its scratch tables cost no file and no commit. */
    @Override
    public int inlineCodeRows() {
        return 0;
    }

    @Override
    public void prepareJvm() {
        // the name of org.kanon.db.DerbyLog, which bin/kanon and the benchmark scripts also give: without it Derby
        // writes derby.log into whatever directory the user happens to run kanon from
        if (System.getProperty("derby.stream.error.field") == null) {
            System.setProperty("derby.stream.error.field", "org.kanon.db.DerbyLog.DEV_NULL");
        }
        DerbyTuning.apply();
    }

    @Override
    public Map<String, String> poolProperties() {
        return Map.of();
    }

    @Override
    public boolean isInMemory(String url) {
        return url.startsWith(URL_PREFIX + "memory:");
    }

    /** {@code jdbc:derby:/a/new/folder} makes the database there, as the default URL does; a URL that says create=false keeps it. */
    @Override
    public String creatingUrl(String url) {
        boolean says = Arrays.stream(url.split(";")).skip(1)
                .anyMatch(a -> a.strip().toLowerCase(Locale.ROOT).startsWith("create="));
        return says ? url : url + ";create=true";
    }

    @Override
    public Connection boot(String url, Properties credentials, PrintStream err) throws SQLException {
        return DerbyBoot.boot(url, credentials, err);
    }

    /**
     * An on-disk database is shut down so the next run does not have to recover it; an in-memory one is dropped
     * when asked (else it stays for the JVM's other users). The engine itself stays up (shutting it down
     * deregisters the driver for this JVM).
     */
    @Override
    public void shutDown(String url, boolean drop, PrintStream err) {
        boolean memory = isInMemory(url);
        if (memory && !drop) {
            return;
        }
        String action = memory ? ";drop=true" : ";shutdown=true";
        try (Connection ignored = DirectDriver.connect(this, URL_PREFIX + JdbcUrls.derbyDatabase(url) + action, new java.util.Properties())) {
            // Derby always reports success of shutdown/drop as an SQLException (08006)
        } catch (SQLException expected) {
            if (!"08006".equals(expected.getSQLState()) && !"XJ004".equals(expected.getSQLState())) {
                err.println("kanon: warning: closing " + JdbcUrls.maskPassword(url) + ": " + expected.getMessage());
            }
        }
    }

    /**
     * Concurrent transactions that take identity values (spec_runs, releases) while others write DDL fail at once
     * with 40XL1 "A lock could not be obtained" (Derby's SequenceUpdater gives up on the contended SYSSEQUENCES row).
     */
    @Override
    public boolean writersTakeTurns() {
        return true;
    }

    @Override
    public String turnKey(String url) {
        return JdbcUrls.derbyDatabase(url);
    }

    /**
     * Embedded Derby is opened by one process at a time (a second one gets XSDB6), and inside one JVM kanon writes
     * one name from one thread: no lock needed.
     */
    @Override
    public void lockName(DSLContext tx, long key, boolean shared) {
        // nothing to hold
    }

    /** Nothing is held (one process, one writing thread per name). */
    @Override
    public boolean namesHeldBySession() {
        return false;
    }

    @Override
    public void releaseNames(Connection connection) {
        throw unsupported("names held by the session");
    }

    @Override
    public boolean claimsBySkipLocked() {
        return false;
    }

    /** Every supported version can: a conditional UPDATE claims a request. */
    @Override
    public String workerRefusal(java.sql.DatabaseMetaData meta) {
        return null;
    }

    @Override
    public boolean wakesByNotify() {
        return false;
    }

    @Override
    public void listen(Connection connection, String channel) {
        throw unsupported("notifications (LISTEN)");
    }

    @Override
    public void awaitNotification(Connection connection, long millis) {
        throw unsupported("notifications (LISTEN)");
    }

    /**
     * Derby has no security-barrier views, and it pushes a reader's conditions into a view's query: there they ran on
     * the rows of suppressed classes (a failing {@code EXP} told that one existed; issue 32). It pushes nothing into
     * a query with OFFSET, so the view is fenced by {@code OFFSET 0 ROWS}. (Embedded Derby has no reader role, but a
     * Derby network server can.)
     */
    @Override
    public void createGuardedView(DSLContext tx, Name view, Select<?> select) {
        tx.createView(view).as(DSL.selectFrom(select.asTable(DSL.name("released"))).offset(DSL.inline(0))).execute();
    }

    @Override
    public boolean hasViewBarriers() {
        return false;
    }

    @Override
    public boolean isSecurityBarrier(DSLContext ctx, String schema, String view) {
        throw unsupported("security-barrier views");
    }

    /** Derby's views are fenced, but embedded Derby has no reader role to check them for. */
    @Override
    public java.util.Optional<String> viewFence() {
        return java.util.Optional.empty();
    }

    @Override
    public boolean hasFencedDefinition(DSLContext ctx, String schema, String view) {
        throw unsupported("security-barrier views");
    }

    /** SYS.SYSDEPENDS: a view's row has the view's TABLEID as dependent and each table it reads as provider. */
    @Override
    public List<DependentView> dependentViews(DSLContext ctx, String schema, String table) {
        Table<?> depends = DSL.table(DSL.name("SYS", "SYSDEPENDS")).as("d");
        Table<?> views = DSL.table(DSL.name("SYS", "SYSTABLES")).as("v");
        Table<?> viewSchemas = DSL.table(DSL.name("SYS", "SYSSCHEMAS")).as("vs");
        Table<?> tables = DSL.table(DSL.name("SYS", "SYSTABLES")).as("t");
        Table<?> tableSchemas = DSL.table(DSL.name("SYS", "SYSSCHEMAS")).as("ts");
        Field<String> viewSchema = CatalogFields.field("vs", "SCHEMANAME");
        Field<String> viewName = CatalogFields.field("v", "TABLENAME");
        return ctx.selectDistinct(viewSchema, viewName)
                .from(depends)
                .join(views).on(CatalogFields.field("v", "TABLEID").eq(CatalogFields.field("d", "DEPENDENTID")))
                .join(viewSchemas).on(CatalogFields.field("vs", "SCHEMAID").eq(CatalogFields.field("v", "SCHEMAID")))
                .join(tables).on(CatalogFields.field("t", "TABLEID").eq(CatalogFields.field("d", "PROVIDERID")))
                .join(tableSchemas).on(CatalogFields.field("ts", "SCHEMAID").eq(CatalogFields.field("t", "SCHEMAID")))
                .where(CatalogFields.field("ts", "SCHEMANAME").eq(schema))
                .and(CatalogFields.field("t", "TABLENAME").eq(table))
                .and(CatalogFields.field("v", "TABLETYPE").eq("V"))
                .orderBy(viewSchema, viewName)
                .fetch(r -> new DependentView(r.value1(), r.value2()));
    }

    /** Derby prepares exactly one statement; the read-only connection is its read-only transaction. */
    @Override
    public int beginReadOnly(Connection connection, String text) throws SQLException {
        connection.setReadOnly(true);
        return 1;
    }

    private UnsupportedOperationException unsupported(String what) {
        return new UnsupportedOperationException(displayName() + " has no " + what);
    }

    @Override
    public Connection forConsole(Connection connection) {
        return connection;
    }

    @Override
    public boolean hasSavepoints() {
        return true;
    }

    /** Derby's message is the message. */
    @Override
    public String primaryMessage(SQLException e) {
        return null;
    }

    @Override
    public String sqlState(SQLException e) {
        return e.getSQLState();
    }
}
