package org.kanon.schema.hierarchy;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jooq.DSLContext;
import org.jooq.DataType;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.db.Identifiers;
import org.kanon.db.KanonSchemas;
import org.kanon.db.Relations;
import org.kanon.db.dialect.TableLimits;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;
import org.kanon.schema.Column;
import org.kanon.schema.ColumnTypes;
import org.kanon.schema.SourceRegistry;
import org.kanon.schema.SourceTable;

/**
 * Binds a hierarchy to a column: checks it covers every value the column holds, then materializes it as a
 * dimension table in KANON_DIM and records it in the catalog, all in one transaction. A column that already has a
 * hierarchy keeps it unless the caller asks to replace it ({@link IfBound}); a hierarchy that a view release reads
 * is never replaced under it.
 */
public final class DimensionTableWriter {
    /** What to do with a column that already has a hierarchy. */
    public enum IfBound {
        /** Refuse the whole call, binding nothing (the command line's default). */
        REFUSE,
        /** Drop the old dimension table and bind the new hierarchy in its place (--replace). */
        REPLACE,
        /**
         * Keep a column's binding and bind only the columns that have none, as seen once this table's binders have
         * taken turns: a spec run whose table gained a binding meanwhile (a concurrent run of a spec) keeps it.
         */
        KEEP
    }

    private final Database db;
    private final HierarchyCatalog catalog;
    private final SourceRegistry registry;
    private final DimensionUsers users;
    private final Progress progress;

    public DimensionTableWriter(Database db) {
        this(db, Progress.NONE);
    }

    /** A binding's long phases (each column checked against its hierarchy, the rows written) are steps of {@code progress}. */
    public DimensionTableWriter(Database db, Progress progress) {
        this.db = db;
        this.progress = Progress.orNone(progress);
        this.catalog = new HierarchyCatalog(db);
        this.registry = new SourceRegistry(db);
        this.users = new DimensionUsers(db);
    }

    /** The distinct non-null values of a column in their SQL text form, for the hierarchy builders. */
    public List<String> distinctValues(SourceTable source, Column column) {
        Field<Object> f = DSL.field(DSL.name(column.name()));
        List<String> values = new ArrayList<>();
        for (Object v : db.dsl().selectDistinct(f).from(source.table()).where(f.isNotNull()).fetch(0)) {
            values.add(text(v));
        }
        return values;
    }

    /** Binds one hierarchy to a column that has none yet. */
    public Dimension bind(SourceTable source, Column column, Hierarchy hierarchy) {
        return bind(source, column, hierarchy, IfBound.REFUSE);
    }

    public Dimension bind(SourceTable source, Column column, Hierarchy hierarchy, IfBound ifBound) {
        return bindAll(source, Map.of(column, hierarchy), ifBound).get(0);
    }

    /** Binds hierarchies to columns that have none yet: {@link #bindAll(SourceTable, Map, IfBound)} refusing a bound one. */
    public List<Dimension> bindAll(SourceTable source, Map<Column, Hierarchy> hierarchies) {
        return bindAll(source, hierarchies, IfBound.REFUSE);
    }

