package org.kanon.frequency;

import java.util.ArrayList;
import java.util.List;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;
import org.kanon.db.dialect.DatabaseProfile;
import org.kanon.lattice.LevelVector;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.hierarchy.Dimension;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * The fact table and the dimension tables of its quasi-identifiers (Incognito, Figure 4). For a node of the
 * lattice it gives the generalized value of each quasi-identifier and the joins that produce them; a QI at level
 * 0 is read straight from the fact table, so no join is paid for it.
 */
public final class StarSchema {
    public static final String FACT_ALIAS = "f";

    private final SourceTable fact;
    private final List<QuasiIdentifier> qis;
    private final DatabaseProfile profile;

    public StarSchema(SourceTable fact, List<QuasiIdentifier> qis, DatabaseProfile profile) {
        if (qis.isEmpty()) {
            throw new InvalidInputException("--qi: at least one quasi-identifier is required");
        }
        this.fact = fact;
        this.qis = List.copyOf(qis);
        this.profile = profile;
    }

    /** The star schema of the named columns with whatever hierarchies the catalog has bound to them. */
    public static StarSchema of(SourceTable fact, List<String> qiNames, HierarchyCatalog hierarchies) {
        List<QuasiIdentifier> qis = new ArrayList<>();
        java.util.Map<String, Dimension> bound = hierarchies.dimensions(fact);
        for (Column c : fact.columns(qiNames)) {
            qis.add(new QuasiIdentifier(c, java.util.Optional.ofNullable(bound.get(c.name()))));
        }
        return new StarSchema(fact, qis, hierarchies.profile());
    }

    /**
     * The same quasi-identifiers and hierarchies over another table with columns of the same names (a population table
     * the fact table is a sample of); a QI it lacks is refused naming both tables.
     */
    public StarSchema over(SourceTable other, String option) {
        List<QuasiIdentifier> mapped = new ArrayList<>();
        for (QuasiIdentifier qi : qis) {
            if (!other.hasColumn(qi.name())) {
                throw new InvalidInputException(option + ": " + other.displayName() + " lacks the quasi-identifier " + qi.name()
                        + " of " + fact.displayName() + " (a population table has the table's QI columns, by name)");
            }
            mapped.add(new QuasiIdentifier(other.column(qi.name()), qi.dimension()));
        }
        return new StarSchema(other, mapped, profile);
    }

    public SourceTable fact() {
        return fact;
    }

    /** The profile of the database holding the schema. */
    public DatabaseProfile profile() {
        return profile;
    }

    public List<QuasiIdentifier> quasiIdentifiers() {
        return qis;
    }

    public List<String> names() {
        return qis.stream().map(QuasiIdentifier::name).toList();
    }

    /** Rejects a node this schema cannot produce, naming the attribute and its height. */
    public void validate(LevelVector node) {
        if (node.size() != qis.size()) {
            throw new InvalidInputException("--levels: " + node.size() + " level(s) given for " + qis.size()
                    + " quasi-identifier(s) " + names());
        }
        for (int i = 0; i < qis.size(); i++) {
            QuasiIdentifier qi = qis.get(i);
            int level = node.level(i);
            if (level > 0 && qi.dimension().isEmpty()) {
                throw new InvalidInputException("--levels: " + qi.name() + " has no hierarchy bound, so only level 0 is possible"
                        + " (bind one with: kanon hierarchy import or kanon hierarchy build)");
            }
            if (level > qi.maxLevel()) {
                throw new InvalidInputException("--levels: level " + level + " for " + qi.name()
                        + " exceeds the height " + qi.maxLevel() + " of its hierarchy");
            }
        }
    }

    /** Whether QI i is read through its dimension table at this node. */
    boolean joins(LevelVector node, int i) {
        return node.level(i) > 0;
    }

    public String dimensionAlias(int i) {
        return "d" + (i + 1);
    }

    public Field<Object> rawField(int i) {
        return fact.field(FACT_ALIAS, qis.get(i).column());
    }

    /** The value of QI i generalized to its level in the node. */
    public Field<?> generalized(LevelVector node, int i) {
        if (!joins(node, i)) {
            return rawField(i);
        }
        return qis.get(i).dimension().orElseThrow().level(dimensionAlias(i), node.level(i));
    }

    public List<Field<?>> generalized(LevelVector node) {
        List<Field<?>> fields = new ArrayList<>();
        for (int i = 0; i < qis.size(); i++) {
            fields.add(generalized(node, i));
        }
        return fields;
    }

    /** The fact table joined to the dimension tables this node needs. */
    public Table<?> from(LevelVector node) {
        Table<?> from = factTable();
        for (int i = 0; i < qis.size(); i++) {
            if (joins(node, i)) {
                Dimension d = qis.get(i).dimension().orElseThrow();
                from = profile.joinInOrder(from, d.table(dimensionAlias(i)), joinCondition(i, d));
            }
        }
        return from;
    }

    /**
     * The fact table, first in the FROM list, with the join order fixed there where the database takes that hint
     * (Derby's optimizer otherwise weighs every order of the star's joins): fact first, then each dimension by its
     * key, is the right plan anyway.
     */
    private Table<?> factTable() {
        return profile.fixedJoinOrder(fact.table(), DSL.name(FACT_ALIAS));
    }

    private Condition joinCondition(int i, Dimension d) {
        Field<Object> raw = rawField(i);
        Field<Object> key = d.key(dimensionAlias(i));
        Condition equal = raw.eq(key);
        // a hierarchy that maps NULL has a row whose key is NULL; plain equality would drop those rows
        return d.mapsNull() ? equal.or(raw.isNull().and(key.isNull())) : equal;
    }

    /** Whether some QI is read through a dimension table at this node. */
    public boolean joinsAny(LevelVector node) {
        for (int i = 0; i < qis.size(); i++) {
            if (joins(node, i)) {
                return true;
            }
        }
        return false;
    }
}
