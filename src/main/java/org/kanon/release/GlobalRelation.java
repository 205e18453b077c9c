package org.kanon.release;

import java.util.Optional;
import org.jooq.Name;
import org.kanon.privacy.ClassSql;
import org.kanon.privacy.Requirement;
import org.kanon.progress.Step;
import org.kanon.schema.TableResolver;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.Record3;
import org.jooq.Select;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.db.Views;
import org.kanon.frequency.FrequencySets;
import org.kanon.frequency.QuasiIdentifier;
import org.kanon.frequency.SensitiveColumn;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.CheckResult;
import org.kanon.privacy.ModelSql;
import org.kanon.privacy.PrivacyModel;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;
import org.kanon.schema.AttributeRole;
import org.kanon.schema.Column;
import org.kanon.schema.NameList;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TextValues;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.schema.hierarchy.HierarchyLock;

/**
 * A full-domain generalization as a view (or, materialized, a table) in KANON_RELEASE: admitted only when the
 * privacy check, run inside the transaction over the hierarchies bound then, accepts the node; the register row
 * records the check's figures and the relation's class shape.
 */
final class GlobalRelation implements RelationKind {
    private final Database db;
    private final ReleaseRequest request;
    private StarSchema schema;
    private CheckResult check;
    private SensitiveColumn sensitive;
    /** The population table a requirement's criterion reads, resolved before the transaction; or null. */
    private final SourceTable population;

    GlobalRelation(Database db, ReleaseRequest request) {
        this.db = db;
        this.request = request;
        this.population = request.model().requirement().flatMap(Requirement::population).map(p -> new TableResolver(db).resolve(p)).orElse(null);
        SourceTable fact = request.schema().fact();
        for (String identifying : request.identifying()) {
            if (request.schema().names().contains(identifying)) {
                throw new InvalidInputException("--identifying: " + identifying + " is also a quasi-identifier");
            }
            boolean sensitive = request.model().sensitive().map(a -> fact.column(a.column()).name().equals(identifying)).orElse(false)
                    || request.model().requirement().map(r -> r.sensitiveColumns().stream()
                            .anyMatch(c -> fact.column(c).name().equals(identifying))).orElse(false);
            if (sensitive) {
                throw new InvalidInputException("--identifying: " + identifying + " is the sensitive attribute; the "
                        + "release must keep it for its classes to be checked");
            }
        }
    }

    /**
     * Whether the release is a table: when asked, and always under a requirement, whose verdicts the view would have to
     * compute again on every read (a view's classes are judged by its own statement, as the source changes).
     */
    private boolean materialized() {
        return request.materialize() || request.model().requirement().isPresent();
    }

    /** The privacy check's verdict on the node, once {@link #admit} ran. */
    CheckResult check() {
        return check;
    }

    @Override
    public boolean admit(DSLContext tx) {
        // first, before the release's own name: a binder replacing the source's hierarchies holds this lock (and
        // no other) exclusively, so the check below and the relation read the same dimension tables, and the
        // binder, waiting, then finds a view release in the register and keeps the hierarchy
        HierarchyLock.shared(tx, request.schema().fact());
        schema = bound(request.schema(), request.node());
        check = new NodeCheck(db).check(tx, true, schema, request.node(), request.model(), request.suppression(), population);
        sensitive = request.model().sensitive().map(a -> SensitiveColumn.of(schema, a)).orElse(null);
        return check.satisfied();
    }

    @Override
    public void create(DSLContext tx, ReleaseTarget target, Progress progress) {
        Select<?> select = releaseSelect(tx);
        Name relation = target.relation(0);
        // one statement: the step shows that it runs and for how long, there is nothing to count
        try (Step writing = progress.start(materialized() ? "writing the release table" : "creating the release view", Progress.UNKNOWN)) {
            if (materialized()) {
                tx.createTable(relation).as(select).withNoData().execute();
                tx.insertInto(DSL.table(relation)).select(select).execute();
            } else {
                Views.createGuarded(tx, relation, select);
            }
        }
    }

    /** None: the release's statistics were never refreshed here, a view has none (and a table keeps that behaviour). */
    @Override
    public List<Name> filledTables(ReleaseTarget target) {
        return List.of();
    }