    /**
     * Binds several hierarchies at once: all are checked against the data before anything is written, and all are
     * written in one transaction, so a bad file among many leaves the catalog as it was.
     *
     * @throws InvalidInputException when a hierarchy does not fit the column, when a column already has one and
     *     {@code ifBound} is {@link IfBound#REFUSE}, or when a view release reads the hierarchy to be replaced
     */
    public List<Dimension> bindAll(SourceTable source, Map<Column, Hierarchy> hierarchies, IfBound ifBound) {
        Map<Column, Column> keyColumns = new java.util.LinkedHashMap<>();
        Map<Column, Map<Object, List<String>>> typed = new java.util.LinkedHashMap<>();
        try (Step checked = progress.start("columns checked against their hierarchies", hierarchies.size())) {
            for (Map.Entry<Column, Hierarchy> e : hierarchies.entrySet()) {
                checkDepth(e.getKey(), e.getValue());
                Column key = DimensionKeyType.of(e.getKey(), e.getValue(), db.profile().tableLimits());
                Map<Object, List<String>> byKey = typedRows(e.getKey(), key, e.getValue());
                checkCoverage(source, e.getKey(), e.getValue(), byKey);
                keyColumns.put(e.getKey(), key);
                typed.put(e.getKey(), byKey);
                checked.advance();
            }
        }
        Identifiers ids = db.identifiers();
        String schema = ids.namespace(KanonSchemas.DIMENSIONS);
        String keyColumn = ids.fold(HierarchyCatalog.KEY_COLUMN);
        String prefix = ids.fold(HierarchyCatalog.LEVEL_PREFIX);
        List<Name> created = new ArrayList<>();
        long rows = typed.values().stream().mapToLong(Map::size).sum();
        try (Step bound = progress.start("hierarchy rows bound", rows)) {
            bindAll(source, hierarchies, keyColumns, typed, ifBound, schema, keyColumn, prefix, created, bound);
        } catch (RuntimeException e) {
            if (!db.profile().transactionalDdl()) {
                // CREATE committed by itself (MariaDB, Trino): what this binding created goes again
                for (Name table : created) {
                    try {
                        org.kanon.db.Relations.dropIfExists(db.dsl(), table.first(), table.last());
                    } catch (RuntimeException dropFailed) {
                        e.addSuppressed(dropFailed);
                    }
                }
            }
            throw e;
        }
        List<Dimension> bound = new ArrayList<>();
        for (Column column : hierarchies.keySet()) {
            Dimension d = catalog.find(source, column).orElseThrow();
            db.analyze(DSL.name(d.schema(), d.table()));
            bound.add(d);
        }
        return bound;
    }

    private void bindAll(SourceTable source, Map<Column, Hierarchy> hierarchies, Map<Column, Column> keyColumns,
                         Map<Column, Map<Object, List<String>>> typed, IfBound ifBound, String schema, String keyColumn,
                         String prefix, List<Name> created, Step bound) {
        db.dsl().transaction(cfg -> {
            DSLContext tx = cfg.dsl();
            // first: a concurrent binder of this table waits here, then sees what the first one bound
            HierarchyLock.exclusive(tx, source);
            List<Dimension> old = checkRebinding(tx, source, hierarchies.keySet(), ifBound);
            int sourceId = registry.register(tx, source);
            if (ifBound != IfBound.KEEP) {
                for (Dimension d : old) {
                    unbind(tx, sourceId, d);
                }
            }
            java.util.Set<String> kept = ifBound == IfBound.KEEP
                    ? old.stream().map(Dimension::attribute).collect(java.util.stream.Collectors.toSet()) : java.util.Set.of();
            Map<Column, String> tables = new java.util.LinkedHashMap<>();
            for (Map.Entry<Column, Hierarchy> e : hierarchies.entrySet()) {
                Column column = e.getKey();
                if (kept.contains(column.name())) {
                    bound.advance(typed.get(column).size()); // already bound: nothing to write
                    continue;
                }
                Hierarchy hierarchy = e.getValue();
                Column key = keyColumns.get(column);
                String table = freeTableName(tx, source, column, schema, tables.values());
                Name tableName = DSL.name(schema, table);
                createTable(tx, tableName, key, hierarchy, keyColumn, prefix);
                created.add(tableName);
                insertRows(tx, tableName, key, hierarchy, typed.get(column), keyColumn, prefix, bound);
                if (db.profile().hasIndexes()) {
                    tx.createIndex(DSL.name(table + "_V")).on(DSL.table(tableName), DSL.field(DSL.name(keyColumn))).execute();
                }
                tables.put(column, table);
            }
            // registered once every table is written: where the catalog is another database (Trino), a failure while
            // writing leaves no row behind
            for (Map.Entry<Column, String> e : tables.entrySet()) {
                record(tx, sourceId, e.getKey(), hierarchies.get(e.getKey()), schema, e.getValue());
            }
        });
    }

