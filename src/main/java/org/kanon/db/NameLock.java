package org.kanon.db;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.jooq.DSLContext;
import org.kanon.db.dialect.DatabaseProfiles;

/**
 * Serializes the processes that write one name (a release, an imported table, a table's hierarchies) so that a
 * second writer waits its turn and then sees the first one's work, instead of colliding inside the database's own
 * catalog (PostgreSQL: "duplicate key value violates unique constraint pg_type_typname_nsp_index", 23505).
 *
 * <p>Call {@link #acquire} first thing in the writing transaction, before checking whether the name exists: the
 * lock is held until that transaction ends, and every statement after it sees what the previous holder committed.
 * How the name is held is the database profile's ({@link org.kanon.db.dialect.DatabaseProfile#lockName}): an
 * advisory lock on PostgreSQL, nothing on embedded Derby (one process at a time, one writing thread per name).
 */
public final class NameLock {
    /** What kind of name is locked: names of different kinds never wait for each other. */
    public enum Kind { RELEASE, TABLE, HIERARCHY }

    private NameLock() {
    }

    /** Waits until no other transaction holds this name, then holds it until {@code tx}'s transaction ends. */
    public static void acquire(DSLContext tx, Kind kind, String schema, String name) {
        DatabaseProfiles.of(tx.dialect()).lockName(tx, key(kind, schema, name), false);
    }

    /**
     * Waits until no other transaction holds this name exclusively ({@link #acquire}), then holds it shared until
     * {@code tx}'s transaction ends: readers of a name that must not change under them (a release reading a table's
     * dimension tables) run side by side, while a writer of the name waits for them all, and they for it.
     */
    public static void acquireShared(DSLContext tx, Kind kind, String schema, String name) {
        DatabaseProfiles.of(tx.dialect()).lockName(tx, key(kind, schema, name), true);
    }

    /** A 64-bit key of the kind and the folded, qualified name; a collision only makes two writers wait in turn. */
    static long key(Kind kind, String schema, String name) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(
                    (kind.name() + '\u0000' + schema + '\u0000' + name).getBytes(StandardCharsets.UTF_8));
            long key = 0;
            for (int i = 0; i < Long.BYTES; i++) {
                key = (key << 8) | (digest[i] & 0xff);
            }
            return key;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
