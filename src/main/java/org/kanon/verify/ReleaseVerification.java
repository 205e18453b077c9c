package org.kanon.verify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.db.KanonSchemas;
import org.kanon.db.ReadOnlyQuery;
import org.kanon.db.Relations;
import org.kanon.db.Views;
import org.kanon.privacy.ClassStatistics;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import org.kanon.schema.Column;
import org.kanon.schema.ColumnTypes;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.TextValues;
import org.kanon.schema.hierarchy.Dimension;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * Re-checks a registered release without the code that wrote it: its relations exist (on PostgreSQL, its views as
 * security barriers) and hold no column it was registered without; the re-check SQL, built again
 * from the register and run read-only (the stored text must equal it: a differing one was altered and is never run,
 * {@link StoredRecheck}); then from the source, the release and the register alone:
 * <ul>
 *   <li>rows: the source still has the rows the register says went in, the release the rows it says came out, rows
 *       in = rows out + rows suppressed;</li>
 *   <li>classes: every class of a one-table release meets the registered privacy model (k; (alpha,k): the share of
 *       the sensitive class, or of every sensitive value, at most alpha; l-diversity), counted again from the
 *       released rows; the classes are as many as registered; rows suppressed by starring (every QI {@code *}) are
 *       never a class, and as many as the register says were suppressed;</li>
 *   <li>rows, one by one ({@link RowPairing}): every released row pairs with a distinct source row whose QI values
 *       its cells stand for (the exact label at the release's level for a full-domain release, any ancestor or a
 *       range holding the value for a local recoding, {@code *} for a starred row) and whose other columns it keeps
 *       unchanged (identifying columns are dropped);</li>
 *   <li>cells: every QI cell is at least a label of the column's hierarchy, a source value or a range (a quick
 *       diagnosis of what the pairing then rejects).</li>
 * </ul>
 * Two-table releases: {@link TwoTableVerification}.
 */
public final class ReleaseVerification {
    private static final String SENSITIVE_TEXT = "kanon s";

    private final Database db;
    private final Progress progress;

    public ReleaseVerification(Database db) {
        this(db, Progress.NONE);
    }

    /** The long checks (the re-check, reading and pairing the rows) are steps of {@code progress}. */
    public ReleaseVerification(Database db, Progress progress) {
        this.db = db;
        this.progress = Progress.orNone(progress);
    }

    /** Every violation found, the first {@code limit} of each check. */
    public List<Violation> verify(ReleaseRecord r, int limit) {
        DSLContext ctx = db.dsl();
        List<Violation> found = new ArrayList<>();
        for (String[] relation : relations(r)) {
            if (!Relations.exists(ctx, relation[0], relation[1])) {
                found.add(new Violation("relation", "relation " + relation[0] + "." + relation[1] + " of release " + r.name() + " is missing"));
            }
        }
        SourceTable source = new TableResolver(db).find(new TableResolver.TableName(r.sourceSchema(), r.sourceTable(), true)).orElse(null);
        if (source == null) {
            found.add(new Violation("source", r.sourceSchema() + "." + r.sourceTable() + " no longer exists: nothing to compare with"));
        }
        if (!found.isEmpty()) {
            return found;
        }
        droppedColumns(r, found);
        barriers(r, found);
        try (Step rechecking = progress.start("running the re-check SQL", Progress.UNKNOWN)) {
            recheck(r, source, limit, found);
        }
        PrivacyModel model = r.model().orElse(null);
        if (model == null) {
            found.add(new Violation("model", "the register's privacy model '" + r.privacyModel() + "' is none this verifier reads; "
                    + "checking k = " + r.k() + " only"));
            model = new KAnonymity(r.k());
        }
        Table<?> released = DSL.table(DSL.name(r.relationSchema(), r.relationName()));
        if (r.twoTables()) {
            try (Step checking = progress.start("checking the two tables", Progress.UNKNOWN)) {
                rows(r, ctx.fetchCount(source.table()), ctx.fetchCount(released), found);
                found.addAll(new TwoTableVerification(db).verify(r, source, model, limit));
            }
            return found;
        }
        List<Column> qis = source.columns(r.qiNames());
        Optional<org.kanon.privacy.Requirement> requirement = model.requirement();
        // a requirement's classes are judged on their own below; the pairing reads their sizes against k
        pairAndClass(ctx, r, requirement.isPresent() ? new KAnonymity(model.k()) : model, source, released, qis, limit, found);
        if (requirement.isPresent()) {
            boolean local = ReleaseRecord.LOCAL.equals(r.recoding());
            int[] levels = local ? null : levels(r, qis.size());
            if (local && requirement.get().population().isPresent()) {
                found.add(new Violation("model", "a local recoding cannot be judged under " + model + ", whose population has no classes of its cells"));
            } else if (!local && levels == null) {
                found.add(new Violation("model", "a release under " + model + " must be a full-domain one with its levels registered"));
            } else {
                try (Step judging = progress.start("classes judged under " + model, Progress.UNKNOWN)) {
                    found.addAll(new RequirementClasses(db).verify(r.relationSchema(), r.relationName(), source, qis, levels,
                            requirement.get(), limit));
                }
            }
        }
        return found;
    }

