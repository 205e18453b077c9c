package org.kanon.release;

import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.Record;
import org.kanon.InvalidInputException;
import org.kanon.db.CatalogNameHold;
import org.kanon.db.CatalogTable;
import org.kanon.db.Database;
import org.kanon.db.Identifiers;
import org.kanon.db.KanonSchemas;
import org.kanon.db.NameLock;
import org.kanon.db.Relations;

/** The register of releases in the catalog: what exists, and dropping a release together with its relation. */
public final class ReleaseRegister {
    private final Database db;
    private final CatalogTable releases;

    public ReleaseRegister(Database db) {
        this.db = db;
        this.releases = new CatalogTable(db, "releases");
    }

    private <T> Field<T> f(String column, Class<T> type) {
        return releases.field(column, type);
    }

    void insert(DSLContext tx, ReleaseRecord r) {
        insert(tx, r, r);
    }

    /** As {@link #insert(DSLContext, ReleaseRecord)}, the release's relations read under the names of {@code written} (staged). */
    void insert(DSLContext tx, ReleaseRecord r, ReleaseRecord written) {
        List<String> dropped = dropped(tx, written);
        db.catalogDsl(tx).insertInto(releases.table())
                .set(f("release_name", String.class), r.name())
                .set(f("source_schema", String.class), r.sourceSchema())
                .set(f("source_table", String.class), r.sourceTable())
                .set(f("relation_schema", String.class), r.relationSchema())
                .set(f("relation_name", String.class), r.relationName())
                .set(f("relation_kind", String.class), r.kind())
                .set(f("algorithm", String.class), r.algorithm())
                .set(f("quasi_identifiers", String.class), r.quasiIdentifiers())
                .set(f("levels", String.class), r.levels())
                .set(f("k", Integer.class), r.k())
                .set(f("suppression", String.class), r.suppression())
                .set(f("suppression_limit", Long.class), r.suppressionLimit())
                .set(f("suppress_mode", String.class), r.suppressMode())
                .set(f("rows_in", Long.class), r.rowsIn())
                .set(f("rows_out", Long.class), r.rowsOut())
                .set(f("rows_suppressed", Long.class), r.rowsSuppressed())
                .set(f("classes", Long.class), r.classes())
                .set(f("smallest_class", Long.class), r.smallestClass())
                .set(f("created_by", String.class), r.createdBy())
                .set(f("created_at", LocalDateTime.class), r.createdAt())
                .set(f("recheck_sql", String.class), r.recheckSql())
                .set(f("privacy_model", String.class), r.privacyModel())
                .set(f("model_code", String.class), r.modelCode())
                .set(f("recoding", String.class), r.recoding())
                .set(f("sensitive_attribute", String.class), r.sensitiveAttribute())
                .set(f("sensitive_values", String.class), r.sensitiveValues())
                .set(f("sensitive_relation", String.class), r.sensitiveRelation())
                .set(f("partition_relation", String.class), r.partitionRelation())
                .set(f("dropped_columns", String.class), String.join("\n", dropped))
                .execute();
    }

    /**
     * The source columns the release's relation(s), just written in {@code tx}, leave out: what {@link
     * #droppedColumns} reads back for {@code kanon verify}, so a relation later replaced by one holding an
     * identifying column fails verification.
     */
    private List<String> dropped(DSLContext tx, ReleaseRecord r) {
        java.util.Set<String> released = new java.util.HashSet<>(columns(tx, r.relationSchema(), r.relationName()));
        if (r.sensitiveRelation() != null) {
            released.addAll(columns(tx, r.relationSchema(), r.sensitiveRelation()));
        }
        return columns(tx, r.sourceSchema(), r.sourceTable()).stream().filter(c -> !released.contains(c)).toList();
    }

    private List<String> columns(DSLContext tx, String schema, String name) {
        return java.util.Arrays.stream(tx.selectFrom(org.jooq.impl.DSL.table(db.identifiers().registered(schema, name)))
                .where(org.jooq.impl.DSL.falseCondition()).fetch().fields()).map(Field::getName).toList();
    }

    /**
     * The source columns a registered release must not hold (its identifying columns, and for a two-table release
     * every other column it does not publish); empty when none, null for a release registered before catalog V7.
     */
    public List<String> droppedColumns(String releaseName) {
        Record row = db.catalog().dsl().select(f("dropped_columns", String.class)).from(releases.table())
                .where(f("release_name", String.class).eq(releaseName)).fetchOne();
        if (row == null || row.get(0) == null) {
            return null;
        }
        String text = row.get(0, String.class);
        return text.isEmpty() ? List.of() : List.of(text.split("\n", -1));
    }

    public List<ReleaseRecord> list() {
        return db.catalog().dsl().select().from(releases.table()).orderBy(f("created_at", LocalDateTime.class), f("id", Integer.class))
                .fetch(this::toRecord);
    }

    public Optional<ReleaseRecord> find(String name) {
        return find(db.dsl(), name);
    }

    /** Exact name first, then a unique case-insensitive match (names fold like identifiers). */
    Optional<ReleaseRecord> find(DSLContext ctx, String name) {
        String wanted = name.trim();
        List<ReleaseRecord> all = db.catalogDsl(ctx).select().from(releases.table()).fetch(this::toRecord);
        Optional<ReleaseRecord> exact = all.stream().filter(r -> r.name().equals(wanted)).findFirst();
        if (exact.isPresent()) {
            return exact;
        }
        List<ReleaseRecord> loose = all.stream().filter(r -> r.name().equalsIgnoreCase(wanted)).toList();
        return loose.size() == 1 ? Optional.of(loose.get(0)) : Optional.empty();
    }