    /**
     * The dimensions the call would replace; refuses when it may not replace them or when a view release reads one
     * (dropping its dimension table would fail in the database, or take the release with it).
     */
    private List<Dimension> checkRebinding(DSLContext tx, SourceTable source, Collection<Column> columns, IfBound ifBound) {
        List<Dimension> old = new ArrayList<>();
        for (Column column : columns) {
            catalog.find(tx, source, column.name()).ifPresent(b -> old.add(b.dimension()));
        }
        if (old.isEmpty() || ifBound == IfBound.KEEP) {
            return old;
        }
        if (ifBound == IfBound.REFUSE) {
            List<String> names = old.stream().map(Dimension::attribute).toList();
            throw new InvalidInputException((names.size() == 1 ? "column " : "columns ") + source.displayName() + "."
                    + String.join(", ", names) + (names.size() == 1 ? " already has a hierarchy" : " already have hierarchies")
                    + "; use --replace to replace " + (names.size() == 1 ? "it" : "them"));
        }
        for (Dimension d : old) {
            DimensionUsers.Readers readers = users.readers(tx, d);
            if (!readers.isEmpty()) {
                throw new InvalidInputException("the hierarchy of " + source.displayName() + "." + d.attribute()
                        + " is read by " + readers + "; drop them first"
                        + (readers.releases().isEmpty() ? "" : " (kanon release drop NAME)") + ", then replace it");
            }
        }
        return old;
    }

    /** Leaves parsed into the column's type, so that 40 in the file meets INTEGER 40 in the table. */
    private static Map<Object, List<String>> typedRows(Column column, Column keyColumn, Hierarchy hierarchy) {
        Map<Object, List<String>> byKey = new HashMap<>();
        for (List<String> row : hierarchy.rows()) {
            String leaf = row.get(0);
            Object key;
            try {
                key = leaf == null ? null : ColumnTypes.normalize(ColumnTypes.parse(keyColumn, leaf));
            } catch (IllegalArgumentException e) {
                throw new InvalidInputException("hierarchy for " + column.name() + " (" + hierarchy.origin() + "): value "
                        + e.getMessage() + " of column " + column.name());
            }
            if (byKey.put(key, row) != null) {
                throw new InvalidInputException("hierarchy for " + column.name() + " (" + hierarchy.origin() + "): value '"
                        + ColumnTypes.abbreviate(String.valueOf(leaf)) + "' appears twice once read as " + column.sqlType());
            }
        }
        return byKey;
    }

    /**
     * The values of a column that a hierarchy has no leaf for, in their SQL text form, for a user who asked to see
     * them ({@code hierarchy import --show-missing}); empty when the hierarchy covers the column. They are data, so
     * they are returned for printing as a result, never put into a message.
     *
     * @throws InvalidInputException when the hierarchy does not fit the column's type (as {@link #bindAll} would)
     */
    public List<String> missingValues(SourceTable source, Column column, Hierarchy hierarchy) {
        Column key = DimensionKeyType.of(column, hierarchy, db.profile().tableLimits());
        List<String> missing = new ArrayList<>();
        gaps(source, column, typedRows(column, key, hierarchy), missing);
        return missing;
    }

    /**
     * Refuses a hierarchy without a leaf for some value of the column, or without a NULL row for a column with NULLs.
     * The message counts the missing values and their rows but never names one: they are the column's data.
     */
    private void checkCoverage(SourceTable source, Column column, Hierarchy hierarchy, Map<Object, List<String>> byKey) {
        Gaps gaps = gaps(source, column, byKey, null);
        String where = source.displayName() + "." + column.name();
        if (gaps.distinctValues() > 0) {
            throw new InvalidInputException("hierarchy for " + where + " (" + hierarchy.origin() + ") has no leaf for "
                    + gaps.distinctValues() + " distinct value(s) of the column, in " + gaps.rows() + " row(s); "
                    + "kanon hierarchy import --show-missing prints them on stdout");
        }
        if (gaps.hasNull() && !hierarchy.mapsNull()) {
            throw new InvalidInputException("column " + where + " has NULL values but its hierarchy (" + hierarchy.origin()
                    + ") maps no NULL; add a line whose first field is empty");
        }
    }

    /** How much of a column a hierarchy misses: distinct non-null values without a leaf, their rows, any NULL. */
    private record Gaps(long distinctValues, long rows, boolean hasNull) {
    }

