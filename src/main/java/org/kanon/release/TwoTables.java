package org.kanon.release;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.kanon.db.RowBatch;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.Select;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.InvalidInputException;
import org.kanon.db.Identifiers;
import org.kanon.permutation.PermutationInput;
import org.kanon.permutation.Populating;
import org.kanon.privacy.LDiversity;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;
import org.kanon.schema.AttributeRole;
import org.kanon.schema.Column;
import org.kanon.schema.ColumnTypes;
import org.kanon.schema.NameList;
import org.kanon.schema.SourceTable;

/**
 * The two tables of a permutation or Anatomy release: the QI table (PQT, or Anatomy's QIT) with the QI columns and
 * GID, the sensitive table (PST or ST) with GID and the sensitive value (as text), both in KANON_RELEASE, and the
 * engine's private partition record (every row's QI values, sensitive value and GID) in the catalog schema, which
 * the re-check compares the released groups with. The release is l-diverse in the frequency form, with no k of its
 * own; the register records l as its k.
 */
final class TwoTables implements RelationKind {
    private final TwoTableReleaseWriter.Request request;
    private final PermutationInput in;

    TwoTables(Identifiers ids, TwoTableReleaseWriter.Request request) {
        this.request = request;
        this.in = request.input();
        for (Column c : in.qis()) {
            if (ids.fold(c.name()).equals(ids.fold(TwoTableRecheckQuery.GID))) {
                throw new InvalidInputException("--qi: a QI column is named " + c.name() + ", the name of the release's group id column");
            }
        }
        if (ids.fold(in.sensitive().name()).equals(ids.fold(TwoTableRecheckQuery.GID))) {
            throw new InvalidInputException("--sensitive: the column is named " + in.sensitive().name() + ", the name of the release's group id column");
        }
    }

    @Override
    public void create(DSLContext tx, ReleaseTarget target, Progress progress) {
        Name q = target.relation(0);
        Name s = target.relation(1);
        Name p = target.relation(2);
        int width = 1;
        for (String v : in.sensitiveText()) {
            width = Math.max(width, v == null ? 1 : v.length());
        }
        createQiTable(tx, q, in.qis(), null, false, width);
        tx.createTable(s).column(DSL.name(TwoTableRecheckQuery.GID), SQLDataType.INTEGER.nullable(false))
                .column(DSL.name(in.sensitive().name()), SQLDataType.VARCHAR(width).nullable(true)).execute();
        createQiTable(tx, p, in.qis(), in.sensitive().name(), true, width);
        try (Step written = progress.start("rows written", in.data().size())) {
            fill(tx, q, s, p, request, written);
        }
    }

    @Override
    public List<Name> filledTables(ReleaseTarget target) {
        return List.of(target.relation(0), target.relation(1), target.relation(2));
    }

    @Override
    public Select<?> recheck(DSLContext tx, ReleaseTarget target) {
        return TwoTableRecheckQuery.build(tx, in.source(), in.qis(), in.sensitive(), target.relation(0), target.relation(1),
                target.relation(2), request.l());
    }

    @Override
    public void describe(DSLContext tx, ReleaseTarget target, ReleaseRecord.Builder row) {
        List<int[]> groups = request.layout().groups();
        long smallest = groups.stream().mapToLong(g -> g.length).min().orElse(0);
        row.sourceSchema(in.source().schema()).sourceTable(in.source().name()).kind("TABLE").algorithm(request.algorithm())
                .quasiIdentifiers(NameList.join(in.qis().stream().map(Column::name).toList())).levels("none")
                .k(request.l()).suppression("0").suppressionLimit(0).suppressMode("none")
                .rowsIn(in.data().size()).rowsOut(in.data().size()).rowsSuppressed(0)
                .classes(groups.size()).smallestClass(smallest)
                .model(new LDiversity(1, request.l(), LDiversity.Form.FREQUENCY, new SensitiveAttribute(in.sensitive().name(), List.of())))
                .recoding(request.anatomy() ? ReleaseRecord.ANATOMY : ReleaseRecord.PERMUTATION)
                .sensitiveAttribute(in.sensitive().name()).sensitiveValues(null)
                .sensitiveRelation(target.relationName(1)).partitionRelation(target.relationName(2));
    }

    @Override
    public SourceTable source() {
        return in.source();
    }

    @Override
    public Map<Column, AttributeRole> roles() {
        Map<Column, AttributeRole> roles = new LinkedHashMap<>();
        in.qis().forEach(c -> roles.put(c, AttributeRole.QUASI_IDENTIFYING));
        roles.put(in.sensitive(), AttributeRole.SENSITIVE);
        return roles;
    }

    private static void createQiTable(DSLContext tx, Name table, List<Column> qis, String sensitiveName, boolean withSensitive, int width) {
        var create = tx.createTable(table);
        for (Column c : qis) {
            create = create.column(DSL.name(c.name()), ColumnTypes.dataType(c).nullable(true));
        }
        if (withSensitive) {
            create = create.column(DSL.name(sensitiveName), SQLDataType.VARCHAR(width).nullable(true));
        }
        create.column(DSL.name(TwoTableRecheckQuery.GID), SQLDataType.INTEGER.nullable(false)).execute();
    }

    /** Each source row goes to the three tables; {@code written} advances once per row. */
    private static void fill(DSLContext tx, Name q, Name s, Name p, TwoTableReleaseWriter.Request request, Step written) {
        PermutationInput in = request.input();
        int d = in.qis().size();
        List<Field<?>> qFields = new ArrayList<>();
        for (Column c : in.qis()) {
            qFields.add(DSL.field(DSL.name(c.name())));
        }
        qFields.add(DSL.field(DSL.name(TwoTableRecheckQuery.GID)));
        List<Field<?>> sFields = List.of(DSL.field(DSL.name(TwoTableRecheckQuery.GID)), DSL.field(DSL.name(in.sensitive().name())));
        List<Field<?>> pFields = new ArrayList<>(qFields.subList(0, d));
        pFields.add(DSL.field(DSL.name(in.sensitive().name())));
        pFields.add(DSL.field(DSL.name(TwoTableRecheckQuery.GID)));
        RowBatch qb = new RowBatch(tx, q, qFields);
        RowBatch sb = new RowBatch(tx, s, sFields);
        RowBatch pb = new RowBatch(tx, p, pFields);
        Populating.Layout layout = request.layout();
        for (int j = 0; j < layout.groups().size(); j++) {
            int[] members = layout.groups().get(j);
            int gid = j + 1;
            int[][] by = layout.members()[j];
            for (int row = 0; row < members.length; row++) {
                Object[] qv = new Object[d + 1];
                for (int i = 0; i < d; i++) {
                    qv[i] = in.qiValues().get(i).get(by[i][row]);
                }
                qv[d] = gid;
                qb.add(qv);
                sb.add(new Object[] {gid, in.sensitiveText().get(by[d][row])});
                Object[] pv = new Object[d + 2];
                for (int i = 0; i < d; i++) {
                    pv[i] = in.qiValues().get(i).get(members[row]);
                }
                pv[d] = in.sensitiveText().get(members[row]);
                pv[d + 1] = gid;
                pb.add(pv);
                written.advance();
            }
        }
        qb.flush();
        sb.flush();
        pb.flush();
    }
}
