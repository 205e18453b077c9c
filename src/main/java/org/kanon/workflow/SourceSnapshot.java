package org.kanon.workflow;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jooq.DSLContext;
import org.jooq.Name;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.db.KanonSchemas;
import org.kanon.db.Relations;
import org.kanon.release.ReleaseRegister;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.Dimension;
import org.kanon.schema.hierarchy.DimensionTableReader;
import org.kanon.schema.hierarchy.DimensionTableWriter;
import org.kanon.schema.hierarchy.Hierarchy;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * Prepares the table a spec releases from. A table source is used as it is. A query source (a SELECT over several
 * tables) is copied into a private snapshot table {@code KANON.<release>_SOURCE}: the release — a view over it, or a
 * table — and its re-check then rest on exactly the rows that went in, however the joined tables change later. The
 * spec's hierarchy bindings give the snapshot's columns (or a table's unbound columns) their hierarchies.
 */
public final class SourceSnapshot {
    private static final String MARK = "_SRC";

    private final Database db;

    SourceSnapshot(Database db) {
        this.db = db;
    }

    /**
     * The table to release from, ready with its hierarchies. A snapshot is named after the release and the run
     * ({@code KANON.<release>_SRC<run>}), so a run that replaces a release never drops what the old one still reads.
     */
    SourceTable prepare(Spec spec, String releaseName, long runId) {
        SourceTable source = spec.fromQuery() ? snapshot(spec, releaseName + MARK + runId) : new TableResolver(db).resolve(spec.sourceTable());
        try {
            bindHierarchies(spec, source);
        } catch (RuntimeException e) {
            discardIfSnapshot(source);
            throw e;
        }
        return source;
    }

    /** Drops a snapshot with its dimension tables and catalog entries; leaves any other table alone. */
    void discardIfSnapshot(SourceTable source) {
        if (source == null || !isSnapshot(source.schema(), source.name())) {
            return;
        }
        HierarchyCatalog catalog = new HierarchyCatalog(db);
        var sources = new org.kanon.db.CatalogTable(db, "source_tables");
        db.dsl().transaction(cfg -> {
            DSLContext tx = cfg.dsl();
            for (HierarchyCatalog.Bound b : catalog.list(source)) {
                Relations.dropIfExists(tx, b.dimension().schema(), b.dimension().table());
            }
            tx.deleteFrom(sources.table()).where(sources.field("table_schema", String.class).eq(source.schema())
                    .and(sources.field("table_name", String.class).eq(source.name()))).execute();
            Relations.dropIfExists(tx, source.schema(), source.name());
        });
    }

    /**
     * Drops the snapshot a run that died may have left ({@code KANON.<release>_SRC<run>}) — unless a registered
     * release rests on it (the run died after its release was committed).
     */
    void discardAbandoned(String releaseName, long runId) {
        String schema = db.identifiers().fold(KanonSchemas.CATALOG);
        String table = db.identifiers().fold(releaseName + MARK + runId);
        boolean released = new ReleaseRegister(db).list().stream()
                .anyMatch(r -> r.sourceSchema().equals(schema) && r.sourceTable().equals(table));
        if (!released) {
            discardIfSnapshot(new SourceTable(schema, table, java.util.List.of()));
        }
    }

    boolean isSnapshot(String schema, String table) {
        return schema.equals(db.identifiers().fold(KanonSchemas.CATALOG)) && table.toUpperCase(java.util.Locale.ROOT).matches(".*" + MARK + "\\d+");
    }

    private SourceTable snapshot(Spec spec, String snapshotName) {
        String schema = db.identifiers().fold(KanonSchemas.CATALOG);
        String table = db.identifiers().fold(snapshotName);
        Name name = DSL.name(schema, table);
        String select = singleQuery(spec);
        try {
            db.dsl().transaction(cfg -> {
                DSLContext tx = cfg.dsl();
                Relations.dropIfExists(tx, schema, table);
                // the spec's own SELECT, run as written: specs are written by the DBA who owns the data
                var rows = DSL.selectFrom(DSL.table("(" + select + ")").as("q"));
                tx.createTable(name).as(rows).withNoData().execute();
                tx.insertInto(DSL.table(name)).select(rows).execute();
            });
        } catch (org.jooq.exception.DataAccessException e) {
            throw new InvalidInputException("spec '" + spec.name() + "': its source query failed: " + firstLine(e));
        }
        return new TableResolver(db).resolve(schema + "." + table);
    }

    private void bindHierarchies(Spec spec, SourceTable source) {
        HierarchyCatalog catalog = new HierarchyCatalog(db);
        TableResolver tables = new TableResolver(db);
        Map<Column, Hierarchy> wanted = new LinkedHashMap<>();
        for (Spec.HierarchyBinding b : spec.hierarchies()) {
            Column column = source.column(b.column());
            if (!spec.fromQuery() && catalog.find(source, column).isPresent()) {
                continue; // a table's own binding wins over the spec's
            }
            SourceTable from = tables.find(b.table()).orElseThrow(() -> new InvalidInputException("spec '" + spec.name()
                    + "': hierarchy of " + b.column() + ": table '" + b.table() + "' not found"));
            Dimension dimension = catalog.find(from, from.column(b.tableColumn())).orElseThrow(() -> new InvalidInputException(
                    "spec '" + spec.name() + "': hierarchy of " + b.column() + ": no hierarchy is bound to " + b.table() + "." + b.tableColumn()));
            wanted.put(column, new DimensionTableReader(db).read(dimension, column.name()));
        }
        if (!wanted.isEmpty()) {
            new DimensionTableWriter(db).bindAll(source, wanted);
        }
    }

    /**
     * The spec's source query, checked to be one query (SELECT, WITH or VALUES) and nothing else: it runs as the
     * engine's role inside {@code CREATE TABLE ... AS SELECT * FROM (query) q}, so a spec must neither smuggle in a
     * second statement nor close the parenthesis around it. Literals ('..', E'..', $tag$..$tag$, ".."), and comments
     * are skipped; outside them a ';' (but a final one) or unbalanced parentheses are refused.
     */
    public static String singleQuery(Spec spec) {
        String where = "spec '" + spec.name() + "': the source query ";
        String text = spec.sourceQuery().strip();
        if (text.endsWith(";")) {
            text = text.substring(0, text.length() - 1).strip();
        }
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\'') {
                boolean escapes = i > 0 && (text.charAt(i - 1) == 'E' || text.charAt(i - 1) == 'e')
                        && (i < 2 || !Character.isLetterOrDigit(text.charAt(i - 2)) && text.charAt(i - 2) != '_');
                i = endOfQuoted(text, i, '\'', escapes, where);
            } else if (c == '"') {
                i = endOfQuoted(text, i, '"', false, where);
            } else if (c == '$' && (i == 0 || !Character.isLetterOrDigit(text.charAt(i - 1)) && text.charAt(i - 1) != '_')) {
                int tagEnd = text.indexOf('$', i + 1);
                if (tagEnd > i && text.substring(i + 1, tagEnd).matches("[A-Za-z_]?[A-Za-z0-9_]*")) {
                    String tag = text.substring(i, tagEnd + 1);
                    int close = text.indexOf(tag, tagEnd + 1);
                    if (close < 0) {
                        throw new InvalidInputException(where + "has an unterminated " + tag + " literal");
                    }
                    i = close + tag.length() - 1;
                }
            } else if (c == '-' && i + 1 < text.length() && text.charAt(i + 1) == '-') {
                int nl = text.indexOf('\n', i);
                i = nl < 0 ? text.length() : nl;
            } else if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '*') {
                int close = text.indexOf("*/", i + 2);
                if (close < 0 || text.substring(i + 2, close).contains("/*")) {
                    throw new InvalidInputException(where + "has an unterminated or nested /* comment");
                }
                i = close + 1;
            } else if (c == ';') {
                throw new InvalidInputException(where + "must be a single query; found a ';' at character " + (i + 1));
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && --depth < 0) {
                throw new InvalidInputException(where + "closes a parenthesis it did not open, at character " + (i + 1));
            }
        }
        if (depth != 0) {
            throw new InvalidInputException(where + "leaves " + depth + " parenthesis(es) open");
        }
        String first = text.split("[\\s(]+", 2)[0].toUpperCase(java.util.Locale.ROOT);
        if (!first.equals("SELECT") && !first.equals("WITH") && !first.equals("VALUES")) {
            throw new InvalidInputException(where + "must be a SELECT (or WITH/VALUES), not '" + first + "'");
        }
        return text;
    }

    /** The index of the quote closing the literal opened at {@code open}; a doubled quote (or \' in E'..') stays inside. */
    private static int endOfQuoted(String text, int open, char quote, boolean backslashEscapes, String where) {
        for (int j = open + 1; j < text.length(); j++) {
            char c = text.charAt(j);
            if (backslashEscapes && c == '\\') {
                j++;
            } else if (c == quote) {
                if (j + 1 < text.length() && text.charAt(j + 1) == quote) {
                    j++;
                } else {
                    return j;
                }
            }
        }
        throw new InvalidInputException(where + "has an unterminated " + quote + " literal");
    }

    private static String firstLine(Exception e) {
        Throwable cause = e.getCause() != null ? e.getCause() : e;
        String m = String.valueOf(cause.getMessage());
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