    /** The relations a release consists of, as (schema, name): its relation, and a two-table release's others. */
    private List<String[]> relations(ReleaseRecord r) {
        List<String[]> all = new ArrayList<>();
        all.add(new String[] {r.relationSchema(), r.relationName()});
        if (r.twoTables()) {
            all.add(new String[] {r.relationSchema(), r.sensitiveRelation()});
            if (r.partitionRelation() != null) {
                all.add(new String[] {db.identifiers().namespace(KanonSchemas.CATALOG), r.partitionRelation()});
            }
        }
        return all;
    }

    /** No released relation holds a column the release left out when registered (its identifying columns among them). */
    private void droppedColumns(ReleaseRecord r, List<Violation> found) {
        List<String> dropped = new ReleaseRegister(db).droppedColumns(r.name());
        if (dropped == null || dropped.isEmpty()) {
            return; // registered before catalog V7, or nothing left out
        }
        List<String[]> published = relations(r).subList(0, r.twoTables() ? 2 : 1);
        for (String[] relation : published) {
            Field<?>[] fields = db.dsl().selectFrom(DSL.table(DSL.name(relation[0], relation[1]))).where(DSL.falseCondition()).fetch().fields();
            for (Field<?> f : fields) {
                if (dropped.contains(f.getName())) {
                    found.add(new Violation("column", relation[0] + "." + relation[1] + " holds " + f.getName() + ", a column of the source that "
                            + r.name() + " was registered without (identifying, or not published)"));
                }
            }
        }
    }

    /**
     * PostgreSQL: every released view is a security barrier, or a reader's own conditions (a function, a failing
     * cast) see the rows it filters out (issue 19 item 1). Catalog migration V6 marked the views made before kanon
     * did, once; a view unmarked since is marked again by hand or by the DBA's script.
     */
    private void barriers(ReleaseRecord r, List<Violation> found) {
        for (String[] relation : relations(r).subList(0, r.twoTables() ? 2 : 1)) {
            if (Views.lacksBarrier(db.dsl(), relation[0], relation[1])) {
                String view = db.dsl().render(DSL.name(relation[0], relation[1]));
                found.add(new Violation("barrier", "view " + relation[0] + "." + relation[1] + " is not a security barrier: a reader's own "
                        + "conditions (a function, a failing cast) can see the rows it filters out; mark it as its owner with "
                        + "ALTER VIEW " + view + " SET (security_barrier = true), or re-run sql/postgres/least-privilege.sql as the DBA"));
            } else if (Views.lacksOffsetFence(db.dsl(), relation[0], relation[1])) {
                found.add(new Violation("barrier", "view " + relation[0] + "." + relation[1] + " is not fenced by "
                        + db.profile().viewFence().orElseThrow() + ": a reader's conditions (disease = 'Flu', or one that fails "
                        + "on a value) reach below its filter, onto the rows it suppresses; release it again with --replace "
                        + "(PostgreSQL: or re-run sql/postgres/least-privilege.sql as the DBA)"));
            }
        }
    }

