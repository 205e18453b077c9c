package org.kanon.release;

import java.time.LocalDateTime;
import java.util.Optional;
import org.jooq.DSLContext;
import org.jooq.Name;
import org.kanon.db.CatalogNameHold;
import org.kanon.db.Database;
import org.kanon.db.NameLock;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;
import org.kanon.schema.SourceRegistry;

/**
 * Writes one release in one transaction, whatever its {@link RelationKind}: either its relations and its register
 * row all exist, or none of them does. In order: the kind admits the release; the name is claimed
 * ({@link ReleaseTarget#claim}: waits for any other writer of the name, refuses or replaces an existing release);
 * the relations are created and filled, their statistics refreshed; the re-check statement runs against them exactly
 * as it is stored, and must find nothing; the register row is inserted and the source's column roles recorded.
 * The name was checked, in the database's own measure (bytes on PostgreSQL), when the target was built.
 */
final class ReleaseTransaction {
    /** Points in the transaction where a test can make the release fail. */
    enum Stage { RELATION_CREATED, REGISTERED }

    private final Database db;
    private final ReleaseRegister register;
    private final Progress progress;
    private Stage failAt;

    /** Its long stages (the privacy check, filling the relations, the re-check) are steps of {@code progress}. */
    ReleaseTransaction(Database db, Progress progress) {
        this.db = db;
        this.register = new ReleaseRegister(db);
        this.progress = Progress.orNone(progress);
    }

    /** For tests: throw right after the given stage, inside the transaction. */
    void failAt(Stage stage) {
        this.failAt = stage;
    }

    /**
     * Writes the release; null when the kind refused it ({@link RelationKind#admit}). {@code shownName} names the
     * release in the re-check's failure message.
     */
    ReleaseRecord write(ReleaseTarget target, String shownName, boolean replace, RelationKind kind) {
        // Trino holds no names: they are held in its catalog database for the whole write (nothing elsewhere)
        return CatalogNameHold.around(db, NameLock.Kind.RELEASE, target.heldNames(), () -> writeHeld(target, shownName, replace, kind));
    }

    private ReleaseRecord writeHeld(ReleaseTarget target, String shownName, boolean replace, RelationKind kind) {
        boolean[] creating = {false};
        boolean[] registered = {false};
        ReleaseTarget writing = db.profile().swapsStagedReleases() ? target.staged() : target;
        try {
            return write(target, writing, shownName, replace, kind, creating, registered);
        } catch (RuntimeException e) {
            if (creating[0] && !db.profile().transactionalDdl()) {
                dropCreated(writing, e);
            }
            if (registered[0] && db.catalog() != db) {
                // the register is another database (Trino's), committed by itself: its row goes with the relation
                try {
                    register.forget(target.name());
                } catch (RuntimeException forgetFailed) {
                    e.addSuppressed(forgetFailed);
                }
            }
            throw e;
        }
    }

    /**
     * Where DDL commits by itself (MariaDB) the rollback leaves what was created: dropped here, so a failed release
     * leaves neither its relations nor its register row, as on the other databases.
     */
    private void dropCreated(ReleaseTarget target, RuntimeException failure) {
        for (Name relation : target.relations()) {
            try {
                org.kanon.db.Relations.dropIfExists(db.dsl(), relation.first(), relation.last());
            } catch (RuntimeException e) {
                failure.addSuppressed(e);
            }
        }
    }

    /**
     * The transaction; {@code writing} is {@code target} itself, or where DDL commits by itself its staged twin
     * ({@link ReleaseTarget#staged}): the release is made and re-checked there, registered under the target's
     * names, and swapped into place last, so that the old release stays whole and registered until then.
     */
    private ReleaseRecord write(ReleaseTarget target, ReleaseTarget writing, String shownName, boolean replace, RelationKind kind,
                                boolean[] creating, boolean[] registered) {
        String createdBy = db.currentUser();
        return db.dsl().transactionResult(cfg -> {
            DSLContext tx = cfg.dsl();
            try (Step checking = progress.start("checking the release", Progress.UNKNOWN)) {
                if (!kind.admit(tx)) {
                    return null;
                }
            }
            Optional<ReleaseRecord> replaced = target.claim(tx, register, replace);
            creating[0] = true;
            kind.create(tx, writing, progress);
            maybeFail(Stage.RELATION_CREATED);
            ReleaseRecord.Builder row = ReleaseRecord.builder().name(target.name()).createdBy(createdBy);
            String recheckSql;
            try (Step rechecking = progress.start("re-checking the release", Progress.UNKNOWN)) {
                refreshStatistics(tx, writing, kind);
                // the class shape first, as the writers always read it: that read warms what the re-check reads again
                kind.describe(tx, writing, row);
                recheckSql = tx.renderInlined(kind.recheck(tx, target));
                ReleaseRelations.verify(tx, writing == target ? recheckSql : tx.renderInlined(kind.recheck(tx, writing)), shownName);
            }
            row.createdAt(LocalDateTime.now().withNano(0)).recheckSql(recheckSql);
            writing.name(row);
            ReleaseRecord written = row.build();
            target.name(row);
            ReleaseRecord r = row.build();
            if (writing != target) {
                replaced.ifPresent(old -> register.unregister(tx, old));
            }
            register.insert(tx, r, written);
            registered[0] = true;
            new SourceRegistry(db).setRoles(tx, kind.source(), kind.roles());
            maybeFail(Stage.REGISTERED);
            if (writing != target) {
                target.swapIn(tx, writing, replaced.map(register::relations).orElse(java.util.List.of()));
            }
            return r;
        });
    }

    /**
     * PostgreSQL plans the re-check and the class shape from the statistics of the tables just filled; without
     * them it guesses from an empty table.
     */
    private void refreshStatistics(DSLContext tx, ReleaseTarget target, RelationKind kind) {
        for (Name table : kind.filledTables(target)) {
            db.profile().analyze(tx, table);
        }
    }

    private void maybeFail(Stage stage) {
        if (stage == failAt) {
            throw new IllegalStateException("injected failure after " + stage);
        }
    }
}