    @Override
    public Select<?> recheck(DSLContext tx, ReleaseTarget target) {
        if (request.model().requirement().isPresent()) {
            return RequirementSql.recheck(db, tx, target.schema(), target.relationName(), schema, request.node(),
                    request.model().requirement().get(), population);
        }
        return RecheckQuery.build(tx, target.schema(), target.relationName(), schema.names(), request.model(),
                sensitive == null ? null : sensitive.column(), request.mode());
    }

    @Override
    public void describe(DSLContext tx, ReleaseTarget target, ReleaseRecord.Builder row) {
        Record3<Integer, Integer, java.math.BigDecimal> shape = ReleaseRelations.classShape(tx, target.relation(0), schema.names(),
                request.mode() == SuppressMode.STAR);
        row.sourceSchema(schema.fact().schema()).sourceTable(schema.fact().name())
                .kind(materialized() ? "TABLE" : "VIEW").algorithm(request.algorithm())
                .quasiIdentifiers(NameList.join(schema.names())).levels(request.node().toCsv())
                .k(request.model().k()).suppression(request.suppression().toString()).suppressionLimit(check.suppressionAllowance())
                .suppressMode(request.mode().label()).rowsIn(check.rows())
                .rowsOut(shape.value3() == null ? 0 : shape.value3().longValue()).rowsSuppressed(check.rowsBelowK())
                .classes(shape.value1()).smallestClass(shape.value2() == null ? 0 : shape.value2())
                .model(request.model()).recoding(ReleaseRecord.GLOBAL)
                .sensitiveAttribute(sensitive != null ? sensitive.column().name() : request.model().requirement()
                        .filter(r -> !r.sensitiveColumns().isEmpty()).map(r -> NameList.join(r.sensitiveColumns())).orElse(null))
                .sensitiveValues(sensitive == null ? null : ReleaseRecord.joinValues(sensitive.attribute().values()));
    }

    @Override
    public SourceTable source() {
        return request.schema().fact();
    }

    @Override
    public Map<Column, AttributeRole> roles() {
        Map<Column, AttributeRole> roles = new LinkedHashMap<>();
        for (QuasiIdentifier qi : request.schema().quasiIdentifiers()) {
            roles.put(qi.column(), AttributeRole.QUASI_IDENTIFYING);
        }
        for (String id : request.identifying()) {
            roles.put(request.schema().fact().column(id), AttributeRole.IDENTIFYING);
        }
        return roles;
    }

    /**
     * The schema as the catalog binds it now: the request's, unless another process bound a hierarchy of one of its
     * quasi-identifiers anew since it was planned. The release is then checked and made with the new one, at the
     * same node if the new hierarchy is high enough (refused otherwise, naming the level and the height).
     */
    private StarSchema bound(StarSchema planned, LevelVector node) {
        StarSchema now = StarSchema.of(planned.fact(), planned.names(), new HierarchyCatalog(db));
        if (now.quasiIdentifiers().equals(planned.quasiIdentifiers())) {
            return planned;
        }
        now.validate(node);
        return now;
    }