    /** Counts the gaps, adding each missing value's text to {@code missing} unless that is null. */
    private Gaps gaps(SourceTable source, Column column, Map<Object, List<String>> byKey, List<String> missing) {
        Field<Object> f = DSL.field(DSL.name(column.name()));
        Field<Long> rows = DSL.count().cast(Long.class);
        long distinct = 0;
        long rowCount = 0;
        boolean hasNull = false;
        List<Field<?>> groups = new ArrayList<>(List.of(f));
        if (column.isVaryingText() && !db.profile().comparesTextAsWritten()) {
            // grouped as written: else '53715 ' (Derby) or 'male' (MariaDB) would fall into the group of a leaf and
            // be bound to it, and a release would show both spellings as two classes
            groups.add(db.profile().exactText(f));
        }
        var grouped = db.dsl().select(f, rows).from(source.table()).groupBy(groups);
        // listed in the column's order, for a person reading them; counting needs no order
        for (var r : missing == null ? grouped.fetch() : grouped.orderBy(f).fetch()) {
            Object v = r.value1();
            if (v == null) {
                hasNull = true;
            } else if (!byKey.containsKey(ColumnTypes.normalize(v))) {
                distinct++;
                rowCount += r.value2();
                if (missing != null) {
                    missing.add(text(v));
                }
            }
        }
        return new Gaps(distinct, rowCount, hasNull);
    }

    private static String text(Object value) {
        Object normal = ColumnTypes.normalize(value);
        return normal instanceof java.math.BigDecimal b ? b.toPlainString() : String.valueOf(normal);
    }

    /**
     * The dimension table holds the key and a column per level: a hierarchy with more levels than a table can have
     * columns is refused by its origin (the file) before anything is written, not by the database's CREATE TABLE.
     */
    private void checkDepth(Column column, Hierarchy h) {
        TableLimits limits = db.profile().tableLimits();
        int columns = h.height() + 2;
        if (columns > limits.maxColumns()) {
            throw new InvalidInputException("hierarchy of " + column.name() + " (" + h.origin() + ") has " + (h.height() + 1)
                    + " levels; its dimension table would need " + columns + " columns and " + limits.database() + " holds at most "
                    + limits.maxColumns() + " in a table, so at most " + (limits.maxColumns() - 1) + " levels");
        }
    }

    /** {@code key}: the source column with its type widened to hold every leaf ({@link DimensionKeyType}). */
    private void createTable(DSLContext tx, Name table, Column key, Hierarchy h, String keyColumn, String prefix) {
        var create = tx.createTable(table).column(DSL.name(keyColumn), ColumnTypes.dataType(key).nullable(h.mapsNull()));
        for (int level = 0; level <= h.height(); level++) {
            int width = 1;
            for (List<String> row : h.rows()) {
                String label = row.get(level);
                width = Math.max(width, label == null ? 0 : label.length());
            }
            // labels are at most Hierarchy.MAX_LABEL_LENGTH long, well within every database's VARCHAR
            DataType<String> type = SQLDataType.VARCHAR(width);
            create = create.column(DSL.name(prefix + level), level == 0 ? type.nullable(true) : type.nullable(false));
        }
        create.execute();
    }

    private void insertRows(DSLContext tx, Name tableName, Column column, Hierarchy h, Map<Object, List<String>> byKey,
                            String keyColumn, String prefix, Step bound) {
        Table<?> table = DSL.table(tableName);
        List<Field<?>> fields = new ArrayList<>();
        fields.add(DSL.field(DSL.name(keyColumn), ColumnTypes.dataType(column)));
        for (int level = 0; level <= h.height(); level++) {
            fields.add(DSL.field(DSL.name(prefix + level), String.class));
        }
        // one prepared statement with binds: Derby compiles every distinct SQL text, so inlined rows would be slow
        org.kanon.db.RowBatch batch = new org.kanon.db.RowBatch(tx, tableName, fields);
        for (Map.Entry<Object, List<String>> e : byKey.entrySet()) {
            Object key = e.getKey() == null ? null : ColumnTypes.parse(column, e.getValue().get(0));
            List<Object> values = new ArrayList<>();
            values.add(key);
            values.addAll(e.getValue());
            batch.add(values.toArray());
            bound.advance();
        }
        batch.flush();
    }

