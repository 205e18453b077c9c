package org.kanon.db.dialect;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.sql.Statement;
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
 * MariaDB (10.6 and later), and MySQL-compatible access to it: the same server reached through
 * {@code jdbc:mariadb://} (MariaDB Connector/J, dialect MARIADB) or {@code jdbc:mysql://} (MySQL Connector/J,
 * dialect MYSQL) is one profile with two instances, as jOOQ maps each URL to its own dialect.
 *
 * <p>What differs from PostgreSQL, and what kanon does instead:
 * <ul>
 * <li>No schemas inside a database: a schema is a database. kanon's namespaces are sibling databases named after
 * the connected one ({@code <db>_kanon}, {@code <db>_kanon_dim}, {@code <db>_kanon_release}; {@link #namespace}).</li>
 * <li>Names are at most 64 characters; table names are case-sensitive where the file system is
 * ({@code lower_case_table_names=0}), so kanon keeps the lower case PostgreSQL uses.</li>
 * <li>No GROUPING SETS: one GROUP BY per grouping, joined by UNION ALL.</li>
 * <li>A temporary table cannot be read twice in one statement (Incognito's self-joins): scratch tables are real
 * tables in kanon's catalog database, private by their connection-unique name, dropped when done.</li>
 * <li>No security-barrier views: release views are {@code ALGORITHM=TEMPTABLE SQL SECURITY DEFINER}
 * ({@link #createGuardedView}).</li>
 * <li>No LISTEN/NOTIFY: workers poll. SKIP LOCKED since 10.6: older servers cannot serve the queue.</li>
 * <li>No advisory transaction locks: a name is held by a locked row of {@code name_locks} in the catalog.</li>
 * </ul>
 */
public final class MariaDbProfile implements DatabaseProfile {
    public static final MariaDbProfile MARIADB = new MariaDbProfile(SQLDialect.MARIADB);
    public static final MariaDbProfile MYSQL = new MariaDbProfile(SQLDialect.MYSQL);

    /** MariaDB and MySQL keep 64 characters of any identifier (a database name included). */
    static final int NAME_MAX = 64;
    private static final NameLimit NAMES = new NameLimit(NAME_MAX, false, "MariaDB", true);
    /**
     * InnoDB's rows hold at most 1017 columns; a VARCHAR at most 65,535 bytes (16,383 four-byte characters of
     * utf8mb4); DECIMAL 65 digits.
     */
    private static final TableLimits LIMITS = new TableLimits("MariaDB", 1017, 16_383, 65);
    /** The database in a MariaDB or MySQL URL: {@code jdbc:mariadb://host:port/db?...}. */
    private static final Pattern DATABASE = Pattern.compile("^jdbc:(?:mariadb|mysql)://[^/]*/([^?;]*)");
    /** A database kanon keeps one of its namespaces in: {@code <db>_kanon}, {@code <db>_kanon_dim}, {@code <db>_kanon_release}. */
    private static final Pattern OWN_DATABASE = Pattern.compile("(?i)(.+)_(kanon|kanon_dim|kanon_release)");
    /** The longest kanon namespace suffix ({@code _kanon_release}). */
    private static final String LONGEST_SUFFIX = "_kanon_release";
    /** How long a writer waits for another process's hold on a name (PostgreSQL's advisory locks wait without end). */
    private static final int NAME_WAIT_SECONDS = 3600;
    private static final Pattern VERSION = Pattern.compile("^(\\d+)\\.(\\d+)");
    /** Both drivers' setting for sending several statements in one text. */
    private static final String MULTI_QUERIES = "allowMultiQueries";

    private final SQLDialect dialect;

    private MariaDbProfile(SQLDialect dialect) {
        this.dialect = dialect;
    }

    @Override
    public SQLDialect dialect() {
        return dialect;
    }

    @Override
    public String displayName() {
        return dialect == SQLDialect.MYSQL ? "MariaDB/MySQL" : "MariaDB";
    }

    /**
     * Unquoted names keep their case on a case-sensitive file system; kanon's own are lower case as on PostgreSQL,
     * so a DBA types them the same on both.
     */
    @Override
    public String foldPlain(String plainName) {
        return plainName.toLowerCase(Locale.ROOT);
    }

    /**
     * MariaDB has no schemas inside a database: each namespace is a database of its own, named after the connected
     * one, so every database on the server has its own catalog. The longest ({@code <db>_kanon_release}) must fit in
     * 64 characters.
     */
    @Override
    public String namespace(String kanonSchema, String url) {
        String database = database(url);
        Matcher own = OWN_DATABASE.matcher(database);
        if (own.matches()) {
            // connected to a namespace itself, an unqualified import would put raw rows beside the releases
            throw new InvalidInputException("--db: database " + database + " is one of kanon's own ("
                    + own.group(2).toLowerCase(Locale.ROOT) + " of database " + own.group(1) + "); connect to " + own.group(1));
        }
        if (database.length() + LONGEST_SUFFIX.length() > NAME_MAX) {
            throw new InvalidInputException("--db: database name " + database + " is " + database.length()
                    + " characters long; kanon keeps its catalog in databases " + database + "_kanon..." + " and MariaDB keeps at most "
                    + NAME_MAX + " characters of a name, so at most " + (NAME_MAX - LONGEST_SUFFIX.length()) + " are left for it");
        }
        return namespaceOf(database, kanonSchema);
    }

    /** The database that holds namespace {@code kanonSchema} of {@code database}. */
    private static String namespaceOf(String database, String kanonSchema) {
        return database + "_" + kanonSchema.toLowerCase(Locale.ROOT);
    }

    /** The database a URL connects to; a URL without one is refused (kanon's catalog is named after it). */
    static String database(String url) {
        Matcher m = DATABASE.matcher(url);
        String db = m.find() ? m.group(1) : "";
        if (db.isEmpty()) {
            throw new InvalidInputException("--db: the URL names no database (jdbc:mariadb://host:port/<database>); kanon's catalog is named after it");
        }
        return db;
    }

    @Override
    public NameLimit relationNameLimit() {
        return NAMES;
    }

    @Override
    public TableLimits tableLimits() {
        return LIMITS;
    }

    /** CAST AS CHAR is MariaDB's only cast to text (there is no CAST AS VARCHAR); it keeps no padding. */
    @Override
    public Field<String> asText(Field<?> numericOrTemporal) {
        return DSL.field("CAST({0} AS CHAR)", SQLDataType.VARCHAR, numericOrTemporal);
    }

    /** Its collations pad with blanks (utf8mb4_bin too), and the default ones ignore case: 'male' equals 'Male'. */
    @Override
    public boolean comparesTextAsWritten() {
        return false;
    }

    /** The value's bytes in one character set: a binary string compares byte by byte, without padding. */
    @Override
    public Field<Object> exactText(Field<?> varchar) {
        return DSL.field("CAST(CONVERT({0} USING utf8mb4) AS BINARY)", Object.class, varchar);
    }

    /** MariaDB's CURRENT_TIMESTAMP is whole seconds: a 300 ms lease would round away. */
    @Override
    public Field<java.time.LocalDateTime> currentTime() {
        return DSL.field("CURRENT_TIMESTAMP(6)", java.time.LocalDateTime.class);
    }

    @Override
    public String templateVariant() {
        return "mariadb";
    }

    @Override
    public String migrationsSuffix() {
        return "mariadb";
    }

    /** The shared migrations use GENERATED ALWAYS AS IDENTITY and || (concatenation): the catalog is its own file. */
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
        return List.of(); // a scratch table's random name has no age to judge it by; left to the DBA
    }

    @Override
    public boolean batchesRows() {
        return true;
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
        return dialect == SQLDialect.MYSQL ? "com.mysql.cj.jdbc.Driver" : "org.mariadb.jdbc.Driver";
    }

    @Override
    public boolean runsSharedMigrations() {
        return false;
    }

    /**
     * Every CREATE, ALTER and DROP commits the transaction it runs in (an implicit commit before and after): a
     * release that fails after its relation was made cannot roll it back, and a row lock taken before it
     * ({@link #lockName}) is released by it.
     */
    @Override
    public boolean transactionalDdl() {
        return false;
    }

    /**
     * A replacement cannot drop the old release and roll the DROP back when the new one fails (or its writer is
     * killed): the new release is written under staged names and swapped in by one RENAME TABLE, which MariaDB and
     * MySQL run atomically (views included, within their database).
     */
    @Override
    public boolean swapsStagedReleases() {
        return true;
    }

    /**
     * One {@code RENAME TABLE a TO b, c TO d, ...}: the server renames all or none. The statement commits the
     * transaction first, so what the writer registered before it is committed by the same statement.
     */
    @Override
    public void renameAll(DSLContext tx, List<Name> from, List<Name> to) {
        List<QueryPart> pairs = new java.util.ArrayList<>();
        for (int i = 0; i < from.size(); i++) {
            pairs.add(DSL.sql("{0} TO {1}", from.get(i), to.get(i)));
        }
        tx.query("RENAME TABLE {0}", DSL.list(pairs)).execute();
    }

    /**
     * The pool's connections call databases schemas ({@link #poolProperties}); Flyway's MySQL support reads them as
     * catalogs (it finds its history table by catalog and makes the catalog database current by setCatalog), so it
     * gets a plain connection of its own.
     */
    @Override
    public boolean migratesOnOwnConnection() {
        return true;
    }

    /**
     * A MariaDB temporary table cannot be opened twice in one statement ("Can't reopen table"), and Incognito's
     * edge generation joins its node table to itself. A real table in kanon's catalog database, whose name carries a
     * random token (two connections never meet), is private enough: kanon alone writes there, and the table is
     * dropped when its owner closes.
     */
    @Override
    public Name scratchTable(String catalog, String folded) {
        String token = Long.toString(Math.abs(java.util.concurrent.ThreadLocalRandom.current().nextLong()), 36);
        String name = "scratch_" + folded + "_" + token;
        return DSL.name(catalog, name.length() > NAME_MAX ? name.substring(0, NAME_MAX) : name);
    }

    /**
     * MariaDB's cast names are not column types (CAST AS SIGNED, AS CHAR): the type's name with its length or
     * precision, and TEXT for a VARCHAR of no length (MariaDB's VARCHAR needs one).
     */
    @Override
    public String scratchColumnType(org.jooq.DataType<?> type, org.jooq.Configuration configuration) {
        String name = type.getTypeName(configuration);
        if (type.hasLength()) {
            return type.lengthDefined() ? name + "(" + type.length() + ")" : "text";
        }
        if (type.hasPrecision() && type.precisionDefined() && !type.isFloat()) {
            return name + "(" + type.precision() + (type.hasScale() ? ", " + type.scale() : "") + ")";
        }
        return name;
    }

    /** STRAIGHT_JOIN would have to follow SELECT: the joins themselves say the order ({@link #joinInOrder}). */
    @Override
    public Table<?> fixedJoinOrder(Table<?> table, Name alias) {
        return table.as(alias);
    }

    /**
     * STRAIGHT_JOIN: the dimension tables have no keys, and MariaDB's optimizer otherwise joins them to each other
     * first (their cross product: 1.6 billion rows for Adult's nine) and the fact table last, by block nested loops;
     * fact first, each dimension joined to it, takes seconds.
     */
    @Override
    public Table<?> joinInOrder(Table<?> left, Table<?> right, org.jooq.Condition on) {
        return left.straightJoin(right).on(on);
    }

    /** MariaDB materializes a grouped derived table and joins it by its own choice. */
    @Override
    public Table<?> hashJoined(Select<?> derived, Name alias) {
        return derived.asTable(alias);
    }

    /** A grouped derived table is materialized already; nothing to fence. */
    @Override
    public <R extends Record> Select<R> fence(SelectLimitStep<R> select) {
        return select;
    }

    /** InnoDB keeps its statistics itself and refreshes them after large changes (innodb_stats_auto_recalc). */
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

    /** MariaDB has only WITH ROLLUP, not GROUPING SETS: a UNION ALL of GROUP BYs. */
    @Override
    public boolean groupingSets() {
        return false;
    }

    /**
     * Wide: MariaDB has no GROUPING SETS, so a batch of verdicts is a UNION ALL of GROUP BYs, one per node, and each
     * joined the code tables again (written as a VALUES list, which MariaDB materializes once per reference). From a
     * wide set each is a GROUP BY of one table: the search of Adult at 9 QIs, k = 2 took 5.5 s instead of 8.3 s.
     */
    @Override
    public boolean wideFrequencySets() {
        return true;
    }

    /**
     * Scratch tables are real InnoDB tables here, yet a CREATE or DROP took only 1-2 ms; what costs is MariaDB's GROUP
     * BY (about 13 ms per 27,000 rows). Storing failed sets to roll up from them gained nothing on Adult at 9 QIs (8.0 s
     * either way: most failed sets are nearly as large as their source) and sent 350 statements instead of 79, so sets
     * of sources up to 300,000 rows are deferred.
     */
    @Override
    public long statementCostInRows() {
        return 100_000;
    }

    @Override
    public void prepareJvm() {
        // nothing: the drivers need no system properties
    }

    /**
     * Both drivers call a database a catalog by default; asked to call it a schema, their metadata (getSchema,
     * getTables' schema pattern) treats the connected database and kanon's sibling databases as schemas, the way the
     * rest of kanon reads them. Databases kanon creates (its namespaces, through Flyway) get a binary collation, so
     * kanon's own names and values compare case- and space-exactly, as on Derby and PostgreSQL. Batched INSERTs are
     * sent as multi-row statements.
     */
    @Override
    public Map<String, String> poolProperties() {
        return Map.of("useCatalogTerm", "SCHEMA", "databaseTerm", "SCHEMA",
                // READ COMMITTED, as on PostgreSQL: a writer that waited its turn for a name (lockName) sees what the
                // previous holder committed, not the snapshot its transaction took before it waited
                // join_cache_level=4: hash joins (BNLH) for equi-joins without an index, as kanon's dimension and
                // scratch tables have none; at the default (2, block nested loops) Incognito's edge generation over
                // Adult's candidates ran for minutes per statement
                "sessionVariables", "collation_server=utf8mb4_bin,character_set_server=utf8mb4,tx_isolation='READ-COMMITTED',join_cache_level=4",
                "rewriteBatchedStatements", "true");
    }

    @Override
    public boolean isInMemory(String url) {
        return false;
    }

    @Override
    public Connection boot(String url, Properties credentials, PrintStream err) {
        return null; // a server is up or it is not: the pool's timeout applies
    }

    @Override
    public void shutDown(String url, boolean drop, PrintStream err) {
        // kanon never stops a server
    }

    @Override
    public boolean writersTakeTurns() {
        return false;
    }

    @Override
    public String turnKey(String url) {
        throw new UnsupportedOperationException("MariaDB runs writers side by side; it has no turns");
    }

    /**
     * A shared hold is a row of {@code name_locks} locked in share mode, released with the transaction. An exclusive
     * hold must outlive the commits MariaDB makes at every CREATE and DROP (a release's view, an import's table), which
     * end a row lock early: it is {@code GET_LOCK} on the session, given back when the connection returns to the pool
     * at the end of the transaction ({@link #releaseNames}), and the same row locked FOR UPDATE, so that a writer also
     * waits for the readers holding the name shared. Writers of one name thus take turns as on PostgreSQL; a reader
     * (a release reading a table's dimension tables) waits for a writer only until the writer's first commit, as
     * readers do not wait on a session's lock (two of them in one process would wait on each other). The lock's name
     * is the key in hex, server-wide (the key hashes the namespace, which carries the database's name).
     */
    @Override
    public void lockName(DSLContext tx, long key, boolean shared) {
        String catalog = namespaceOf(String.valueOf(tx.fetchValue("SELECT DATABASE()")), "KANON");
        Table<?> locks = DSL.table(DSL.name(catalog, "name_locks"));
        Field<Long> lockKey = DSL.field(DSL.name("lock_key"), Long.class);
        Field<String> sessionLock = DSL.val("kanon:" + Long.toHexString(key));
        if (!shared) {
            Integer got = tx.select(DSL.function("GET_LOCK", Integer.class, sessionLock, DSL.inline(NAME_WAIT_SECONDS))).fetchOne(0, Integer.class);
            if (got == null || got != 1) {
                throw new org.kanon.InvalidInputException("another kanon process held this name for over "
                        + NAME_WAIT_SECONDS + " s; try again when it has finished");
            }
        }
        tx.insertInto(locks).set(lockKey, key).onDuplicateKeyIgnore().execute();
        var select = tx.select(lockKey).from(locks).where(lockKey.eq(key));
        if (shared) {
            // LOCK IN SHARE MODE, which MariaDB and MySQL both take (jOOQ's MYSQL dialect writes MySQL 8's FOR SHARE)
            tx.fetch("{0} LOCK IN SHARE MODE", select);
        } else {
            select.forUpdate().fetch();
        }
    }

    @Override
    public boolean namesHeldBySession() {
        return true;
    }

    /** RELEASE_ALL_LOCKS (MariaDB 10.5, MySQL 5.7): every GET_LOCK of the session. */
    @Override
    public void releaseNames(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute("DO RELEASE_ALL_LOCKS()");
        }
    }

    @Override
    public boolean claimsBySkipLocked() {
        return true;
    }

    @Override
    public String workerRefusal(DatabaseMetaData meta) throws SQLException {
        return workerRefusal(meta.getDatabaseProductVersion());
    }

    /**
     * Why a server of {@code version} (as DatabaseMetaData reports it: {@code 10.11.19-MariaDB-...}, or a MySQL
     * version) cannot serve the request queue: MariaDB has FOR UPDATE SKIP LOCKED since 10.6, MySQL since 8.0.
     */
    public static String workerRefusal(String reported) {
        // MariaDB before 11 announces itself as 5.5.5-<version> to clients that expect MySQL's numbering
        String version = reported == null ? "" : reported.replaceFirst("^5\\.5\\.5-(?=\\d+\\.\\d+.*MariaDB)", "");
        Matcher m = VERSION.matcher(version);
        if (!m.find()) {
            return null; // an unknown form: let the server say
        }
        int major = Integer.parseInt(m.group(1));
        int minor = Integer.parseInt(m.group(2));
        boolean mariadb = version.toLowerCase(Locale.ROOT).contains("mariadb") || major >= 10;
        boolean skipsLocked = mariadb ? major > 10 || major == 10 && minor >= 6 : major >= 8;
        return skipsLocked ? null : "the server is " + (mariadb ? "MariaDB " : "MySQL ") + major + "." + minor
                + "; kanon worker needs FOR UPDATE SKIP LOCKED (MariaDB 10.6, MySQL 8.0 or later)";
    }

    @Override
    public boolean wakesByNotify() {
        return false;
    }

    @Override
    public void listen(Connection connection, String channel) {
        throw new UnsupportedOperationException("MariaDB has no notifications; workers poll");
    }

    @Override
    public void awaitNotification(Connection connection, long millis) {
        throw new UnsupportedOperationException("MariaDB has no notifications; workers poll");
    }

    /**
     * MariaDB has no security-barrier views. A view of the default (MERGE) algorithm is merged into the reader's
     * query, and a reader's condition could then run on the rows the view filters out. TEMPTABLE makes the server
     * materialize the view's result first and only then apply the reader's query to it: a reader's condition (a
     * function of theirs, a failing cast) only ever sees released rows. But MariaDB 10.4 and later push the reader's
     * conditions into such a derived table (condition_pushdown_for_derived), down to the source rows: a reader's
     * {@code exp(if(<values of a suppressed row>, 1000, 0))} failed "out of range" and told that the row existed
     * (issue 32). The optimizer pushes nothing into a derived table with a LIMIT, so the view's query carries one
     * that never limits ({@link #VIEW_FENCE}). SQL SECURITY DEFINER (the default, said explicitly) runs it with its
     * creator's rights, so a reader needs SELECT on the view only, never on the source
     * (sql/mariadb/least-privilege.sql).
     */
    @Override
    public void createGuardedView(DSLContext tx, Name view, Select<?> select) {
        Select<?> fenced = DSL.selectFrom(select.asTable(DSL.name("released"))).limit(DSL.inline(VIEW_FENCE));
        tx.query("CREATE ALGORITHM=TEMPTABLE SQL SECURITY DEFINER VIEW {0} AS {1}", view, fenced).execute();
    }

    /** The LIMIT of every release view: no view has more rows, and no condition is pushed past it. */
    static final long VIEW_FENCE = Long.MAX_VALUE;

    @Override
    public boolean hasViewBarriers() {
        return false;
    }

    @Override
    public boolean isSecurityBarrier(DSLContext ctx, String schema, String view) {
        throw new UnsupportedOperationException("MariaDB has no security-barrier views");
    }

    @Override
    public java.util.Optional<String> viewFence() {
        return java.util.Optional.of("LIMIT " + VIEW_FENCE);
    }

    /** information_schema.VIEWS keeps the definition as the server rewrote it: {@code ... limit 9223372036854775807}. */
    @Override
    public boolean hasFencedDefinition(DSLContext ctx, String schema, String view) {
        String definition = ctx.select(DSL.field(DSL.name("VIEW_DEFINITION"), String.class))
                .from(DSL.table(DSL.name("information_schema", "VIEWS")))
                .where(DSL.field(DSL.name("TABLE_SCHEMA"), String.class).eq(schema))
                .and(DSL.field(DSL.name("TABLE_NAME"), String.class).eq(view))
                .fetchOne(0, String.class);
        return definition != null && definition.strip().toLowerCase(Locale.ROOT).endsWith("limit " + VIEW_FENCE);
    }

    /**
     * MariaDB records no dependencies between views and tables; information_schema.VIEWS keeps each view's text,
     * which names every table it reads as `schema`.`table` (the server writes it so whatever the view was created
     * from).
     */
    @Override
    public List<DependentView> dependentViews(DSLContext ctx, String schema, String table) {
        Field<String> viewSchema = DSL.field(DSL.name("TABLE_SCHEMA"), String.class);
        Field<String> viewName = DSL.field(DSL.name("TABLE_NAME"), String.class);
        Field<String> definition = DSL.field(DSL.name("VIEW_DEFINITION"), String.class);
        String needle = "`" + schema.replace("`", "``") + "`.`" + table.replace("`", "``") + "`";
        return ctx.select(viewSchema, viewName, definition)
                .from(DSL.table(DSL.name("information_schema", "VIEWS")))
                .orderBy(viewSchema, viewName)
                .fetch()
                .stream()
                .filter(r -> r.value3() != null && r.value3().contains(needle)
                        && !(r.value1().equals(schema) && r.value2().equals(table)))
                .map(r -> new DependentView(r.value1(), r.value2()))
                .toList();
    }

    /**
     * A connection that sends one statement per text: the drivers take {@code allowMultiQueries} in the URL in any
     * case, as true or 1 (MariaDB's) and true or yes (MySQL's), so every such parameter is dropped from the URL and the
     * property set to false; a text of two statements is then tried ({@code DO 0; DO 0}), which the server must refuse,
     * since a driver may take the setting from elsewhere too (MySQL's per-host properties).
     */
    @Override
    public Connection queryConnection(String url, Properties credentials) throws SQLException {
        Properties properties = new Properties();
        properties.putAll(credentials);
        properties.setProperty(MULTI_QUERIES, "false");
        Connection c = DirectDriver.connect(this, withoutMultiQueries(url), properties);
        boolean ranTwo;
        try (Statement s = c.createStatement()) {
            s.execute("DO 0; DO 0");
            ranTwo = true;
        } catch (SQLException refused) {
            ranTwo = false;
        }
        if (ranTwo) {
            c.close();
            throw new InvalidInputException("--db: the connection runs several statements sent as one text (allowMultiQueries), "
                    + "so a stored query could run more than one SELECT; remove the setting from the URL");
        }
        return c;
    }

    /**
     * The query as a derived table: {@code SELECT ... INTO OUTFILE} / {@code INTO DUMPFILE} writes a file on the
     * server whatever the transaction (with the FILE privilege), {@code INTO @v} sets a variable; inside a derived
     * table the server refuses all of them as a syntax error. The line breaks end a final {@code --} or {@code #}
     * comment before the closing parenthesis.
     */
    @Override
    public String readOnlyText(String text) {
        return "SELECT * FROM (\n" + text + "\n) AS kanon_query";
    }

    /** {@code url} without any {@code allowMultiQueries} parameter, whatever its case and value. */
    static String withoutMultiQueries(String url) {
        int query = url.indexOf('?');
        if (query < 0) {
            return url;
        }
        StringBuilder kept = new StringBuilder();
        for (String parameter : url.substring(query + 1).split("&")) {
            String key = parameter.contains("=") ? parameter.substring(0, parameter.indexOf('=')) : parameter;
            if (!key.strip().equalsIgnoreCase(MULTI_QUERIES) && !parameter.isEmpty()) {
                kept.append(kept.length() == 0 ? "" : "&").append(parameter);
            }
        }
        return url.substring(0, query) + (kept.length() == 0 ? "" : "?" + kept);
    }

    /**
     * {@code SET TRANSACTION READ ONLY} for the transaction the first statement starts (auto-commit is off). One
     * statement: the connection sends one statement per text ({@link #queryConnection}), and the server refuses a
     * text of several as a syntax error.
     */
    @Override
    public int beginReadOnly(Connection connection, String text) throws SQLException {
        connection.setReadOnly(true);
        try (Statement s = connection.createStatement()) {
            s.execute("SET TRANSACTION READ ONLY");
        }
        return 1;
    }

    @Override
    public Connection forConsole(Connection connection) {
        return connection;
    }

    /** InnoDB rolls back to a savepoint and the transaction goes on. */
    @Override
    public boolean hasSavepoints() {
        return true;
    }

    /** MariaDB's drivers wrap nothing around the server's message. */
    @Override
    public String primaryMessage(SQLException e) {
        return null;
    }

    /** MariaDB's drivers set the server's SQLState. */
    @Override
    public String sqlState(SQLException e) {
        return e.getSQLState();
    }
}