    /**
     * Every column of the source except identifying ones, quasi-identifiers generalized through the dimension
     * tables, joined to the frequency set of the node so that rows of classes below k are removed or starred.
     * Because the class sizes are part of the statement, a view stays k-anonymous when the source changes later.
     * Shape: {@code SELECT .. FROM (G) g JOIN (SELECT q.., COUNT(*) FROM (G) GROUP BY q..) fs ON g.q = fs.q}, with
     * G the generalized rows; two small FROM lists keep Derby's join-order search (and so its compile time) short.
     */
    private Select<?> releaseSelect(DSLContext tx) {
        var node = request.node();
        List<Column> kept = schema.fact().columns().stream().filter(c -> !request.identifying().contains(c.name())).toList();
        List<QuasiIdentifier> qis = schema.quasiIdentifiers();

        List<Field<?>> generalizedRow = new ArrayList<>();
        for (Column c : kept) {
            if (!schema.names().contains(c.name())) {
                generalizedRow.add(schema.fact().field(StarSchema.FACT_ALIAS, c).as(DSL.name(c.name())));
            }
        }
        List<Field<?>> classKey = new ArrayList<>();
        for (int i = 0; i < qis.size(); i++) {
            generalizedRow.add(schema.generalized(node, i).as(DSL.name(qAlias(i))));
            classKey.add(DSL.field(DSL.name("g2", qAlias(i))));
        }
        if (sensitive != null) {
            generalizedRow.add(sensitive.expression(db.dialect()).as(DSL.name(SENSITIVE_ALIAS)));
        }
        // PostgreSQL would pull g's joins up into the outer join with fs, and with the estimate of a join over every QI
        // (one row) order them into nested loops: 1.8 s instead of 0.1 s per query of a view over Adult. OFFSET 0
        // keeps g one relation, hash-joined to the classes.
        var gRows = tx.select(generalizedRow).from(schema.from(node));
        Table<?> g = db.profile().fence(gRows).asTable(DSL.name("g"));
        Table<?> g2 = tx.select(generalizedRow).from(schema.from(node)).asTable(DSL.name("g2"));
        // a hash join needs one plain equality among the terms: asked for one over null-safe terms only (every QI's
        // hierarchy maps NULL), Derby's optimizer searched for a plan for half an hour on a 6-row table
        boolean equiJoin = qis.stream().anyMatch(q -> !mapsNull(q));
        Optional<Requirement> requirement = request.model().requirement();
        if (requirement.isPresent() && check.rowsBelowK() == 0) {
            // every class passed the check just made in this transaction, and the release is a table: nothing to leave out
            List<Field<?>> all = new ArrayList<>();
            for (Column c : kept) {
                int qi = schema.names().indexOf(c.name());
                all.add(DSL.field(DSL.name("g", qi < 0 ? c.name() : qAlias(qi))).as(DSL.name(c.name())));
            }
            return tx.select(all).from(g);
        }
        Select<?> verdicts = requirement.isPresent() ? failingClasses(tx, generalizedRow, requirement.get())
                : classVerdicts(tx, g2, classKey, request.model(), sensitive);
        Table<?> fs = equiJoin && requirement.isEmpty() ? db.profile().hashJoined(verdicts, DSL.name("fs")) : verdicts.asTable(DSL.name("fs"));
        // a requirement's verdicts name the failing classes only: a row is kept when its class is not among them
        Condition classOk = requirement.isPresent() ? DSL.field(DSL.name("fs", CLASS_OK), Integer.class).isNull()
                : DSL.field(DSL.name("fs", CLASS_OK), Integer.class).gt(DSL.inline(CLASS_KEPT));

        Condition joinFs = DSL.noCondition();
        for (int i = 0; i < qis.size(); i++) {
            Field<Object> gq = DSL.field(DSL.name("g", qAlias(i)));
            Field<Object> fq = DSL.field(DSL.name("fs", qAlias(i)));
            joinFs = joinFs.and(mapsNull(qis.get(i)) ? gq.eq(fq).or(gq.isNull().and(fq.isNull())) : gq.eq(fq));
        }
        List<Field<?>> select = new ArrayList<>();
        for (Column c : kept) {
            int qi = schema.names().indexOf(c.name());
            Name out = DSL.name(c.name());
            if (qi < 0) {
                select.add(DSL.field(DSL.name("g", c.name())).as(out));
            } else if (request.mode() == SuppressMode.STAR) {
                Field<String> text = TextValues.of(DSL.field(DSL.name("g", qAlias(qi))), c, db.dialect());
                select.add(DSL.when(classOk, text).else_(DSL.inline("*")).as(out));
            } else {
                select.add(DSL.field(DSL.name("g", qAlias(qi))).as(out));
            }
        }
        Condition where = request.mode() == SuppressMode.REMOVE ? classOk : DSL.noCondition();
        return tx.select(select).from(requirement.isPresent() ? g.leftJoin(fs).on(joinFs) : g.join(fs).on(joinFs)).where(where);
    }

