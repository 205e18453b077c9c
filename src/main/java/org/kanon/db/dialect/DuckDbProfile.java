package org.kanon.db.dialect;

import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
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
 * DuckDB, embedded in kanon's JVM: one file ({@code jdbc:duckdb:/path/file.duckdb}) that one process at a time opens
 * for writing (an OS file lock; the driver shares one database instance between the connections of a JVM, and
 * closing the last one releases the file). It has GROUPING SETS and plans without statistics kanon must refresh; it
 * has no SKIP LOCKED, no notifications, no security-barrier views, no users or GRANTs (whoever can open the file reads
 * everything in it, release or not: a release is protected only by handing readers the release alone, e.g. an export),
 * no foreign-key actions (its catalog has no foreign keys: kanon deletes dependent rows itself), no identity columns
 * (its catalog takes ids from sequences) and no SQLStates in its errors ({@link #sqlState} derives them). Identifiers
 * are case-insensitive even when quoted, and kept in the case they were written.
 */
public final class DuckDbProfile implements DatabaseProfile {
    private static final BulkLoader APPENDER = new DuckDbAppender();

    public static final DuckDbProfile INSTANCE = new DuckDbProfile();
    private static final String URL_PREFIX = "jdbc:duckdb:";
    /** DuckDB keeps a name of any length; kanon's limit is Derby's, so a name that works on one works on both. */
    private static final NameLimit NAMES = new NameLimit(128, false, "DuckDB");
    /**
     * DuckDB ignores VARCHAR(n)'s n (a string may be up to 4 GB; kanon keeps PostgreSQL's bound) and takes DECIMAL up
     * to 38 digits. It has no column limit of its own: kanon stops at 5,000, far beyond any table it anonymizes, so a
     * file with a runaway header is refused by name before a table of thousands of columns is built.
     */
    static final TableLimits LIMITS = new TableLimits("DuckDB", 5_000, 10_485_760, 38);
    /**
     * A table a query reads, in the parse tree json_serialize_sql writes (its own serialization, in this key order):
     * the schema as written (empty when unqualified) and the table, each a JSON string.
     */
    private static final Pattern BASE_TABLE = Pattern.compile(
            "\"type\":\"BASE_TABLE\"[^{}]*?\"schema_name\":\"((?:[^\"\\\\]|\\\\.)*)\",\"table_name\":\"((?:[^\"\\\\]|\\\\.)*)\"");
    /** What DuckDB's JDBC driver says when another process holds the file's lock. */
    private static final String LOCKED = "Could not set lock on file";
    private static final String PENDING = "Attempting to execute an unsuccessful or closed pending query result";
    private static final Pattern HOLDER = Pattern.compile("\\(PID (\\d+)\\)");

    private DuckDbProfile() {
    }

    @Override
    public SQLDialect dialect() {
        return SQLDialect.DUCKDB;
    }

    @Override
    public String displayName() {
        return "DuckDB";
    }

    /**
     * DuckDB keeps an unquoted name in the case it was written and matches names case-insensitively (quoted ones too):
     * kanon writes its own names lower case, as the catalog's DDL is written, so catalog lookups by name agree.
     */
    @Override
    public String foldPlain(String plainName) {
        return plainName.toLowerCase(Locale.ROOT);
    }

    @Override
    public NameLimit relationNameLimit() {
        return NAMES;
    }

    @Override
    public TableLimits tableLimits() {
        return LIMITS;
    }

    /** DuckDB casts any number or date to VARCHAR directly (a DECIMAL keeps its scale: 1.50). */
    @Override
    public Field<String> asText(Field<?> numericOrTemporal) {
        return numericOrTemporal.cast(SQLDataType.VARCHAR);
    }

    @Override
    public String templateVariant() {
        return "duckdb";
    }

    @Override
    public String migrationsSuffix() {
        return "duckdb";
    }

    /** The shared migrations declare GENERATED ALWAYS AS IDENTITY and ON DELETE CASCADE, which DuckDB has not. */
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
        return List.of(); // scratch tables are temporary: they end with their session
    }

    /**
     * DuckDB joins by hashing and reads an ART index only for point lookups, while keeping one costs every insert: the
     * search of Adult at 9 QIs (sql executor) took 1.03 s with its graph tables indexed, 0.84 s without.
     */
    @Override
    public boolean indexesScratchTables() {
        return false;
    }

    @Override
    public boolean batchesRows() {
        return true;
    }

    @Override
    public java.util.Optional<BulkLoader> bulkLoader() {
        return java.util.Optional.of(APPENDER);
    }

    @Override
    public boolean groupsZeroLevelInJvm() {
        return false;
    }

    @Override
    public String driverClassName() {
        return "org.duckdb.DuckDBDriver";
    }

    @Override
    public boolean runsSharedMigrations() {
        return false;
    }

    /** A temporary table lives in the connection's own catalog {@code temp}, which DuckDB searches first. */
    @Override
    public Name scratchTable(String catalog, String folded) {
        return DSL.name(folded);
    }

    @Override
    public String scratchColumnType(org.jooq.DataType<?> type, org.jooq.Configuration configuration) {
        return type.getCastTypeName(configuration); // DuckDB's cast names are its DDL types
    }

    /** DuckDB has schemas inside its database file: kanon's namespaces are schemas, as on PostgreSQL. */
    @Override
    public String namespace(String kanonSchema, String url) {
        return foldPlain(kanonSchema);
    }

    @Override
    public boolean migratesOnOwnConnection() {
        return false;
    }

    /** DuckDB's CREATE and DROP are transactional: a rollback undoes them. */
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
        throw new UnsupportedOperationException("DuckDB swaps no staged releases");
    }

    /** One process holds the file; its workers claim in turn within it (see {@link #claimsBySkipLocked}). */
    @Override
    public String workerRefusal(java.sql.DatabaseMetaData meta) {
        return null;
    }

    /** CURRENT_TIMESTAMP keeps microseconds here. */
    @Override
    public org.jooq.Field<java.time.LocalDateTime> currentTime() {
        return DSL.currentLocalDateTime();
    }

    /** DuckDB orders the star's hash joins well by itself. */
    @Override
    public Table<?> joinInOrder(Table<?> left, Table<?> right, org.jooq.Condition on) {
        return left.join(right).on(on);
    }

    /** DuckDB's optimizer orders joins itself, cheaply (hash joins on small code tables). */
    @Override
    public Table<?> fixedJoinOrder(Table<?> table, Name alias) {
        return table.as(alias);
    }

    @Override
    public Table<?> hashJoined(Select<?> derived, Name alias) {
        return derived.asTable(alias);
    }

    /** Nothing to fence: DuckDB has no security barriers to keep a reader's conditions out of (see the class). */
    @Override
    public <R extends Record> Select<R> fence(SelectLimitStep<R> select) {
        return select;
    }

    /** DuckDB keeps its own statistics up to date as it writes (and samples at run time); nothing to refresh. */
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

    /** DuckDB's hash joins are columnar and cheap: sets hold their node's levels and rollups join the code tables. */
    @Override
    public boolean wideFrequencySets() {
        return false;
    }

    /** DuckDB plans each statement with its whole optimizer and scans columns fast: a statement is worth about 100,000 rows. */
    @Override
    public long statementCostInRows() {
        return 100_000;
    }

    @Override
    public void prepareJvm() {
        // nothing: the driver needs no system properties
    }

    @Override
    public Map<String, String> poolProperties() {
        return Map.of();
    }

    /**
     * {@code jdbc:duckdb:} alone, or {@code :memory:} (optionally named): in memory. A plain {@code jdbc:duckdb:} is
     * private to its one connection, which a pool cannot use; a named one ({@code jdbc:duckdb::memory:NAME}) is
     * shared by the connections of this JVM and gone when the last one closes.
     */
    @Override
    public boolean isInMemory(String url) {
        String rest = url.substring(URL_PREFIX.length());
        // the driver's attributes follow a ';' (a '?' is part of the file's name)
        int attributes = rest.indexOf(';');
        String path = attributes < 0 ? rest : rest.substring(0, attributes);
        return path.isEmpty() || path.startsWith(":memory:") || path.startsWith("memory:");
    }

    /**
     * Opens the file once, to tell "another process has it open" apart from other failures: DuckDB admits one
     * writing process per file (an OS lock), and the pool would only report a time-out after 30 s.
     */
    @Override
    public Connection boot(String url, Properties credentials, PrintStream err) throws SQLException {
        if (isInMemory(url) && url.substring(URL_PREFIX.length()).isEmpty()) {
            throw new InvalidInputException("--db: jdbc:duckdb: alone is a private in-memory database per connection, which kanon's "
                    + "connection pool cannot share; name a file (jdbc:duckdb:/path/data.duckdb) or a shared in-memory one "
                    + "(jdbc:duckdb::memory:NAME)");
        }
        try {
            return DirectDriver.connect(this, url, credentials);
        } catch (SQLException e) {
            if (String.valueOf(e.getMessage()).contains(LOCKED)) {
                throw new InvalidInputException("cannot open " + JdbcUrls.maskPassword(url) + ": the DuckDB file is in use by another "
                        + "process (" + holder(e.getMessage()) + "), and DuckDB lets one process open a file for writing; stop the "
                        + "other kanon, duckdb shell or application using it (a kanon worker, a kanon sql console)", e);
            }
            throw e;
        }
    }

    /** "PID n" of the lock's holder as DuckDB names it, else nothing more. */
    private static String holder(String message) {
        Matcher m = HOLDER.matcher(message);
        return m.find() ? "PID " + m.group(1) : "another process";
    }

    /**
     * Nothing to do: the driver closes the database (and writes its checkpoint, releasing the file's lock) when the
     * last connection of this JVM to it closes, which the pool's close was; an in-memory one is then gone as well.
     */
    @Override
    public void shutDown(String url, boolean drop, PrintStream err) {
        // closed with its last connection
    }

    /**
     * DuckDB's concurrency is optimistic: two transactions writing the same row (a sequence's next value, a queue row,
     * the catalog of schemas while another creates a table) fail with "Transaction conflict" rather than wait.
     */
    @Override
    public boolean writersTakeTurns() {
        return true;
    }

    /** The file (made absolute), or the in-memory database's name. */
    @Override
    public String turnKey(String url) {
        String rest = url.substring(URL_PREFIX.length());
        // the driver's attributes follow a ';' (a '?' is part of the file's name)
        int attributes = rest.indexOf(';');
        String path = attributes < 0 ? rest : rest.substring(0, attributes);
        if (isInMemory(url)) {
            return path;
        }
        try {
            return Path.of(path).toAbsolutePath().normalize().toString();
        } catch (RuntimeException e) {
            return path;
        }
    }

    /** One process per file, and inside it kanon's writers take turns: nothing to hold. */
    @Override
    public void lockName(DSLContext tx, long key, boolean shared) {
        // nothing to hold
    }

    /** Nothing is held (one process; its writers take turns). */
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
     * A plain view: DuckDB has no security barriers, and an embedded file has no users or GRANTs at all, so a release
     * view keeps nothing from anyone who opens the file (they can read the source table itself).
     */
    @Override
    public void createGuardedView(DSLContext tx, Name view, Select<?> select) {
        tx.createView(view).as(select).execute();
    }

    @Override
    public boolean hasViewBarriers() {
        return false;
    }

    @Override
    public boolean isSecurityBarrier(DSLContext ctx, String schema, String view) {
        throw unsupported("security-barrier views");
    }

    @Override
    public java.util.Optional<String> viewFence() {
        return java.util.Optional.empty();
    }

    @Override
    public boolean hasFencedDefinition(DSLContext ctx, String schema, String view) {
        throw unsupported("security-barrier views");
    }

    /**
     * DuckDB records no dependencies of views (it binds a view's query when the view is read): each view's SQL is
     * parsed by DuckDB's own parser (json_serialize_sql) and the tables it reads are taken from the parse tree, an
     * unqualified one in the view's own schema; names compare case-insensitively, as DuckDB resolves them. A view
     * whose SQL the serializer refuses (none kanon makes) is left out.
     */
    @Override
    public List<DependentView> dependentViews(DSLContext ctx, String schema, String table) {
        List<DependentView> found = new ArrayList<>();
        Field<String> viewSchema = DSL.field(DSL.name("schema_name"), String.class);
        Field<String> viewName = DSL.field(DSL.name("view_name"), String.class);
        var views = ctx.select(viewSchema, viewName, DSL.field(DSL.name("sql"), String.class))
                .from(DSL.table(DSL.sql("duckdb_views()")))
                .where(DSL.field(DSL.name("internal"), Boolean.class).isFalse())
                .and(DSL.field(DSL.name("temporary"), Boolean.class).isFalse())
                .orderBy(viewSchema, viewName)
                .fetch();
        for (var v : views) {
            String query = viewQuery(v.value3());
            if (query == null) {
                continue;
            }
            String tree = ctx.select(DSL.function("json_serialize_sql", String.class, DSL.val(query))).fetchOne(0, String.class);
            Matcher m = BASE_TABLE.matcher(tree);
            while (m.find()) {
                String s = unescape(m.group(1));
                if ((s.isEmpty() ? v.value1() : s).equalsIgnoreCase(schema) && unescape(m.group(2)).equalsIgnoreCase(table)) {
                    found.add(new DependentView(v.value1(), v.value2()));
                    break;
                }
            }
        }
        return found;
    }

    /**
     * The query of a view's {@code CREATE VIEW name [(columns)] AS query;} as duckdb_views() gives it (DuckDB writes
     * that text itself, names quoted where needed); null for any other text. The serializer takes only the SELECT.
     */
    static String viewQuery(String createView) {
        String prefix = "CREATE VIEW ";
        if (createView == null || !createView.regionMatches(true, 0, prefix, 0, prefix.length())) {
            return null;
        }
        int i = prefix.length();
        // the qualified name: identifiers, quoted ("" inside) or not, joined by dots
        while (i < createView.length()) {
            i = createView.charAt(i) == '"' ? afterQuoted(createView, i) : skipPlain(createView, i);
            if (i < createView.length() && createView.charAt(i) == '.') {
                i++;
            } else {
                break;
            }
        }
        while (i < createView.length() && Character.isWhitespace(createView.charAt(i))) {
            i++;
        }
        if (i < createView.length() && createView.charAt(i) == '(') {
            // the column names: quoted ones may hold parentheses
            for (i++; i < createView.length() && createView.charAt(i) != ')'; ) {
                i = createView.charAt(i) == '"' ? afterQuoted(createView, i) : i + 1;
            }
            i++;
        }
        String rest = createView.substring(Math.min(i, createView.length())).strip();
        if (!rest.regionMatches(true, 0, "AS ", 0, 3)) {
            return null;
        }
        String query = rest.substring(3).strip();
        return query.endsWith(";") ? query.substring(0, query.length() - 1) : query;
    }

    private static int afterQuoted(String s, int open) {
        int i = open + 1;
        while (i < s.length()) {
            if (s.charAt(i) == '"') {
                if (i + 1 < s.length() && s.charAt(i + 1) == '"') {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return i;
    }

    private static int skipPlain(String s, int i) {
        while (i < s.length() && s.charAt(i) != '.' && s.charAt(i) != '(' && !Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        return i;
    }

    private static String unescape(String json) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            if (c == '\\' && i + 1 < json.length()) {
                char n = json.charAt(++i);
                if (n == 'u' && i + 4 < json.length()) {
                    out.append((char) Integer.parseInt(json.substring(i + 1, i + 5), 16));
                    i += 4;
                } else {
                    out.append(switch (n) { case 'n' -> '\n'; case 't' -> '\t'; case 'r' -> '\r'; case 'b' -> '\b'; case 'f' -> '\f'; default -> n; });
                }
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * A connection on which no query reads or lists a file ({@code read_csv}, {@code read_text}, {@code read_blob},
     * {@code glob}, {@code FROM '/path/file.csv'}) or attaches another database: {@code enable_external_access} off.
     * DuckDB holds that setting for the whole database instance, which every connection of this JVM to the file shares
     * (kanon's pool too), and cannot turn it on again while the instance runs: from the first source query or re-check
     * until the process closes its last connection to the file, nothing of kanon's reads a file through DuckDB (none
     * does: imports and exports are read and written by kanon itself).
     */
    @Override
    public Connection queryConnection(String url, Properties credentials) throws SQLException {
        Connection c = DirectDriver.connect(this, url, credentials);
        try (Statement s = c.createStatement()) {
            s.execute("SET enable_external_access = false");
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return c;
    }

    /**
     * The driver cannot mark a connection read-only once the file is open (its access mode is fixed when the first
     * connection opens it); a transaction can be: the one auto-commit off began is replaced by
     * {@code BEGIN TRANSACTION READ ONLY}, in which DuckDB refuses any write (a sequence's nextval included). The
     * driver runs every statement of a prepared text but the last as it prepares it (so "SELECT 1; COMMIT; INSERT"
     * would leave the read-only transaction): DuckDB's own parser counts the statements first
     * ({@code json_serialize_sql}, which serializes SELECTs only: anything else is refused here).
     */
    @Override
    public int beginReadOnly(Connection connection, String text) throws SQLException {
        connection.setAutoCommit(false);
        try (Statement s = connection.createStatement()) {
            s.execute("ROLLBACK");
            s.execute("BEGIN TRANSACTION READ ONLY");
        }
        try (PreparedStatement ps = connection.prepareStatement("SELECT (t ->> 'error')::BOOLEAN, t ->> 'error_message', "
                + "json_array_length(t -> 'statements') FROM (SELECT json_serialize_sql(?::VARCHAR) AS t)")) {
            ps.setString(1, text);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                if (rs.getBoolean(1)) {
                    // the parser's message names the query's words (a syntax error) or the kind of statement, never a row
                    throw new SQLException("DuckDB's parser finds no SELECT: " + rs.getString(2), "42000");
                }
                return rs.getInt(3);
            }
        }
    }

    /** DuckDB's driver throws from getWarnings and sizes no column, both of which ij relies on ({@link DuckDbConsole}). */
    @Override
    public Connection forConsole(Connection connection) {
        return DuckDbConsole.wrap(connection);
    }

    /**
     * DuckDB has no savepoints, and any error aborts the whole transaction ("Current transaction is aborted"): an
     * import names the lines of the refused batch rather than its one row.
     */
    @Override
    public boolean hasSavepoints() {
        return false;
    }

    /**
     * A statement that failed as the driver prepared it is reported as "Attempting to execute an unsuccessful or
     * closed pending query result", its own error on the next line: that error. Null for any other driver's error.
     */
    @Override
    public String primaryMessage(SQLException e) {
        StackTraceElement[] frames = e.getStackTrace();
        if (frames.length == 0 || !frames[0].getClassName().startsWith("org.duckdb.")) {
            return null;
        }
        return unwrapped(String.valueOf(e.getMessage()));
    }

    /** The texts of the JVM's out-of-heap errors, which DuckDB's fetch reports as "Invalid Error: TEXT". */
    private static final java.util.List<String> HEAP_TEXTS = java.util.List.of("Java heap space", "GC overhead limit exceeded",
            "Requested array size exceeds VM limit");

    /** DuckDB's native fetch catches the OutOfMemoryError of the Java code it calls and throws "Invalid Error: Java heap space". */
    @Override
    public String outOfHeap(SQLException e) {
        StackTraceElement[] frames = e.getStackTrace();
        if (frames.length == 0 || !frames[0].getClassName().startsWith("org.duckdb.")) {
            return null;
        }
        String m = String.valueOf(e.getMessage()).strip();
        return HEAP_TEXTS.stream().filter(text -> m.equals("Invalid Error: " + text)).findFirst().orElse(null);
    }

    static String unwrapped(String message) {
        int pending = message.indexOf(PENDING);
        if (pending < 0) {
            return message;
        }
        String m = message.substring(pending + PENDING.length()).strip();
        return m.startsWith("Error: ") ? m.substring("Error: ".length()) : m;
    }

    /**
     * DuckDB's driver sets no SQLState: the state's class is derived from the kind of error its message starts with,
     * so kanon can tell what a user can act on (and which messages never quote a row) as on the other databases.
     */
    @Override
    public String sqlState(SQLException e) {
        if (e.getSQLState() != null) {
            return e.getSQLState();
        }
        // a statement that failed as it was prepared is reported as a failed "pending query result", then its error
        String m = unwrapped(String.valueOf(e.getMessage()));
        if (m.contains(LOCKED)) {
            return "08001";
        }
        int colon = m.indexOf(" Error: ");
        if (colon < 0) {
            return null;
        }
        String kind = m.substring(0, colon);
        return switch (kind) {
            case "Parser", "Syntax" -> "42601";
            case "Catalog" -> "42P01";
            case "Binder", "Not implemented", "Dependency" -> "42000";
            case "Permission" -> "42501";
            case "Conversion", "Out of Range", "Invalid Input", "Invalid type", "Mismatch Type", "Arithmetic" -> "22000";
            case "Constraint" -> "23000";
            // a write-write conflict between two transactions is a serialization failure, as elsewhere
            case "TransactionContext" -> m.contains("read-only") ? "25006" : m.toLowerCase(java.util.Locale.ROOT).contains("conflict") ? "40001" : "25000";
            case "Transaction", "Transaction conflict" -> "40001";
            case "Out of Memory" -> "53200";
            case "IO" -> "58030";
            case "Interrupt" -> "57014";
            default -> null;
        };
    }

    private UnsupportedOperationException unsupported(String what) {
        return new UnsupportedOperationException(displayName() + " has no " + what);
    }
}
