package org.kanon.release;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.SortField;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.db.RowBatch;
import org.kanon.local.GroupedTable;
import org.kanon.local.LocalRecodingResult;
import org.kanon.local.RecodedTable;
import org.kanon.schema.Column;
import org.kanon.schema.ColumnTypes;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TextValues;

/**
 * A local recoding's rows written by one set-based statement, where rows cannot be sent in batches (Trino: a lake
 * writes statements, not rows). The recoding becomes a small mapping table, one row per run of a group (the group's
 * raw QI values and sensitive value, the run's range of row numbers within the group, its cells); the release is
 * then the source numbered within its groups, in the order {@link LocalRecodedTable} reads it, joined to that
 * mapping: the same rows take the same cells as when the source is copied row by row.
 */
final class SetRecodedRows {
    private static final String ROW_NUMBER = "kanon rn";
    private static final String LOW = "kanon lo";
    private static final String HIGH = "kanon hi";

    private final LocalRecodingResult result;
    private final List<Column> kept;
    private final Optional<Column> sensitive;

    SetRecodedRows(LocalRecodingResult result, List<Column> kept, Optional<Column> sensitive) {
        this.result = result;
        this.kept = kept;
        this.sensitive = sensitive;
    }

    /** Fills {@code relation} (already created) through the mapping table {@code mapping}, dropped again; returns the rows. */
    long fill(DSLContext tx, Name relation, Name mapping) {
        List<Column> qis = result.qis();
        List<Field<?>> mapFields = new ArrayList<>();
        for (int i = 0; i < qis.size(); i++) {
            mapFields.add(DSL.field(DSL.name("q" + i), ColumnTypes.dataType(qis.get(i))));
        }
        mapFields.add(DSL.field(DSL.name("s"), SQLDataType.VARCHAR));
        mapFields.add(DSL.field(DSL.name(LOW), SQLDataType.BIGINT));
        mapFields.add(DSL.field(DSL.name(HIGH), SQLDataType.BIGINT));
        for (int i = 0; i < qis.size(); i++) {
            mapFields.add(DSL.field(DSL.name("c" + i), SQLDataType.VARCHAR));
        }
        var create = tx.createTable(mapping);
        for (Field<?> f : mapFields) {
            create = create.column(f.getUnqualifiedName(), f.getDataType().nullable(true));
        }
        create.execute();
        try {
            long expected = writeMapping(tx, mapping, mapFields);
            long written = tx.insertInto(DSL.table(relation)).select(release(tx, mapping)).execute();
            if (written != expected) {
                throw LocalRecodedTable.sourceChanged(result.source());
            }
            return written;
        } finally {
            tx.dropTableIfExists(mapping).execute();
        }
    }

    /** One row per run that keeps its rows; returns the rows the release will hold. */
    private long writeMapping(DSLContext tx, Name mapping, List<Field<?>> mapFields) {
        RecodedTable recoded = result.recoded();
        GroupedTable table = recoded.table();
        int d = result.qis().size();
        RowBatch rows = new RowBatch(tx, mapping, mapFields);
        long kept = 0;
        for (int g = 0; g < table.groupCount(); g++) {
            long used = 0;
            for (RecodedTable.Run run : recoded.runs(g)) {
                if (run.cells() != null) {
                    Object[] values = new Object[2 * d + 3];
                    for (int i = 0; i < d; i++) {
                        values[i] = table.group(g).raw().get(i);
                        values[d + 3 + i] = run.cells()[i];
                    }
                    values[d] = table.group(g).sensitive();
                    values[d + 1] = used + 1;
                    values[d + 2] = used + run.count();
                    rows.add(values);
                    kept += run.count();
                }
                used += run.count();
            }
        }
        rows.flush();
        return kept;
    }

    /** The source numbered within its (QI values, sensitive value) groups, joined to the mapping. */
    private org.jooq.Select<?> release(DSLContext tx, Name mapping) {
        SourceTable source = result.source();
        List<Column> qis = result.qis();
        List<Field<?>> numbered = new ArrayList<>();
        List<SortField<?>> order = new ArrayList<>();
        for (Column c : source.columns()) {
            Field<Object> f = DSL.field(DSL.name("f", c.name()));
            numbered.add(f);
            if (LocalRecodedTable.orderable(c)) {
                order.add(f.asc().nullsFirst());
            }
        }
        Field<String> sensitiveText = sensitive.isPresent()
                ? TextValues.of(DSL.field(DSL.name("f", sensitive.get().name())), sensitive.get(), tx.dialect())
                : DSL.inline((String) null, SQLDataType.VARCHAR);
        List<Field<?>> partition = new ArrayList<>();
        for (Column q : qis) {
            partition.add(DSL.field(DSL.name("f", q.name())));
        }
        partition.add(sensitiveText);
        numbered.add(sensitiveText.as(DSL.name(LocalRecodedTable.SENSITIVE_TEXT)));
        numbered.add(DSL.rowNumber().over().partitionBy(partition).orderBy(order).as(DSL.name(ROW_NUMBER)));
        Table<?> rows = tx.select(numbered).from(source.table("f")).asTable(DSL.name("r"));
        Table<?> map = DSL.table(mapping).as(DSL.name("m"));
        Field<Long> rn = DSL.field(DSL.name("r", ROW_NUMBER), Long.class);
        Condition on = DSL.field(DSL.name("r", LocalRecodedTable.SENSITIVE_TEXT), String.class)
                .isNotDistinctFrom(DSL.field(DSL.name("m", "s"), String.class))
                .and(rn.between(DSL.field(DSL.name("m", LOW), Long.class), DSL.field(DSL.name("m", HIGH), Long.class)));
        for (int i = 0; i < qis.size(); i++) {
            on = on.and(DSL.field(DSL.name("r", qis.get(i).name())).isNotDistinctFrom(DSL.field(DSL.name("m", "q" + i))));
        }
        List<Field<?>> out = new ArrayList<>();
        for (Column c : kept) {
            int q = qis.indexOf(c);
            out.add(q < 0 ? DSL.field(DSL.name("r", c.name())) : DSL.field(DSL.name("m", "c" + q)));
        }
        return tx.select(out).from(rows).join(map).on(on);
    }
}
