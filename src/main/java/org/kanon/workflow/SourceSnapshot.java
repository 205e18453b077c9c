package org.kanon.workflow;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jooq.BatchBindStep;
import org.jooq.Cursor;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.Record;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.db.Identifiers;
import org.kanon.db.KanonSchemas;
import org.kanon.db.ReadOnlyQuery;
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
 * tables) is read with no write power ({@link ReadOnlyQuery}: one statement, proven a query by the database, in a
 * read-only transaction) and copied into a private snapshot table {@code KANON.<release>_SRC<run>} (the release's
 * part shortened to fit the database's name limit): the release — a view over it, or a
 * table — and its re-check then rest on exactly the rows that went in, however the joined tables change later. The
 * spec's hierarchy bindings give the snapshot's columns (or a table's unbound columns) their hierarchies.
 */
public final class SourceSnapshot {
    private static final String MARK = "_SRC";
    private static final int COPY_BATCH = 1000;
    /** The finest fractional seconds a time column declares (microseconds). */
    private static final int MAX_FRACTIONAL_DIGITS = 6;
    /** yyyy-mm-dd hh:mm:ss, the display size of a time without fractional seconds. */
    private static final int DATETIME_DISPLAY = 19;
    /** PostgreSQL's largest declarable varchar length; Derby's (32672) and its precisions are below these. */
    private static final int LARGEST_LENGTH = 10_485_760;
    private static final int LARGEST_PRECISION = 1000;

    private final Database db;

    SourceSnapshot(Database db) {
        this.db = db;
    }

    /**
     * The table to release from, ready with its hierarchies. A snapshot is named after the release and the run
     * ({@code KANON.<release>_SRC<run>}), so a run that replaces a release never drops what the old one still reads.
     */
    SourceTable prepare(Spec spec, String releaseName, long runId) {
        SourceTable source = spec.fromQuery() ? snapshot(spec, snapshotName(releaseName, runId)) : new TableResolver(db).resolve(spec.sourceTable());
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
            // the rows that hang off the source first: not every catalog deletes them by cascade (DuckDB's has no
            // foreign keys)
            var sourceId = DSL.select(sources.field("id", Integer.class)).from(sources.table())
                    .where(sources.field("table_schema", String.class).eq(source.schema())
                            .and(sources.field("table_name", String.class).eq(source.name())));
            var hierarchies = new org.kanon.db.CatalogTable(db, "hierarchies");
            var levels = new org.kanon.db.CatalogTable(db, "hierarchy_levels");
            var attributes = new org.kanon.db.CatalogTable(db, "source_attributes");
            tx.deleteFrom(levels.table()).where(levels.field("hierarchy_id", Integer.class).in(
                    DSL.select(hierarchies.field("id", Integer.class)).from(hierarchies.table())
                            .where(hierarchies.field("source_id", Integer.class).in(sourceId)))).execute();
            tx.deleteFrom(hierarchies.table()).where(hierarchies.field("source_id", Integer.class).in(sourceId)).execute();
            tx.deleteFrom(attributes.table()).where(attributes.field("source_id", Integer.class).in(sourceId)).execute();
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
        String schema = db.identifiers().namespace(KanonSchemas.CATALOG);
        String table = db.identifiers().fold(snapshotName(releaseName, runId));
        boolean released = new ReleaseRegister(db).list().stream()
                .anyMatch(r -> r.sourceSchema().equals(schema) && r.sourceTable().equals(table));
        if (!released) {
            discardIfSnapshot(new SourceTable(schema, table, java.util.List.of()));
        }
    }

    /**
     * {@code <release>_SRC<run>}, the release's part cut short (by whole characters) until the name fits the
     * database (PostgreSQL would truncate it to 63 bytes, and the name would then miss on every later lookup) and
     * holds at most {@value Identifiers#MAX_LENGTH} characters on any database (the engine is handed
     * {@code KANON.<snapshot>} as a table name, at most 128 characters). The run's id alone keeps it unique: the
     * digits after the last {@code _SRC} are the run's.
     */
    String snapshotName(String releaseName, long runId) {
        String suffix = MARK + runId;
        String release = releaseName;
        while (!release.isEmpty() && (!db.identifiers().fits(release + suffix) || (release + suffix).length() > Identifiers.MAX_LENGTH)) {
            release = release.substring(0, release.offsetByCodePoints(release.length(), -1));
        }
        return release + suffix;
    }

    boolean isSnapshot(String schema, String table) {
        return schema.equals(db.identifiers().namespace(KanonSchemas.CATALOG)) && table.toUpperCase(java.util.Locale.ROOT).matches(".*" + MARK + "\\d+");
    }

    private SourceTable snapshot(Spec spec, String snapshotName) {
        String schema = db.identifiers().namespace(KanonSchemas.CATALOG);
        String table = db.identifiers().fold(snapshotName);
        Name name = DSL.name(schema, table);
        db.dsl().transaction(cfg -> {
            DSLContext tx = cfg.dsl();
            Relations.dropIfExists(tx, schema, table);
            // the spec's text is read with no write power; only the copy, built here, writes
            query(db, spec).read(spec.sourceQuery(), rows -> {
                copy(tx, name, rows);
                return null;
            });
        });
        // by its parts, not as text to parse: the name may be as long as the database allows
        return new TableResolver(db).find(new TableResolver.TableName(schema, table, true))
                .orElseThrow(() -> new IllegalStateException("the snapshot " + schema + "." + table + " just written is not found"));
    }

    /**
     * Checks a spec's source query the way a run reads it (one statement, a query, accepted in a read-only
     * transaction), reading at most one row: a bad query is refused when the spec is stored.
     */
    public static void checkQuery(Database db, Spec spec) {
        query(db, spec).check(spec.sourceQuery());
    }

    private static ReadOnlyQuery query(Database db, Spec spec) {
        return new ReadOnlyQuery(db, "spec '" + spec.name() + "': the source query");
    }

    /** A table of the query's columns (typed as the database describes them, every one nullable) and its rows. */
    private static void copy(DSLContext tx, Name name, Cursor<Record> rows) {
        List<Field<?>> columns = new ArrayList<>();
        for (Field<?> f : rows.fields()) {
            columns.add(DSL.field(DSL.name(f.getName()), declared(f.getDataType())));
        }
        tx.createTable(name).columns(columns).execute();
        Object[] none = new Object[columns.size()];
        BatchBindStep batch = null;
        int pending = 0;
        for (Record row : rows) {
            if (batch == null) {
                batch = tx.batch(tx.insertInto(DSL.table(name)).columns(columns).values(none));
            }
            batch.bind(row.intoArray());
            if (++pending == COPY_BATCH) {
                batch.execute();
                batch = null;
                pending = 0;
            }
        }
        if (batch != null) {
            batch.execute();
        }
    }

    /**
     * A column type as the snapshot declares it: nullable (an outer join's column is, whatever its base column);
     * a length or precision the driver reports for an unbounded type (PostgreSQL's text, varchar, numeric: up to
     * Integer.MAX_VALUE) left undeclared, as the query's own type is.
     */
    private static org.jooq.DataType<?> declared(org.jooq.DataType<?> type) {
        org.jooq.DataType<?> t = type.nullable(true).identity(false);
        if (t.hasLength() && t.length() > LARGEST_LENGTH) {
            t = t.length(0);
        }
        if (t.hasPrecision() && t.precision() > LARGEST_PRECISION) {
            t = t.precision(0, 0);
        }
        if (t.isDateTime() && t.hasPrecision() && t.precision() > MAX_FRACTIONAL_DIGITS) {
            // MariaDB's driver reports a DATETIME's display size as its precision: 19 characters, and a point and the
            // fractional digits beyond; a time's precision is its fractional digits, at most 6 on every database
            t = t.precision(Math.min(MAX_FRACTIONAL_DIGITS, Math.max(0, t.precision() - DATETIME_DISPLAY - 1)));
        }
        return t;
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
            // a table's own binding wins, also one a concurrent run of this spec made after the look above
            new DimensionTableWriter(db).bindAll(source, wanted, DimensionTableWriter.IfBound.KEEP);
        }
    }

}
