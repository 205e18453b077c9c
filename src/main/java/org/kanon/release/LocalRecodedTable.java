package org.kanon.release;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.jooq.Cursor;
import org.jooq.DSLContext;
import org.jooq.DataType;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.Record;
import org.jooq.Record3;
import org.jooq.Select;
import org.jooq.SortField;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.local.GroupedTable;
import org.kanon.local.LocalRecodingResult;
import org.kanon.local.RecodedTable;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;
import org.kanon.schema.AttributeRole;
import org.kanon.schema.Column;
import org.kanon.schema.ColumnTypes;
import org.kanon.schema.NameList;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TextValues;

/**
 * A local recoding (every row's QI values at that row's own levels) as a table in KANON_RELEASE. QI columns hold the
 * labels (text) at each row's levels; identifying columns are dropped; every other column is copied row by row. The
 * source is read once, in the order of its columns, and never modified: each row is matched to its (raw QI tuple,
 * sensitive value) group and takes the group's next level assignment, most specific first, so the rows a group gives
 * up to a coarser class are its last ones in that order. The source must be found unchanged (every group's rows met
 * exactly), or nothing is written.
 */
final class LocalRecodedTable implements RelationKind {
    private static final int BATCH = 1000;
    static final String SENSITIVE_TEXT = "kanon s";

    private final LocalReleaseRequest request;
    private final Database db;
    private final LocalRecodingResult result;
    private final List<String> qiNames;
    private final Optional<Column> sensitive;
    private final List<Column> kept;
    private long rowsOut;

    LocalRecodedTable(LocalReleaseRequest request, Database db) {
        this.request = request;
        this.db = db;
        this.result = request.result();
        SourceTable fact = result.source();
        for (String identifying : request.identifying()) {
            Column c = fact.column(identifying);
            if (result.qis().contains(c)) {
                throw new InvalidInputException("--identifying: " + identifying + " is also a quasi-identifier");
            }
            if (result.model().groupedSensitive().map(s -> fact.column(s.column()).equals(c)).orElse(false)) {
                throw new InvalidInputException("--identifying: " + identifying + " is the sensitive attribute; the release must keep it");
            }
        }
        Set<String> identifying = request.identifying().stream().map(id -> fact.column(id).name()).collect(Collectors.toSet());
        this.qiNames = result.qis().stream().map(Column::name).toList();
        this.sensitive = result.model().groupedSensitive().map(s -> fact.column(s.column()));
        this.kept = fact.columns().stream().filter(c -> !identifying.contains(c.name())).toList();
    }

    @Override
    public void create(DSLContext tx, ReleaseTarget target, Progress progress) {
        Name relation = target.relation(0);
        createTable(tx, relation, kept, result);
        if (org.kanon.db.dialect.DatabaseProfiles.of(tx.dialect()).batchesRows()) {
            try (Step written = progress.start("rows written", result.recoded().table().rows())) {
                rowsOut = fill(tx, relation, kept, result, sensitive, written);
            }
        } else {
            try (Step writing = progress.start("writing the release table", Progress.UNKNOWN)) {
                rowsOut = new SetRecodedRows(result, kept, sensitive).fill(tx, relation, target.privateTable("map"));
            }
        }
    }

    @Override
    public List<Name> filledTables(ReleaseTarget target) {
        return List.of(target.relation(0));
    }

    @Override
    public Select<?> recheck(DSLContext tx, ReleaseTarget target) {
        if (result.model().requirement().isPresent()) {
            return RequirementSql.localRecheck(db, tx, target.schema(), target.relationName(), result.source(), qiNames,
                    result.model().requirement().get());
        }
        return LocalRecheckQuery.build(tx, target.schema(), target.relationName(), qiNames, result.model(), sensitive.orElse(null));
    }

    @Override
    public void describe(DSLContext tx, ReleaseTarget target, ReleaseRecord.Builder row) {
        Record3<Integer, Integer, java.math.BigDecimal> shape = ReleaseRelations.classShape(tx, target.relation(0), qiNames);
        long rowsIn = result.recoded().table().rows();
        long deleted = rowsIn - rowsOut;
        row.sourceSchema(result.source().schema()).sourceTable(result.source().name()).kind("TABLE").algorithm(request.algorithm())
                .quasiIdentifiers(NameList.join(qiNames)).levels("local").k(result.model().k())
                .suppression(deleted == 0 ? "0" : "row deletion").suppressionLimit(deleted)
                .suppressMode(deleted == 0 ? "none" : SuppressMode.REMOVE.label())
                .rowsIn(rowsIn).rowsOut(rowsOut).rowsSuppressed(deleted)
                .classes(shape.value1()).smallestClass(shape.value2() == null ? 0 : shape.value2())
                .model(result.model()).recoding(ReleaseRecord.LOCAL)
                .sensitiveAttribute(sensitive.map(Column::name).orElse(null))
                .sensitiveValues(result.model().groupedSensitive().map(a -> ReleaseRecord.joinValues(a.values())).orElse(null));
    }

    @Override
    public SourceTable source() {
        return result.source();
    }

    @Override
    public Map<Column, AttributeRole> roles() {
        Map<Column, AttributeRole> roles = new LinkedHashMap<>();
        for (Column qi : result.qis()) {
            roles.put(qi, AttributeRole.QUASI_IDENTIFYING);
        }
        sensitive.ifPresent(s -> roles.put(s, AttributeRole.SENSITIVE));
        for (String id : request.identifying()) {
            roles.put(result.source().column(id), AttributeRole.IDENTIFYING);
        }
        return roles;
    }

