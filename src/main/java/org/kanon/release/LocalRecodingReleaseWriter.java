package org.kanon.release;

import org.kanon.db.Database;
import org.kanon.progress.Progress;

/**
 * Writes a local recoding (every row's QI values at that row's own levels) as a table in KANON_RELEASE and registers
 * it, in one transaction ({@link ReleaseTransaction} over a {@link LocalRecodedTable}): the table and its register
 * row both exist, or neither does. Before the commit the table is re-checked by the stored {@link LocalRecheckQuery},
 * and the source is found unchanged.
 */
public final class LocalRecodingReleaseWriter {
    private final Database db;
    private final ReleaseTransaction transaction;

    public LocalRecodingReleaseWriter(Database db) {
        this(db, Progress.NONE);
    }

    /** Its long stages (checking, writing the rows, re-checking) are steps of {@code progress}. */
    public LocalRecodingReleaseWriter(Database db, Progress progress) {
        this.db = db;
        this.transaction = new ReleaseTransaction(db, progress);
    }

    /** For tests: throw right after the given stage, inside the transaction. */
    void failAt(ReleaseTransaction.Stage stage) {
        transaction.failAt(stage);
    }

    public ReleaseRecord write(LocalReleaseRequest request) {
        ReleaseTarget target = ReleaseTarget.oneTable(db.identifiers(), request.name());
        LocalRecodedTable table = new LocalRecodedTable(request, db);
        target.refuseOver(request.result().source());
        return transaction.write(target, request.name(), request.replace(), table);
    }
}
