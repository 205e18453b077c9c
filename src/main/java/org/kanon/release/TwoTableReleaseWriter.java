package org.kanon.release;

import org.kanon.db.Database;
import org.kanon.permutation.PermutationInput;
import org.kanon.permutation.Populating;
import org.kanon.progress.Progress;

/**
 * Writes a two-table release (permutation anonymization or Anatomy) in one transaction ({@link ReleaseTransaction}
 * over {@link TwoTables}): the QI table, the sensitive table and the engine's private partition record, the re-check,
 * the register row. All of it exists, or none of it.
 */
public final class TwoTableReleaseWriter {

    /** What to write: the rows, their groups and per group and column the member each row takes its value from. */
    public record Request(String name, PermutationInput input, Populating.Layout layout, int l, boolean anatomy, boolean replace,
                          String algorithm) {
    }

    private final Database db;
    private final ReleaseTransaction transaction;

    public TwoTableReleaseWriter(Database db) {
        this(db, Progress.NONE);
    }

    /** Its long stages (checking, writing the rows, re-checking) are steps of {@code progress}. */
    public TwoTableReleaseWriter(Database db, Progress progress) {
        this.db = db;
        this.transaction = new ReleaseTransaction(db, progress);
    }

    public ReleaseRecord write(Request request) {
        ReleaseTarget target = ReleaseTarget.twoTable(db.identifiers(), request.name(), request.anatomy());
        TwoTables tables = new TwoTables(db.identifiers(), request);
        return transaction.write(target, target.name(), request.replace(), tables);
    }
}