    public ReleaseRecord require(String name) {
        return find(name).orElseThrow(() -> new InvalidInputException("release '" + name + "' not found (kanon release list shows them)"));
    }

    /**
     * Drops the relation and its register row in one transaction, in turn with any process writing a release of that
     * name: the register is read again once the name is held. The name is held as registered (look-ups ignore case),
     * else as given: where CREATE and DROP commit (MariaDB), a writer replacing the release may be between its
     * commits, its old row gone and its new one not yet written.
     */
    public ReleaseRecord drop(String name) {
        String held = find(name).map(ReleaseRecord::name).orElse(name.trim());
        Name lockName = org.jooq.impl.DSL.name(db.identifiers().namespace(KanonSchemas.RELEASES), db.identifiers().fold(held));
        return CatalogNameHold.around(db, NameLock.Kind.RELEASE, List.of(lockName), () -> db.dsl().transactionResult(cfg -> {
            DSLContext tx = cfg.dsl();
            lock(tx, db.identifiers(), held);
            ReleaseRecord r = find(tx, held).orElseThrow(
                    () -> new InvalidInputException("release '" + name + "' not found (kanon release list shows them)"));
            delete(tx, r);
            return r;
        }));
    }

    /** Holds the release name until {@code tx} ends: writers and droppers of one release take turns. */
    static void lock(DSLContext tx, Identifiers ids, String releaseName) {
        NameLock.acquire(tx, NameLock.Kind.RELEASE, ids.namespace(KanonSchemas.RELEASES), ids.fold(releaseName.trim()));
    }

    /** The release, if any, one of whose relations (released, sensitive or partition record) is {@code schema.name}. */
    Optional<ReleaseRecord> owner(DSLContext tx, String schema, String name) {
        String catalog = db.identifiers().namespace(KanonSchemas.CATALOG);
        return db.catalogDsl(tx).select().from(releases.table()).fetch(this::toRecord).stream()
                .filter(r -> schema.equals(r.relationSchema()) && (name.equals(r.relationName()) || name.equals(r.sensitiveRelation()))
                        || schema.equals(catalog) && name.equals(r.partitionRelation()))
                .findFirst();
    }

    /** Deletes the register row of {@code releaseName} alone (its relations are the caller's). */
    void forget(String releaseName) {
        db.catalog().dsl().deleteFrom(releases.table()).where(f("release_name", String.class).eq(releaseName)).execute();
    }

    void delete(DSLContext tx, ReleaseRecord r) {
        for (org.jooq.Name relation : relations(r)) {
            Relations.dropIfExists(tx, relation.first(), relation.last());
        }
        unregister(tx, r);
    }

    /** Deletes the register row of {@code r} in {@code tx}, its relations left to the caller. */
    void unregister(DSLContext tx, ReleaseRecord r) {
        db.catalogDsl(tx).deleteFrom(releases.table()).where(f("release_name", String.class).eq(r.name())).execute();
    }

    /** The relations {@code r} registers: released, sensitive, partition record. */
    List<org.jooq.Name> relations(ReleaseRecord r) {
        List<org.jooq.Name> relations = new java.util.ArrayList<>();
        relations.add(org.jooq.impl.DSL.name(r.relationSchema(), r.relationName()));
        if (r.sensitiveRelation() != null) {
            relations.add(org.jooq.impl.DSL.name(r.relationSchema(), r.sensitiveRelation()));
        }
        if (r.partitionRelation() != null) {
            relations.add(org.jooq.impl.DSL.name(db.identifiers().namespace(KanonSchemas.CATALOG), r.partitionRelation()));
        }
        return relations;
    }

    private ReleaseRecord toRecord(Record r) {
        return ReleaseRecord.builder()
                .name(text(r, "release_name")).sourceSchema(text(r, "source_schema")).sourceTable(text(r, "source_table"))
                .relationSchema(text(r, "relation_schema")).relationName(text(r, "relation_name")).kind(text(r, "relation_kind"))
                .algorithm(text(r, "algorithm")).quasiIdentifiers(text(r, "quasi_identifiers")).levels(text(r, "levels"))
                .k(r.get(f("k", Integer.class), Integer.class)).suppression(text(r, "suppression"))
                .suppressionLimit(number(r, "suppression_limit")).suppressMode(text(r, "suppress_mode"))
                .rowsIn(number(r, "rows_in")).rowsOut(number(r, "rows_out")).rowsSuppressed(number(r, "rows_suppressed"))
                .classes(number(r, "classes")).smallestClass(number(r, "smallest_class"))
                .createdBy(text(r, "created_by")).createdAt(r.get(f("created_at", LocalDateTime.class), LocalDateTime.class))
                .recheckSql(text(r, "recheck_sql")).privacyModel(text(r, "privacy_model")).modelCode(text(r, "model_code"))
                .recoding(text(r, "recoding")).sensitiveAttribute(text(r, "sensitive_attribute"))
                .sensitiveValues(text(r, "sensitive_values")).sensitiveRelation(text(r, "sensitive_relation"))
                .partitionRelation(text(r, "partition_relation"))
                .build();
    }

    private String text(Record r, String column) {
        return r.get(f(column, String.class), String.class);
    }

    private long number(Record r, String column) {
        return r.get(f(column, Long.class), Long.class);
    }
}
