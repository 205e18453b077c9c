package org.kanon.release.metrics;

import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.privacy.ClassSql;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.metrics.AttributeLevels;
import org.kanon.metrics.UtilityMetrics;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.SuppressMode;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.TextValues;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * Utility and protection figures of any registered release, computed by SQL from the released relation and the
 * hierarchies alone (not from the code that produced it), so global and local recodings of every algorithm are
 * measured alike: the {@link UtilityMetrics} (cells per hierarchy level of every QI and all that follows from them,
 * classes, DM, CAVG) and the largest share of the sensitive class (simple (alpha,k)) or of any sensitive value in a
 * class. Rows a global release removed by suppression are counted as rows with every QI cell at the root, and each is
 * charged the source's size in DM (its {@code rowsIn} as registered).
 */
public final class ReleaseMetrics {
    /** Column types whose texts come padded with blanks to the column's width. */
    private static final Set<Integer> FIXED_WIDTH = Set.of(Types.CHAR, Types.NCHAR);

    private final Database db;
    private final Progress progress;

    public ReleaseMetrics(Database db) {
        this(db, Progress.NONE);
    }

    /** ... reporting its reads to {@code progress}. */
    public ReleaseMetrics(Database db, Progress progress) {
        this.db = db;
        this.progress = Progress.orNone(progress);
    }

    /** {@code largestSensitiveShare} is NaN when the release has no sensitive attribute. */
    public record Figures(ReleaseRecord release, UtilityMetrics utility, double largestSensitiveShare) {
    }

    public Figures of(ReleaseRecord release) {
        DSLContext ctx = db.dsl();
        SourceTable source = new TableResolver(db).resolve(release.sourceSchema() + "." + release.sourceTable());
        SourceTable released = new TableResolver(db).find(new TableResolver.TableName(release.relationSchema(),
                release.relationName(), true)).orElseThrow(() -> new InvalidInputException("release " + release.name()
                + ": its relation " + release.relation() + " no longer exists"));
        HierarchyCatalog hierarchies = new HierarchyCatalog(db);
        Table<?> relation = DSL.table(DSL.name(release.relationSchema(), release.relationName())).as(DSL.name("r"));
        boolean starred = SuppressMode.STAR.label().equals(release.suppressMode());
        long removed = starred ? 0 : release.rowsSuppressed();
        List<Column> qis = new ArrayList<>();
        List<Field<?>> cells = new ArrayList<>();
        List<Field<String>> texts = new ArrayList<>();
        for (String name : release.qiNames()) {
            Column column = source.column(name);
            Field<Object> cell = DSL.field(DSL.name("r", column.name()));
            qis.add(column);
            cells.add(cell);
            // the released column's own type: a local release holds labels as text, a global view raw values too
            texts.add(TextValues.of(cell, released.column(column.name()), ctx.dialect()));
        }
        ReleaseClasses.Tally tally;
        try (Step read = progress.start("classes read", Progress.UNKNOWN)) {
            tally = ReleaseClasses.read(ctx, relation, texts, starred ? release.rowsSuppressed() : 0, read);
        }
        List<AttributeLevels> attributes = new ArrayList<>();
        for (int i = 0; i < qis.size(); i++) {
            Column column = qis.get(i);
            boolean fixedWidth = FIXED_WIDTH.contains(released.column(column.name()).jdbcType());
            attributes.add(ReleaseLevels.count(ctx, tally.cellsPerText().get(i), fixedWidth, column.name(),
                    hierarchies.find(source, column)).withRowsAtRoot(removed));
        }
        UtilityMetrics utility = new UtilityMetrics(release.k(), tally.shape(), release.rowsSuppressed(), release.rowsIn(), attributes);
        double share = Double.NaN;
        if (release.sensitiveAttribute() != null) {
            try (Step measured = progress.start("sensitive shares measured", Progress.UNKNOWN)) {
                share = largestShare(ctx, release, source, relation, cells);
            }
        }
        return new Figures(release, utility, share);
    }

    private static double largestShare(DSLContext ctx, ReleaseRecord release, SourceTable source, Table<?> relation,
                                       List<Field<?>> qis) {
        Column s = source.column(release.sensitiveAttribute());
        Field<Object> value = DSL.field(DSL.name("r", s.name()));
        List<String> named = release.sensitiveValueList();
        Field<?> key = named.isEmpty() ? value : DSL.when(TextValues.of(value, s, ctx.dialect())
                .in(named.stream().map(DSL::inline).toList()), DSL.inline(1)).else_(DSL.inline(0));
        List<Field<?>> inner = new ArrayList<>();
        List<Field<?>> outerKey = new ArrayList<>();
        for (int i = 0; i < qis.size(); i++) {
            inner.add(qis.get(i).as(DSL.name("q" + i)));
            outerKey.add(DSL.field(DSL.name("v", "q" + i)));
        }
        inner.add(key.as(DSL.name("s")));
        inner.add(DSL.count().as(DSL.name("c")));
        List<Field<?>> groups = new ArrayList<>(qis);
        groups.add(key);
        Table<?> v = ctx.select(inner).from(relation).groupBy(groups).asTable(DSL.name("v"));
        Field<Long> c = DSL.field(DSL.name("v", "c"), SQLDataType.BIGINT);
        Field<Integer> sv = DSL.field(DSL.name("v", "s"), SQLDataType.INTEGER);
        Field<?> part = named.isEmpty() ? DSL.max(c) : DSL.sum(DSL.when(sv.eq(DSL.inline(1)), c).else_(DSL.inline(0L)));
        // ClassSql.real, not CAST AS DOUBLE: jOOQ spells that DECIMAL on MariaDB, which rounds the share
        Table<?> perClass = ctx.select(ClassSql.real(part).div(ClassSql.real(DSL.sum(c))).as(DSL.name("share")))
                .from(v).groupBy(outerKey).asTable(DSL.name("e"));
        Record r = ctx.select(DSL.max(DSL.field(DSL.name("e", "share"), Double.class))).from(perClass).fetchSingle();
        return r.get(0) == null ? 0 : r.get(0, Double.class);
    }
}