    /**
     * The re-check kanon builds from the register, run read-only; the stored text only compared with it (a stored
     * text that differs was altered: a violation, and never run).
     */
    private void recheck(ReleaseRecord r, SourceTable source, int limit, List<Violation> found) {
        Optional<String> own = new StoredRecheck(db).regenerate(r, source);
        if (own.isEmpty()) {
            found.add(new Violation("re-check", "kanon cannot build the re-check again from the register; the stored one was not run"));
            return;
        }
        if (!own.get().equals(r.recheckSql())) {
            found.add(new Violation("re-check", "the stored re-check SQL was altered: it is not the statement kanon builds from the "
                    + "register, so it was not run (kanon's own was)"));
        }
        try {
            List<Violation> rows = new ReadOnlyQuery(db, "release " + r.name() + ": the re-check").read(own.get(), cursor -> {
                List<Violation> returned = new ArrayList<>();
                long more = 0;
                for (Record row : cursor) {
                    if (returned.size() < limit) {
                        returned.add(new Violation("re-check", "the re-check returned " + row.intoList()));
                    } else {
                        more++;
                    }
                }
                if (more > 0) {
                    returned.add(Violation.more("re-check", more, "row(s) returned by the re-check"));
                }
                return returned;
            });
            found.addAll(rows);
        } catch (InvalidInputException e) {
            found.add(new Violation("re-check", e.getMessage()));
        }
    }

    /** Rows in = rows out + rows suppressed, and both as registered. */
    private static void rows(ReleaseRecord r, long sourceRows, long out, List<Violation> found) {
        if (sourceRows != r.rowsIn()) {
            found.add(new Violation("rows", "the source holds " + sourceRows + " row(s), the register says " + r.rowsIn() + " went in"));
        }
        if (out != r.rowsOut()) {
            found.add(new Violation("rows", r.relation() + " holds " + out + " row(s), the register says " + r.rowsOut()));
        }
        if (r.twoTables()) {
            return;
        }
        boolean starred = "star".equalsIgnoreCase(r.suppressMode());
        long expectedOut = starred ? r.rowsIn() : r.rowsIn() - r.rowsSuppressed();
        if (out != expectedOut) {
            found.add(new Violation("rows", out + " row(s) out, but " + r.rowsIn() + " in and " + r.rowsSuppressed() + " suppressed ("
                    + r.suppressMode() + ") make " + expectedOut));
        }
    }

    /** Classes against the model, counted from the released rows, and every released row paired with its source row. */
    private void pairAndClass(DSLContext ctx, ReleaseRecord r, PrivacyModel model, SourceTable source, Table<?> released,
                              List<Column> qis, int limit, List<Violation> found) {
        boolean starred = "star".equalsIgnoreCase(r.suppressMode());
        int[] levels = levels(r, qis.size());
        HierarchyCatalog catalog = new HierarchyCatalog(db);
        List<QiCells> cells = new ArrayList<>();
        List<String> hierarchies = new ArrayList<>();
        for (int i = 0; i < qis.size(); i++) {
            Column c = qis.get(i);
            Optional<Dimension> d = catalog.find(source, c);
            cells.add(new QiCells(c, levels == null ? -1 : levels[i], d.map(x -> paths(ctx, x)).orElse(Map.of())));
            hierarchies.add(d.map(x -> "its hierarchy " + x.displayName()).orElse("a hierarchy (none is bound)"));
        }
        List<Column> others = new ArrayList<>();
        Map<String, Column> byName = new HashMap<>();
        source.columns().forEach(c -> byName.put(c.name(), c));
        Set<String> qiNames = new HashSet<>();
        qis.forEach(c -> qiNames.add(c.name()));
        Field<?>[] fields = ctx.selectFrom(released).where(DSL.falseCondition()).fetch().fields();
        Set<String> releasedNames = new HashSet<>();
        for (Field<?> f : fields) {
            releasedNames.add(f.getName());
            if (qiNames.contains(f.getName())) {
                continue;
            }
            Column c = byName.get(f.getName());
            if (c == null) {
                found.add(new Violation("column", r.relation() + "." + f.getName() + " is no column of the source " + source.displayName()));
            } else {
                others.add(c);
            }
        }
        for (Column q : qis) {
            if (!releasedNames.contains(q.name())) {
                found.add(new Violation("column", "quasi-identifier " + q.name() + " is missing from " + r.relation()));
                return;
            }
        }
        Column sensitive = model.sensitive().map(s -> byName.get(r.sensitiveAttribute())).orElse(null);
        if (model.sensitive().isPresent() && (sensitive == null || !others.contains(sensitive))) {
            found.add(new Violation("model", "the sensitive attribute " + r.sensitiveAttribute() + " is not a column of " + r.relation()));
            model = new KAnonymity(model.k());
            sensitive = null;
        }
        List<Field<?>> extra = sensitive == null ? List.of()
                : List.of(TextValues.of(DSL.field(DSL.name(sensitive.name())), sensitive, ctx.dialect()).as(DSL.name(SENSITIVE_TEXT)));
        RowPairing pairing = new RowPairing(cells, others, starred);
        Map<RowPairing.Tuple, Tally> classes = new LinkedHashMap<>();
        long[] starredRows = new long[1];
        boolean withSensitive = sensitive != null;
        try (Step read = progress.start("released rows read", r.rowsOut())) {
            pairing.readRelease(ctx, released, extra, (codes, row) -> {
                read.advance();
                if (starred && pairing.allStars(codes)) {
                    starredRows[0]++;
                    return;
                }
                Tally t = classes.computeIfAbsent(new RowPairing.Tuple(codes), x -> new Tally());
                t.size++;
                if (withSensitive) {
                    t.values.merge(row.get(SENSITIVE_TEXT, String.class), 1L, Long::sum);
                }
            });
        }
        try (Step read = progress.start("source rows read", r.rowsIn())) {
            pairing.readSource(ctx, source, read);
        }
        rows(r, pairing.sourceCount(), pairing.releasedCount(), found);
        classes(r, model, classes, pairing, starred, starredRows[0], limit, found);
        try (Step paired = progress.start("row groups paired", Progress.UNKNOWN)) {
            found.addAll(pairing.pair(limit, paired));
        }
        int foreign = 0;
        for (int i = 0; i < cells.size(); i++) {
            for (String cell : cells.get(i).foreignCells()) {
                if (foreign++ < limit) {
                    found.add(new Violation("cell", qis.get(i).name() + " = '" + cell + "' is neither a value of the source column nor a label of "
                            + hierarchies.get(i)));
                }
            }
        }
    }