    /**
     * The classes of the generalized rows that fail the requirement (its SQL verdicts, {@link RequirementSql}), each
     * once, with a flag column: the release view joins them to leave their rows out (or star them).
     */
    private Select<?> failingClasses(DSLContext tx, List<Field<?>> generalizedRow, Requirement requirement) {
        List<Name> key = new ArrayList<>();
        for (int i = 0; i < schema.quasiIdentifiers().size(); i++) {
            key.add(DSL.name(qAlias(i)));
        }
        var node = request.node();
        Table<?> failing = RequirementSql.blocks(db, tx, schema, node, requirement, population,
                alias -> tx.select(generalizedRow).from(schema.from(node)).asTable(DSL.name(alias)), key).failing(requirement)
                .asTable(DSL.name("x"));
        List<Field<?>> select = new ArrayList<>();
        for (int i = 0; i < key.size(); i++) {
            select.add(DSL.field(DSL.name("x", ClassSql.keyName(i))).as(DSL.name(qAlias(i))));
        }
        select.add(DSL.inline(1).as(DSL.name(CLASS_OK)));
        return tx.selectDistinct(select).from(failing);
    }

    /** Whether the QI's hierarchy has a leaf for NULL, so its rows join their class null-safely. */
    private static boolean mapsNull(QuasiIdentifier qi) {
        return qi.dimension().map(d -> d.mapsNull()).orElse(false);
    }

    /**
     * One row per class of the generalized rows {@code g2}: its QI values and {@code ok} = 1 when the model accepts
     * it. Under a model with a sensitive attribute, counts per (class, sensitive value) come first, so the class's
     * largest value and distinct values are at hand.
     */
    private Select<?> classVerdicts(DSLContext tx, Table<?> g2, List<Field<?>> classKey, PrivacyModel model,
                                    SensitiveColumn sensitive) {
        List<Field<?>> select = new ArrayList<>();
        for (int i = 0; i < classKey.size(); i++) {
            select.add(DSL.field(DSL.name("v", qAlias(i))).as(DSL.name(qAlias(i))));
        }
        List<Field<?>> key = new ArrayList<>();
        for (int i = 0; i < classKey.size(); i++) {
            key.add(DSL.field(DSL.name("v", qAlias(i))));
        }
        List<Field<?>> inner = new ArrayList<>();
        for (int i = 0; i < classKey.size(); i++) {
            inner.add(classKey.get(i).as(DSL.name(qAlias(i))));
        }
        List<Field<?>> innerGroups = new ArrayList<>(classKey);
        if (sensitive != null) {
            Field<?> s = DSL.field(DSL.name("g2", SENSITIVE_ALIAS));
            inner.add(s.as(DSL.name(SENSITIVE_ALIAS)));
            innerGroups.add(s);
        }
        inner.add(DSL.count().as(DSL.name(FrequencySets.COUNT)));
        Table<?> v = tx.select(inner).from(g2).groupBy(innerGroups).asTable(DSL.name("v"));
        Field<Long> c = DSL.field(DSL.name("v", FrequencySets.COUNT), SQLDataType.BIGINT);
        Field<Integer> sv = DSL.field(DSL.name("v", SENSITIVE_ALIAS), SQLDataType.INTEGER);
        Field<Long> sensitiveRows = sensitive != null && sensitive.indicator()
                ? DSL.sum(DSL.when(sv.eq(DSL.inline(1)), c).else_(DSL.inline(0L))).cast(SQLDataType.BIGINT) : DSL.inline(0L);
        Condition ok = ModelSql.accepts(model, DSL.sum(c), sensitiveRows, DSL.max(c), DSL.count());
        select.add(DSL.when(ok, DSL.inline(1)).else_(DSL.inline(0)).as(DSL.name(CLASS_OK)));
        return tx.select(select).from(v).groupBy(key);
    }

    private static final String SENSITIVE_ALIAS = "kanon s";
    private static final String CLASS_OK = "kanon ok";
    /**
     * A class is kept when its {@code ok} (1 or 0) is greater than this. Not {@code ok = 1}: PostgreSQL estimates
     * an equality on the computed flag to keep one class, puts that side outermost in a nested loop and rescans the
     * generalized rows once per class (3.8 s instead of 0.1 s for every query of a view over Adult, the re-check
     * included); an inequality is estimated to keep a third of the classes and the plan is a hash join.
     */
    private static final int CLASS_KEPT = 0;

    /** Column alias of the i-th generalized QI inside the statement; unlike any plain column name a user has. */
    private static String qAlias(int i) {
        return "kanon q" + (i + 1);
    }
}