    private void record(DSLContext tx, int sourceId, Column column, Hierarchy h, String schema, String table) {
        db.catalogDsl(tx).insertInto(catalog.hierarchies.table())
                .set(h("source_id", Integer.class), sourceId)
                .set(h("column_name", String.class), column.name())
                .set(h("height", Integer.class), h.height())
                .set(h("leaf_count", Integer.class), h.leafCount())
                .set(h("maps_null", Boolean.class), h.mapsNull())
                .set(h("dimension_schema", String.class), schema)
                .set(h("dimension_table", String.class), table)
                .set(h("origin", String.class), h.origin().length() > 2000 ? h.origin().substring(0, 2000) : h.origin())
                .set(h("created_at", LocalDateTime.class), LocalDateTime.now())
                .execute();
        Integer id = db.catalogDsl(tx).select(h("id", Integer.class)).from(catalog.hierarchies.table())
                .where(h("source_id", Integer.class).eq(sourceId).and(h("column_name", String.class).eq(column.name())))
                .fetchSingle(0, Integer.class);
        for (int level = 0; level <= h.height(); level++) {
            db.catalogDsl(tx).insertInto(catalog.levels.table())
                    .set(catalog.levels.field("hierarchy_id", Integer.class), id)
                    .set(catalog.levels.field("level_no", Integer.class), level)
                    .set(catalog.levels.field("column_name", String.class), db.identifiers().fold(HierarchyCatalog.LEVEL_PREFIX + level))
                    .set(catalog.levels.field("distinct_values", Integer.class), h.distinctValues(level))
                    .execute();
        }
    }

    private void unbind(DSLContext tx, int sourceId, Dimension old) {
        Relations.dropIfExists(tx, old.schema(), old.table());
        // the levels first: not every catalog deletes them by cascade (DuckDB's has no foreign keys)
        db.catalogDsl(tx).deleteFrom(catalog.levels.table())
                .where(catalog.levels.field("hierarchy_id", Integer.class).in(DSL.select(catalog.hierarchies.field("id", Integer.class))
                        .from(catalog.hierarchies.table())
                        .where(catalog.hierarchies.field("source_id", Integer.class).eq(sourceId)
                                .and(catalog.hierarchies.field("column_name", String.class).eq(old.attribute())))))
                .execute();
        db.catalogDsl(tx).deleteFrom(catalog.hierarchies.table())
                .where(catalog.hierarchies.field("source_id", Integer.class).eq(sourceId)
                        .and(catalog.hierarchies.field("column_name", String.class).eq(old.attribute())))
                .execute();
    }

    /** D_<table>_<column>, made plain and short enough for both databases, with a suffix if already taken. */
    private String freeTableName(DSLContext tx, SourceTable source, Column column, String schema, java.util.Collection<String> chosen) {
        Identifiers ids = db.identifiers();
        String base = "D_" + Identifiers.sanitize(source.name()) + "_" + Identifiers.sanitize(column.name());
        if (base.length() > Identifiers.MAX_LENGTH - 4) {
            base = base.substring(0, Identifiers.MAX_LENGTH - 4);
        }
        Field<String> taken = catalog.hierarchies.field("dimension_table", String.class);
        String candidate = ids.fold(base);
        // a table no hierarchy names may be left by a binding that was killed where CREATE commits by itself: passed over
        // chosen: the names this binding took already, registered only once all are written
        for (int n = 2; chosen.contains(candidate) || db.catalogDsl(tx).fetchExists(DSL.selectOne().from(catalog.hierarchies.table()).where(taken.eq(candidate)))
                || !db.profile().transactionalDdl() && org.kanon.db.Relations.exists(tx, schema, candidate); n++) {
            candidate = ids.fold(base + "_" + n);
        }
        return candidate;
    }

    private <T> Field<T> h(String column, Class<T> type) {
        return catalog.hierarchies.field(column, type);
    }
}