    /** Rows of one class: how many, and per sensitive value (as text) how many. */
    private static final class Tally {
        long size;
        final Map<String, Long> values = new HashMap<>();
    }

    private static void classes(ReleaseRecord r, PrivacyModel model, Map<RowPairing.Tuple, Tally> classes, RowPairing pairing,
                                boolean starred, long starredRows, int limit, List<Violation> found) {
        int failing = 0;
        for (Map.Entry<RowPairing.Tuple, Tally> e : classes.entrySet()) {
            Tally t = e.getValue();
            long largest = t.values.values().stream().mapToLong(Long::longValue).max().orElse(0);
            long sensitiveRows = 0;
            SensitiveAttribute attribute = model.sensitive().filter(SensitiveAttribute::hasSensitiveClass).orElse(null);
            if (attribute != null) {
                for (Map.Entry<String, Long> v : t.values.entrySet()) {
                    if (v.getKey() != null && attribute.inSensitiveClass(v.getKey())) {
                        sensitiveRows += v.getValue();
                    }
                }
            }
            ClassStatistics stats = new ClassStatistics(t.size, sensitiveRows, largest, t.values.size());
            if (!model.accepts(stats) && failing++ < limit) {
                found.add(new Violation("class", pairing.cells(e.getKey().codes()) + " " + model.failure(stats)));
            }
        }
        if (failing > limit) {
            found.add(Violation.more("class", failing - limit, "class(es) fail " + model));
        }
        if (classes.size() != r.classes()) {
            found.add(new Violation("classes", r.relation() + " has " + classes.size() + " class(es)" + (starred ? " besides the starred rows" : "")
                    + ", the register says " + r.classes()));
        }
        if (starred && starredRows != r.rowsSuppressed()) {
            found.add(new Violation("suppressed", r.relation() + " has " + starredRows + " starred row(s) (every QI '*'), the register says "
                    + r.rowsSuppressed() + " were suppressed"));
        }
    }

    /** The registered level per QI of a full-domain release; null for a local recoding (or levels that do not parse). */
    private static int[] levels(ReleaseRecord r, int qis) {
        int[] levels = r.globalLevels();
        return levels == null || levels.length != qis ? null : levels;
    }

    /** A dimension table as normalized value -> labels L0..Lh. */
    private static Map<Object, String[]> paths(DSLContext ctx, Dimension d) {
        List<Field<?>> select = new ArrayList<>();
        select.add(d.key("d"));
        for (int level = 0; level <= d.height(); level++) {
            select.add(d.level("d", level));
        }
        Map<Object, String[]> paths = new HashMap<>();
        for (Record row : ctx.select(select).from(d.table("d")).fetch()) {
            String[] path = new String[d.height() + 1];
            for (int level = 0; level <= d.height(); level++) {
                path[level] = row.get(level + 1, String.class);
            }
            paths.put(ColumnTypes.normalize(row.get(0)), path);
        }
        return paths;
    }
}
