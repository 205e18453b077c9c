package org.kanon.schema;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.db.KanonSchemas;
import org.kanon.db.Relations;
import org.kanon.db.SqlErrors;

/**
 * Turns the table name a user typed ({@code adult}, {@code APP.ADULT}, {@code "x; DROP TABLE y"}) into the table
 * the database actually has, by asking the database's own metadata; never by pasting the name into SQL.
 */
public final class TableResolver {
    private final Database db;

    public TableResolver(Database db) {
        this.db = db;
    }

    /** Where a user-given name points: a schema (the given one, or the connection's current one) and a table name. */
    public record TableName(String schema, String name, boolean schemaGiven) {
        public String displayName() {
            return schema + "." + name;
        }
    }

    /**
     * Splits {@code schema.table} at the first dot when both sides are non-empty; otherwise the whole text is the
     * table name in the current schema. Names are folded like every name kanon creates.
     */
    public TableName parse(String userName) {
        if (userName == null || userName.isBlank()) {
            throw new InvalidInputException("--table: a table name is required");
        }
        String text = userName.trim();
        if (text.length() > 128) {
            throw new InvalidInputException("--table: name longer than 128 characters: " + text.substring(0, 40) + "...");
        }
        String[] parts = text.split("\\.", -1);
        if (parts.length == 3 && db.profile().readsOtherCatalogs() && !parts[0].isEmpty() && !parts[1].isEmpty() && !parts[2].isEmpty()) {
            // catalog.schema.table: a table another catalog of the engine reads (Trino's postgresql catalog)
            var ids = db.identifiers();
            return new TableName(ids.fold(parts[0]) + "." + ids.fold(parts[1]), ids.fold(parts[2]), true);
        }
        int dot = text.indexOf('.');
        if (dot > 0 && dot < text.length() - 1) {
            return new TableName(db.identifiers().fold(text.substring(0, dot)), db.identifiers().fold(text.substring(dot + 1)), true);
        }
        return new TableName(db.currentSchema(), db.identifiers().fold(text), false);
    }

    /**
     * Where a user asks kanon to write a table ({@code option} names the option, for the message). Never one of
     * kanon's own schemas: a user relation there would replace the catalog or a release, or put raw rows where the
     * reader role reads releases.
     */
    public TableName parseWritable(String option, String userName) {
        TableName target = parse(userName);
        if (db.identifiers().isOwn(target.schema())) {
            var ids = db.identifiers();
            throw new InvalidInputException(option + ": schema " + target.schema() + " belongs to kanon (" + ids.namespace(KanonSchemas.CATALOG)
                    + ", " + ids.namespace(KanonSchemas.DIMENSIONS) + ", " + ids.namespace(KanonSchemas.RELEASES) + " hold its catalog, hierarchies and releases);"
                    + " write the table to another schema");
        }
        return target;
    }

    public SourceTable resolve(String userName) {
        TableName wanted = parse(userName);
        return find(wanted).orElseThrow(() -> new InvalidInputException("table '" + userName.trim() + "' not found in schema "
                + wanted.schema() + closeMatches(wanted)));
    }

    public Optional<SourceTable> find(String userName) {
        return find(parse(userName));
    }

    public Optional<SourceTable> find(TableName wanted) {
        try (Connection c = db.dataSource().getConnection()) {
            DatabaseMetaData meta = c.getMetaData();
            int dot = wanted.schema().indexOf('.');
            if (db.profile().readsOtherCatalogs() && dot > 0) {
                return findInCatalog(meta, wanted.schema().substring(0, dot), wanted.schema().substring(dot + 1), wanted.name());
            }
            String schema = matchSchema(meta, wanted.schema());
            if (schema == null) {
                return Optional.empty();
            }
            String table = matchTable(meta, schema, wanted.name());
            if (table == null) {
                return Optional.empty();
            }
            return Optional.of(new SourceTable(schema, table, columns(meta, schema, table)));
        } catch (SQLException e) {
            throw SqlErrors.translate(e, db.settings());
        }
    }