    /** Kept columns in source order; QI columns as text wide enough for every label of their hierarchy. */
    private static void createTable(DSLContext tx, Name relation, List<Column> kept, LocalRecodingResult result) {
        RecodedTable recoded = result.recoded();
        var create = tx.createTable(relation);
        for (Column c : kept) {
            int q = result.qis().indexOf(c);
            DataType<?> type = q < 0 ? ColumnTypes.dataType(c) : SQLDataType.VARCHAR(cellWidth(recoded, q));
            create = create.column(DSL.name(c.name()), type.nullable(true));
        }
        create.execute();
    }

    private static int cellWidth(RecodedTable recoded, int q) {
        int width = 1;
        for (int g = 0; g < recoded.table().groupCount(); g++) {
            for (RecodedTable.Run run : recoded.runs(g)) {
                if (run.cells() == null) {
                    continue;
                }
                String cell = run.cells()[q];
                width = Math.max(width, cell == null ? 0 : cell.length());
            }
        }
        return width;
    }

    /** Copies the source row by row with each QI replaced by its label at the row's levels; returns the rows written. */
    private long fill(DSLContext tx, Name relation, List<Column> kept, LocalRecodingResult result, Optional<Column> sensitive,
                      Step written) {
        RecodedTable recoded = result.recoded();
        GroupedTable table = recoded.table();
        List<List<RecodedTable.Run>> runs = new ArrayList<>();
        for (int g = 0; g < table.groupCount(); g++) {
            runs.add(recoded.runs(g));
        }
        SourceTable source = result.source();
        Map<List<Object>, Integer> groupOf = new HashMap<>();
        for (int g = 0; g < table.groupCount(); g++) {
            List<Object> key = new ArrayList<>(table.group(g).raw());
            key.add(table.group(g).sensitive());
            groupOf.put(key, g);
        }
        int[] segment = new int[table.groupCount()];
        long[] usedInSegment = new long[table.groupCount()];

        List<Field<?>> select = new ArrayList<>();
        List<SortField<?>> order = new ArrayList<>();
        for (Column c : source.columns()) {
            Field<Object> f = DSL.field(DSL.name("f", c.name()));
            select.add(f);
            if (orderable(c)) {
                order.add(f.asc().nullsFirst());
            }
        }
        select.add(sensitive.isPresent()
                ? TextValues.of(DSL.field(DSL.name("f", sensitive.get().name())), sensitive.get(), tx.dialect()).as(DSL.name(SENSITIVE_TEXT))
                : DSL.inline((String) null).as(DSL.name(SENSITIVE_TEXT)));
        int[] keptIndex = kept.stream().mapToInt(c -> source.columns().indexOf(c)).toArray();
        int[] qiIndex = result.qis().stream().mapToInt(c -> source.columns().indexOf(c)).toArray();
        int[] keptQi = kept.stream().mapToInt(c -> result.qis().indexOf(c)).toArray();

        List<Field<?>> targets = kept.stream().<Field<?>>map(c -> DSL.field(DSL.name(c.name()))).toList();
        org.kanon.db.RowBatch batch = new org.kanon.db.RowBatch(tx, relation, targets);
        long rows = 0;
        try (Cursor<Record> cursor = tx.select(select).from(source.table("f")).orderBy(order).fetchSize(BATCH).fetchLazy()) {
            for (Record r : cursor) {
                List<Object> key = new ArrayList<>(qiIndex.length + 1);
                for (int i : qiIndex) {
                    key.add(ColumnTypes.normalize(r.get(i)));
                }
                key.add(r.get(select.size() - 1, String.class));
                Integer g = groupOf.get(key);
                if (g == null || segment[g] >= runs.get(g).size()) {
                    throw sourceChanged(source);
                }
                RecodedTable.Run s = runs.get(g).get(segment[g]);
                if (++usedInSegment[g] == s.count()) {
                    segment[g]++;
                    usedInSegment[g] = 0;
                }
                written.advance(); // a source row read: deleted rows count too, so the step ends at the table's size
                if (s.cells() == null) {
                    continue;   // a deleted row: left out of the release
                }
                Object[] values = new Object[keptIndex.length];
                for (int i = 0; i < keptIndex.length; i++) {
                    int q = keptQi[i];
                    values[i] = q < 0 ? r.get(keptIndex[i]) : s.cells()[q];
                }
                batch.add(values);
                rows++;
            }
        }
        batch.flush();
        for (int g = 0; g < table.groupCount(); g++) {
            if (segment[g] != runs.get(g).size()) {
                throw sourceChanged(source);
            }
        }
        return rows;
    }

    static IllegalStateException sourceChanged(SourceTable source) {
        return new IllegalStateException(source.displayName() + " changed while it was being anonymized; nothing was written");
    }

    /** Large objects cannot be sorted on; every other column takes part in the row order. */
    static boolean orderable(Column c) {
        return switch (c.jdbcType()) {
            case java.sql.Types.BLOB, java.sql.Types.CLOB, java.sql.Types.NCLOB, java.sql.Types.LONGVARBINARY,
                    java.sql.Types.LONGVARCHAR, java.sql.Types.LONGNVARCHAR, java.sql.Types.BINARY, java.sql.Types.VARBINARY,
                    java.sql.Types.OTHER, java.sql.Types.JAVA_OBJECT, java.sql.Types.SQLXML, java.sql.Types.ARRAY -> false;
            default -> true;
        };
    }
}
