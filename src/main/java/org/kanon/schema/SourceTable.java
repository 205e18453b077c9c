package org.kanon.schema;

import java.util.ArrayList;
import java.util.List;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;

/**
 * An existing table or view as the database stores it (exact schema, name and column spellings), so every later
 * reference is a quoted {@link Name} that cannot miss or be misread.
 */
public record SourceTable(String schema, String name, List<Column> columns, String catalog) {

    /** A table of the database's own catalog (every database but Trino has only that one). */
    public SourceTable(String schema, String name, List<Column> columns) {
        this(schema, name, columns, null);
    }

    /**
     * {@code catalog}: null for a table of the connection's catalog; else (Trino: a table read through another of its
     * catalogs, e.g. {@code postgresql}) that catalog, and {@code schema} is {@code catalog.schema}, as the table is
     * registered and shown.
     */
    public SourceTable {
        columns = List.copyOf(columns);
        if (catalog != null && !schema.startsWith(catalog + ".")) {
            throw new IllegalArgumentException("schema " + schema + " of a table in catalog " + catalog + " must be " + catalog + ".<schema>");
        }
    }

    public Name qualifiedName() {
        return catalog == null ? DSL.name(schema, name) : DSL.name(catalog, schema.substring(catalog.length() + 1), name);
    }

    public Table<?> table() {
        return DSL.table(qualifiedName());
    }

    public Table<?> table(String alias) {
        return table().as(DSL.name(alias));
    }

    /** Schema-qualified, as a user would read it in a message. */
    public String displayName() {
        return schema + "." + name;
    }

    public Field<Object> field(String alias, Column column) {
        return DSL.field(DSL.name(alias, column.name()));
    }

    /**
     * The column a user means: the exact spelling first, then a unique case-insensitive match (so {@code age}
     * finds Derby's {@code AGE}). Otherwise one error that names the table and the columns it has.
     */
    public Column column(String userName) {
        String wanted = userName.trim();
        for (Column c : columns) {
            if (c.name().equals(wanted)) {
                return c;
            }
        }
        List<Column> matches = new ArrayList<>();
        for (Column c : columns) {
            if (c.name().equalsIgnoreCase(wanted)) {
                matches.add(c);
            }
        }
        if (matches.size() == 1) {
            return matches.get(0);
        }
        if (matches.size() > 1) {
            throw new InvalidInputException("column '" + userName + "' of " + displayName()
                    + " is ambiguous: it matches " + matches.stream().map(Column::name).toList() + "; spell it exactly");
        }
        throw new InvalidInputException("column '" + userName + "' not found in " + displayName() + " (columns: "
                + String.join(", ", columns.stream().map(Column::name).toList()) + ")");
    }

    public List<Column> columns(List<String> userNames) {
        List<Column> result = new ArrayList<>();
        for (String n : userNames) {
            Column c = column(n);
            if (result.contains(c)) {
                throw new InvalidInputException("column '" + n + "' is listed twice");
            }
            result.add(c);
        }
        return result;
    }

    public boolean hasColumn(String userName) {
        return columns.stream().anyMatch(c -> c.name().equalsIgnoreCase(userName.trim()));
    }

    @Override
    public String toString() {
        return displayName();
    }
}
