package org.kanon.verify;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.kanon.db.Database;
import org.kanon.release.ReleaseRecord;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.Dimension;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * Re-checks a registered release without the code that wrote it: the stored re-check SQL exactly as registered,
 * then from the source and the release alone — the source still has the rows the register says went in, the release
 * the rows it says came out, rows in = rows out + rows suppressed; every class of a one-table release holds at least
 * k rows and the classes are as many as registered, rows suppressed by starring never counted as a class; every QI
 * cell is a label of the column's bound hierarchy, a value of the source column, or a numeric range {@code [lo-hi]}.
 * Two-table releases: both tables hold the rows that went in; their groups, l-diversity and multisets are the
 * stored re-check's.
 */
public final class ReleaseVerification {
    private static final Pattern RANGE = Pattern.compile("\\[(-?\\d+(?:\\.\\d+)?)-(-?\\d+(?:\\.\\d+)?)]");
    private static final String STAR = "*";

    private final Database db;

    public ReleaseVerification(Database db) {
        this.db = db;
    }

    /** Every violation found, the first {@code limit} of each check. */
    public List<Violation> verify(ReleaseRecord r, int limit) {
        DSLContext ctx = db.dsl();
        List<Violation> found = new ArrayList<>();
        for (Record row : ctx.fetch(r.recheckSql())) {
            if (count(found, "re-check") < limit) {
                found.add(new Violation("re-check", "the stored SQL returned " + row.intoList()));
            }
        }
        SourceTable source = new TableResolver(db).find(new TableResolver.TableName(r.sourceSchema(), r.sourceTable(), true)).orElse(null);
        if (source == null) {
            found.add(new Violation("source", r.sourceSchema() + "." + r.sourceTable() + " no longer exists: nothing to compare with"));
            return found;
        }
        long sourceRows = ctx.fetchCount(source.table());
        if (sourceRows != r.rowsIn()) {
            found.add(new Violation("rows", "the source holds " + sourceRows + " row(s), the register says " + r.rowsIn() + " went in"));
        }
        Table<?> released = DSL.table(DSL.name(r.relationSchema(), r.relationName()));
        long out = ctx.fetchCount(released);
        if (out != r.rowsOut()) {
            found.add(new Violation("rows", r.relation() + " holds " + out + " row(s), the register says " + r.rowsOut()));
        }
        boolean starred = "star".equalsIgnoreCase(r.suppressMode());
        if (r.twoTables()) {
            long s = ctx.fetchCount(DSL.table(DSL.name(r.relationSchema(), r.sensitiveRelation())));
            if (s != r.rowsIn() || out != r.rowsIn()) {
                found.add(new Violation("rows", "the two tables hold " + out + " and " + s + " row(s) for " + r.rowsIn() + " in"));
            }
            return found;
        }
        long expectedOut = starred ? r.rowsIn() : r.rowsIn() - r.rowsSuppressed();
        if (out != expectedOut) {
            found.add(new Violation("rows", out + " row(s) out, but " + r.rowsIn() + " in and " + r.rowsSuppressed() + " suppressed ("
                    + r.suppressMode() + ") make " + expectedOut));
        }
        List<Column> qis = source.columns(List.of(r.quasiIdentifiers().split(",")));
        classes(ctx, r, released, qis, starred, limit, found);
        cells(ctx, r, source, released, qis, limit, found);
        return found;
    }

    private static void classes(DSLContext ctx, ReleaseRecord r, Table<?> released, List<Column> qis, boolean starred, int limit,
                                List<Violation> found) {
        List<Field<?>> fields = new ArrayList<>();
        for (Column c : qis) {
            fields.add(DSL.field(DSL.name(c.name())));
        }
        List<Field<?>> select = new ArrayList<>(fields);
        select.add(DSL.count().as(DSL.name("n")));
        long classes = 0;
        long smallest = Long.MAX_VALUE;
        for (Record row : ctx.select(select).from(released).groupBy(fields).fetch()) {
            boolean allStars = true;
            for (int i = 0; i < qis.size(); i++) {
                allStars &= STAR.equals(String.valueOf(row.get(i)));
            }
            if (starred && allStars) {
                continue;   // the suppressed rows: not a class
            }
            long n = ((Number) row.get("n")).longValue();
            classes++;
            smallest = Math.min(smallest, n);
            if (n < r.k() && count(found, "class") < limit) {
                List<Object> key = new ArrayList<>(row.intoList().subList(0, qis.size()));
                found.add(new Violation("class", key + " holds " + n + " row(s), below k = " + r.k()));
            }
        }
        if (classes != r.classes()) {
            found.add(new Violation("classes", r.relation() + " has " + classes + " class(es)" + (starred ? " besides the starred rows" : "")
                    + ", the register says " + r.classes()));
        }
    }

    private void cells(DSLContext ctx, ReleaseRecord r, SourceTable source, Table<?> released, List<Column> qis, int limit,
                       List<Violation> found) {
        HierarchyCatalog catalog = new HierarchyCatalog(db);
        for (Column c : qis) {
            Set<String> allowed = new HashSet<>();
            allowed.add(STAR);
            Dimension d = catalog.find(source, c).orElse(null);
            if (d != null) {
                for (int level = 0; level <= d.height(); level++) {
                    allowed.addAll(ctx.selectDistinct(d.level("d", level)).from(d.table("d")).fetch(0, String.class));
                }
            }
            for (Object v : ctx.selectDistinct(DSL.field(DSL.name(c.name()))).from(source.table()).fetch(0)) {
                allowed.add(String.valueOf(v));
            }
            for (Object cell : ctx.selectDistinct(DSL.field(DSL.name(c.name()))).from(released).fetch(0)) {
                String text = String.valueOf(cell);
                if (!allowed.contains(text) && !range(text) && count(found, "cell") < limit) {
                    found.add(new Violation("cell", c.name() + " = '" + text + "' is neither a value of the source column nor a label of "
                            + (d == null ? "a hierarchy (none is bound)" : "its hierarchy " + d.displayName())));
                }
            }
        }
    }

    private static boolean range(String text) {
        Matcher m = RANGE.matcher(text);
        return m.matches() && new BigDecimal(m.group(1)).compareTo(new BigDecimal(m.group(2))) <= 0;
    }

    private static long count(List<Violation> found, String check) {
        return found.stream().filter(v -> v.check().equals(check)).count();
    }

}