    /** A table of another catalog of the engine (Trino), registered and shown as {@code catalog.schema.table}. */
    private static Optional<SourceTable> findInCatalog(DatabaseMetaData meta, String catalog, String schema, String name) throws SQLException {
        List<String> tables = new ArrayList<>();
        try (ResultSet rs = meta.getTables(catalog, Relations.escape(meta, schema), null, new String[] {"TABLE", "VIEW"})) {
            while (rs.next()) {
                tables.add(rs.getString("TABLE_NAME"));
            }
        }
        String table = pick(tables, name);
        if (table == null) {
            return Optional.empty();
        }
        return Optional.of(new SourceTable(catalog + "." + schema, table, columns(meta, catalog, schema, table), catalog));
    }

    private static String matchSchema(DatabaseMetaData meta, String wanted) throws SQLException {
        List<String> all = new ArrayList<>();
        try (ResultSet rs = meta.getSchemas()) {
            while (rs.next()) {
                all.add(rs.getString("TABLE_SCHEM"));
            }
        }
        return pick(all, wanted);
    }

    private static String matchTable(DatabaseMetaData meta, String schema, String wanted) throws SQLException {
        return pick(tableNames(meta, schema), wanted);
    }

    private static List<String> tableNames(DatabaseMetaData meta, String schema) throws SQLException {
        List<String> all = new ArrayList<>();
        // listing the schema and matching here avoids metadata patterns, where _ and % are wildcards
        try (ResultSet rs = meta.getTables(null, schema, null, new String[] {"TABLE", "VIEW", "MATERIALIZED VIEW", "PARTITIONED TABLE"})) {
            while (rs.next()) {
                all.add(rs.getString("TABLE_NAME"));
            }
        }
        return all;
    }

    /** Exact spelling wins; otherwise a unique case-insensitive match. */
    private static String pick(List<String> candidates, String wanted) {
        if (candidates.contains(wanted)) {
            return wanted;
        }
        List<String> loose = candidates.stream().filter(s -> s.equalsIgnoreCase(wanted)).toList();
        return loose.size() == 1 ? loose.get(0) : null;
    }

    private static List<Column> columns(DatabaseMetaData meta, String schema, String table) throws SQLException {
        return columns(meta, null, schema, table);
    }

    private static List<Column> columns(DatabaseMetaData meta, String catalog, String schema, String table) throws SQLException {
        List<Column> columns = new ArrayList<>();
        try (ResultSet rs = meta.getColumns(catalog, Relations.escape(meta, schema), Relations.escape(meta, table), null)) {
            while (rs.next()) {
                if (!table.equals(rs.getString("TABLE_NAME"))) {
                    continue;
                }
                columns.add(new Column(rs.getString("COLUMN_NAME"), rs.getInt("ORDINAL_POSITION"), rs.getInt("DATA_TYPE"),
                        rs.getString("TYPE_NAME"), rs.getInt("COLUMN_SIZE"), rs.getInt("DECIMAL_DIGITS"),
                        rs.getInt("NULLABLE") != DatabaseMetaData.columnNoNulls));
            }
        }
        columns.sort((a, b) -> Integer.compare(a.position(), b.position()));
        return columns;
    }

    private String closeMatches(TableName wanted) {
        try (Connection c = db.dataSource().getConnection()) {
            String schema = matchSchema(c.getMetaData(), wanted.schema());
            if (schema == null) {
                return " (no such schema)";
            }
            String needle = wanted.name().toLowerCase();
            List<String> close = tableNames(c.getMetaData(), schema).stream()
                    .filter(t -> t.toLowerCase().contains(needle) || needle.contains(t.toLowerCase()))
                    .limit(5).toList();
            return close.isEmpty() ? "" : " (did you mean: " + String.join(", ", close) + "?)";
        } catch (SQLException e) {
            return "";
        }
    }
}
