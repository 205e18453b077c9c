package org.kanon.workflow;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import org.jooq.Field;
import org.jooq.Record;
import org.kanon.InvalidInputException;
import org.kanon.db.CatalogTable;
import org.kanon.db.Database;

/** The SPECS and SPEC_HIERARCHIES tables of the catalog: read, written and removed as {@link Spec}s. */
public final class SpecStore {
    private final Database db;
    private final CatalogTable specs;
    private final CatalogTable bindings;

    public SpecStore(Database db) {
        this.db = db;
        this.specs = new CatalogTable(db, "specs");
        this.bindings = new CatalogTable(db, "spec_hierarchies");
    }

    public List<Spec> list() {
        List<Spec> all = new ArrayList<>();
        for (Record r : db.dsl().select().from(specs.table()).orderBy(text("spec_name")).fetch()) {
            all.add(toSpec(db.dsl(), r));
        }
        return all;
    }

    public Optional<Spec> find(String name) {
        Record r = db.dsl().select().from(specs.table()).where(text("spec_name").eq(name)).fetchOne();
        return r == null ? Optional.empty() : Optional.of(toSpec(db.dsl(), r));
    }

    public Spec require(String name) {
        return find(name).orElseThrow(() -> new InvalidInputException("no release specification named '" + name + "' (see: kanon spec list)"));
    }

    /** Writes the specs in one transaction; with {@code replace} an existing spec of the same name is overwritten. */
    public void save(List<Spec> all, boolean replace) {
        db.dsl().transaction(cfg -> {
            DSLContext tx = cfg.dsl();
            for (Spec spec : all) {
                if (exists(tx, spec.name())) {
                    if (!replace) {
                        throw new InvalidInputException("a release specification named '" + spec.name() + "' exists (use --replace to overwrite it)");
                    }
                    deleteSpec(tx, spec.name());
                }
                insert(tx, spec);
            }
        });
    }

    public boolean delete(String name) {
        return db.dsl().transactionResult(cfg -> deleteSpec(cfg.dsl(), name) > 0);
    }

    /** The spec and its hierarchy bindings: not every catalog deletes them by cascade (DuckDB's has no foreign keys). */
    private int deleteSpec(DSLContext tx, String name) {
        tx.deleteFrom(bindings.table()).where(bindings.field("spec_id", Integer.class).in(
                DSL.select(specs.field("id", Integer.class)).from(specs.table()).where(text("spec_name").eq(name)))).execute();
        return tx.deleteFrom(specs.table()).where(text("spec_name").eq(name)).execute();
    }

    private boolean exists(DSLContext tx, String name) {
        return tx.fetchExists(specs.table(), text("spec_name").eq(name));
    }

    private void insert(DSLContext tx, Spec s) {
        tx.insertInto(specs.table())
                .set(text("spec_name"), s.name())
                .set(text("source_table"), s.sourceTable())
                .set(text("source_query"), s.sourceQuery())
                .set(text("quasi_identifiers"), s.quasiIdentifiers())
                .set(text("identifying"), s.identifying())
                .set(specs.field("k", Integer.class), s.k())
                .set(text("alpha"), s.alpha())
                .set(specs.field("l", Integer.class), s.l())
                .set(text("diversity"), s.diversity())
                .set(text("sensitive_attribute"), s.sensitiveAttribute())
                .set(text("sensitive_value"), s.sensitiveValue())
                .set(text("suppression"), s.suppression())
                .set(text("algorithm"), s.algorithm())
                .set(text("select_criterion"), s.selectCriterion())
                .set(text("options"), s.options())
                .set(text("target_kind"), s.targetKind().toUpperCase(java.util.Locale.ROOT))
                .set(text("release_name"), s.releaseName())
                .set(text("description"), s.description())
                .execute();
        Integer id = tx.select(specs.field("id", Integer.class)).from(specs.table()).where(text("spec_name").eq(s.name())).fetchOne(0, Integer.class);
        for (Spec.HierarchyBinding b : s.hierarchies()) {
            tx.insertInto(bindings.table())
                    .set(bindings.field("spec_id", Integer.class), id)
                    .set(bindings.field("column_name", String.class), b.column())
                    .set(bindings.field("hierarchy_table", String.class), b.table())
                    .set(bindings.field("hierarchy_column", String.class), b.tableColumn())
                    .execute();
        }
    }

    private Spec toSpec(DSLContext ctx, Record r) {
        Integer id = r.get(specs.field("id", Integer.class));
        List<Spec.HierarchyBinding> bound = new ArrayList<>();
        for (Record b : ctx.select().from(bindings.table()).where(bindings.field("spec_id", Integer.class).eq(id))
                .orderBy(bindings.field("column_name", String.class)).fetch()) {
            bound.add(new Spec.HierarchyBinding(b.get(bindings.field("column_name", String.class)),
                    b.get(bindings.field("hierarchy_table", String.class)), b.get(bindings.field("hierarchy_column", String.class))));
        }
        return new Spec(r.get(text("spec_name")), r.get(text("source_table")), r.get(text("source_query")),
                r.get(text("quasi_identifiers")), r.get(text("identifying")), r.get(specs.field("k", Integer.class)),
                r.get(text("alpha")), r.get(specs.field("l", Integer.class)), r.get(text("diversity")),
                r.get(text("sensitive_attribute")), r.get(text("sensitive_value")), r.get(text("suppression")),
                r.get(text("algorithm")), r.get(text("select_criterion")), r.get(text("options")), r.get(text("target_kind")),
                r.get(text("release_name")), r.get(text("description")), bound);
    }

    private Field<String> text(String column) {
        return specs.field(column, String.class);
    }
}
