package org.kanon.release;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jooq.BatchBindStep;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.db.Identifiers;
import org.kanon.permutation.PermutationInput;
import org.kanon.permutation.Populating;
import org.kanon.schema.AttributeRole;
import org.kanon.schema.Column;
import org.kanon.schema.ColumnTypes;
import org.kanon.schema.SourceRegistry;
import org.kanon.schema.SourceTable;

/**
 * Writes a two-table release in one transaction: the QI table (PQT, or Anatomy's QIT) with the QI columns and GID,
 * the sensitive table (PST or ST) with GID and the sensitive value (as text), both in KANON_RELEASE, and the
 * engine's private partition record (every row's QI values, sensitive value and GID) in the catalog schema, which
 * the re-check compares the released groups with; then the re-check runs and the release is registered. All of it
 * exists, or none of it.
 */
public final class TwoTableReleaseWriter {
    private static final int BATCH = 1000;

    /** What to write: the rows, their groups and per group and column the member each row takes its value from. */
    public record Request(String name, PermutationInput input, Populating.Layout layout, int l, boolean anatomy, boolean replace,
                          String algorithm) {
    }

    private final Database db;
    private final ReleaseRegister register;

    public TwoTableReleaseWriter(Database db) {
        this.db = db;
        this.register = new ReleaseRegister(db);
    }

    public ReleaseRecord write(Request request) {
        Identifiers ids = db.identifiers();
        ReleaseTarget target = ReleaseTarget.twoTable(ids, request.name(), request.anatomy());
        String name = target.name();
        PermutationInput in = request.input();
        for (Column c : in.qis()) {
            if (ids.fold(c.name()).equals(ids.fold(TwoTableRecheckQuery.GID))) {
                throw new InvalidInputException("--qi: a QI column is named " + c.name() + ", the name of the release's group id column");
            }
        }
        if (ids.fold(in.sensitive().name()).equals(ids.fold(TwoTableRecheckQuery.GID))) {
            throw new InvalidInputException("--sensitive: the column is named " + in.sensitive().name() + ", the name of the release's group id column");
        }
        String releaseSchema = target.schema();
        String qiName = target.relationName(0);
        String sName = target.relationName(1);
        String pName = target.relationName(2);
        return db.dsl().transactionResult(cfg -> {
            DSLContext tx = cfg.dsl();
            target.claim(tx, register, request.replace());
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
            fill(tx, q, s, p, request);
            if (tx.dialect().family() == SQLDialect.POSTGRES) {
                tx.query("ANALYZE {0}", q).execute();
                tx.query("ANALYZE {0}", s).execute();
                tx.query("ANALYZE {0}", p).execute();
            }
            String recheckSql = tx.renderInlined(TwoTableRecheckQuery.build(tx, in.source(), in.qis(), in.sensitive(), q, s, p, request.l()));
            ReleaseRelations.verify(tx, recheckSql, name);
            List<int[]> groups = request.layout().groups();
            long smallest = groups.stream().mapToLong(g -> g.length).min().orElse(0);
            ReleaseRecord r = new ReleaseRecord(name, in.source().schema(), in.source().name(), releaseSchema, qiName, "TABLE",
                    request.algorithm(), String.join(",", in.qis().stream().map(Column::name).toList()), "none", request.l(), "0", 0, "none",
                    in.data().size(), in.data().size(), 0, groups.size(), smallest, tx.select(DSL.currentUser()).fetchOne(0, String.class),
                    LocalDateTime.now().withNano(0), recheckSql, request.l() + "-diversity", request.anatomy() ? ReleaseRecord.ANATOMY
                    : ReleaseRecord.PERMUTATION, in.sensitive().name(), null, sName, pName);
            register.insert(tx, r);
            Map<Column, AttributeRole> roles = new LinkedHashMap<>();
            in.qis().forEach(c -> roles.put(c, AttributeRole.QUASI_IDENTIFYING));
            roles.put(in.sensitive(), AttributeRole.SENSITIVE);
            new SourceRegistry(db).setRoles(tx, in.source(), roles);
            return r;
        });
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

    private static void fill(DSLContext tx, Name q, Name s, Name p, Request request) {
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
        Batch qb = new Batch(tx, q, qFields);
        Batch sb = new Batch(tx, s, sFields);
        Batch pb = new Batch(tx, p, pFields);
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
            }
        }
        qb.flush();
        sb.flush();
        pb.flush();
    }

    /** Batched inserts of one table. */
    private static final class Batch {
        private final DSLContext tx;
        private final Name table;
        private final List<Field<?>> fields;
        private BatchBindStep step;
        private int pending;

        Batch(DSLContext tx, Name table, List<Field<?>> fields) {
            this.tx = tx;
            this.table = table;
            this.fields = fields;
            this.step = start();
        }

        private BatchBindStep start() {
            return tx.batch(tx.insertInto(DSL.table(table)).columns(fields).values(new Object[fields.size()]));
        }

        void add(Object[] values) {
            step = step.bind(values);
            if (++pending == BATCH) {
                flush();
            }
        }

        void flush() {
            if (pending > 0) {
                step.execute();
                step = start();
                pending = 0;
            }
        }
    }
}
