package org.kanon.release;

import org.kanon.db.Database;
import org.kanon.progress.Progress;

/**
 * Writes a full-domain generalization back into the database as a view (or a table) in KANON_RELEASE and
 * registers it, in one transaction ({@link ReleaseTransaction} over a {@link GlobalRelation}): either the relation
 * and its register row both exist, or neither does. Before committing, the release is re-checked from the released
 * relation alone by the register's own re-check statement.
 */
public final class ReleaseWriter {
    private final Database db;
    private final ReleaseTransaction transaction;

    public ReleaseWriter(Database db) {
        this(db, Progress.NONE);
    }

    /** Its long stages (checking, writing the rows, re-checking) are steps of {@code progress}. */
    public ReleaseWriter(Database db, Progress progress) {
        this.db = db;
        this.transaction = new ReleaseTransaction(db, progress);
    }

    /** For tests: throw right after the given stage, inside the transaction. */
    void failAt(ReleaseTransaction.Stage stage) {
        transaction.failAt(stage);
    }

    /** The release, or the privacy check's verdict alone when the node does not satisfy the model (nothing written). */
    public ReleaseOutcome release(ReleaseRequest request) {
        ReleaseTarget target = ReleaseTarget.oneTable(db.identifiers(), request.name());
        GlobalRelation relation = new GlobalRelation(db, request);
        target.refuseOver(request.schema().fact());
        ReleaseRecord r = transaction.write(target, request.name(), request.replace(), relation);
        return new ReleaseOutcome(relation.check(), r);
    }
}
