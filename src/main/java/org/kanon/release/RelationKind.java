package org.kanon.release;

import java.util.List;
import java.util.Map;
import org.jooq.DSLContext;
import org.jooq.Name;
import org.jooq.Select;
import org.kanon.progress.Progress;
import org.kanon.schema.AttributeRole;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;

/**
 * What one kind of release (a full-domain view or table, a local-recoding table, the two tables of permutation and
 * Anatomy) adds to the {@link ReleaseTransaction}: its relations, its re-check statement and what its register row
 * says beyond what every release records. One object per release; it may keep what one step finds for a later one.
 */
interface RelationKind {

    /**
     * First thing in the transaction, before the release's name is claimed: false refuses the release, and nothing
     * is written (a full-domain node the privacy check now rejects).
     */
    default boolean admit(DSLContext tx) {
        return true;
    }

    /** Creates and fills the relations of {@code target}, whose names are free now, as a step of {@code progress}. */
    void create(DSLContext tx, ReleaseTarget target, Progress progress);

    /** The relations just filled whose planner statistics are refreshed before they are read (a view has none). */
    List<Name> filledTables(ReleaseTarget target);

    /** The statement that re-checks the release from its relations alone; stored rendered with values inlined. */
    Select<?> recheck(DSLContext tx, ReleaseTarget target);

    /** Fills in the register row what only this kind knows: source, model, levels, rows, classes, relations. */
    void describe(DSLContext tx, ReleaseTarget target, ReleaseRecord.Builder row);

    /** The table released, whose columns' roles the release records. */
    SourceTable source();

    /** The roles the release gave the source's columns, in the order they are recorded. */
    Map<Column, AttributeRole> roles();
}
