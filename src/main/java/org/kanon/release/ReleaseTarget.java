package org.kanon.release;

import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.jooq.DSLContext;
import org.jooq.Name;
import org.kanon.InvalidInputException;
import org.kanon.db.Identifiers;
import org.kanon.db.KanonSchemas;
import org.kanon.db.NameLock;
import org.kanon.db.Relations;
import org.kanon.schema.SourceTable;

/**
 * A release's name and every relation it writes, as the database will spell them. Built before any work, it refuses
 * a name the database would truncate; {@link #claim} then makes room for the relations, first thing in the writing
 * transaction. Every release writer goes through here, so a release's relations can never be another release's.
 */
final class ReleaseTarget {
    private final Identifiers ids;
    private final String name;
    private final List<Name> relations;

    private ReleaseTarget(Identifiers ids, String name, List<Name> relations) {
        this.ids = ids;
        this.name = name;
        this.relations = relations;
        for (Name relation : relations) {
            if (!ids.fits(relation.last())) {
                throw new InvalidInputException("--name: " + relation.first() + "." + ids.tooLong(relation.last())
                        + "; choose a shorter release name");
            }
        }
    }

    /** A view or table of the release's own name in KANON_RELEASE. */
    static ReleaseTarget oneTable(Identifiers ids, String requested) {
        String name = required(requested);
        return new ReleaseTarget(ids, name, List.of(ids.ours(KanonSchemas.RELEASES, name)));
    }

    /**
     * The QI table ({@code <name>_PQT}, Anatomy's {@code <name>_QIT}) and the sensitive table ({@code _PST}, {@code _ST})
     * in KANON_RELEASE, and the private partition record {@code <name>_PARTITION} in the catalog.
     */
    static ReleaseTarget twoTable(Identifiers ids, String requested, boolean anatomy) {
        String name = required(requested);
        return new ReleaseTarget(ids, name, List.of(ids.ours(KanonSchemas.RELEASES, name + (anatomy ? "_QIT" : "_PQT")),
                ids.ours(KanonSchemas.RELEASES, name + (anatomy ? "_ST" : "_PST")), ids.ours(KanonSchemas.CATALOG, name + "_PARTITION")));
    }

    private static String required(String requested) {
        String name = requested == null ? "" : requested.trim();
        if (name.isEmpty()) {
            throw new InvalidInputException("--name: a release name is required");
        }
        return name;
    }

    /**
     * Refuses a one-table release over its own source: a release of a release is fine in principle, but replacing it
     * could drop the source.
     */
    void refuseOver(SourceTable source) {
        if (source.schema().equals(ids.namespace(KanonSchemas.RELEASES)) && ids.fold(name).equals(source.name())) {
            throw new InvalidInputException("--name: release " + name + " would replace its own source table");
        }
    }

    /**
     * A private working table for this release's writer in kanon's catalog namespace (never where readers of
     * releases look), its name random so that concurrent writers never meet.
     */
    Name privateTable(String purpose) {
        String token = Long.toString(java.util.concurrent.ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
        return ids.ours(KanonSchemas.CATALOG, "w_" + purpose + "_" + token);
    }

    /**
     * Writes this target's relation names into the register row (after the kind described it, perhaps from the
     * staged names): the released relation, and a two-table release's sensitive table and partition record.
     */
    void name(ReleaseRecord.Builder row) {
        row.relationSchema(schema()).relationName(relationName());
        if (relations.size() == 3) {
            row.sensitiveRelation(relationName(1)).partitionRelation(relationName(2));
        }
    }

    /** The release name as registered (trimmed). */
    String name() {
        return name;
    }

    /** The folded schema of the released relation (KANON_RELEASE). */
    String schema() {
        return relations.get(0).first();
    }

    /** The folded name of the released relation (a two-table release's QI table). */
    String relationName() {
        return relations.get(0).last();
    }

    /** The folded name of the i-th relation, in the order the factory names them. */
    String relationName(int i) {
        return relations.get(i).last();
    }

    /** Every relation of the release, qualified and folded. */
    List<Name> relations() {
        return relations;
    }

    /** The qualified, folded name of the i-th relation. */
    Name relation(int i) {
        return relations.get(i);
    }

    /**
     * Where the release is written aside and swapped in ({@link org.kanon.db.dialect.DatabaseProfile#swapsStagedReleases}):
     * the same release with each relation under its staged name, {@code kanon_new_<hash of the relation's name>} in
     * the relation's own schema. The name is fixed, so what a killed writer left is found and dropped by the next
     * writer of the release.
     */
    ReleaseTarget staged() {
        return new ReleaseTarget(ids, name, relations.stream().map(r -> aside(r, STAGED)).toList());
    }

    private static final String STAGED = "kanon_new_";
    private static final String RETIRED = "kanon_old_";

    private Name aside(Name relation, String prefix) {
        String hash = java.util.UUID.nameUUIDFromBytes((relation.first() + '\u0000' + relation.last())
                .getBytes(java.nio.charset.StandardCharsets.UTF_8)).toString().replace("-", "").substring(0, 16);
        return org.jooq.impl.DSL.name(relation.first(), ids.fold(prefix + hash));
    }

    /**
     * Swaps the staged release ({@link #staged}, complete, re-checked and registered in {@code tx}) into place: one
     * atomic rename moves each old relation aside and each staged one to its name; it commits {@code tx}'s register
     * rows with it. The old relations are dropped after, with those of the {@code replaced} release that this one
     * does not reuse (a two-table release replaced by a one-table one); one a killed writer left aside is dropped at
     * the next claim.
     */
    void swapIn(DSLContext tx, ReleaseTarget staged, List<Name> replaced) {
        List<Name> from = new java.util.ArrayList<>();
        List<Name> to = new java.util.ArrayList<>();
        List<Name> retired = new java.util.ArrayList<>();
        for (int i = 0; i < relations.size(); i++) {
            Name relation = relations.get(i);
            if (Relations.exists(tx, relation.first(), relation.last())) {
                Name old = aside(relation, RETIRED);
                from.add(relation);
                to.add(old);
                retired.add(old);
            }
            from.add(staged.relation(i));
            to.add(relation);
        }
        org.kanon.db.dialect.DatabaseProfiles.of(tx.dialect()).renameAll(tx, from, to);
        replaced.stream().filter(r -> !relations.contains(r)).forEach(retired::add);
        for (Name old : retired) {
            try {
                Relations.dropIfExists(tx, old.first(), old.last());
            } catch (RuntimeException e) {
                // the release is in place and registered: what is left is no release's, and no reason to fail it
            }
        }
    }

    /**
     * Makes room for the release, first thing in its transaction. Waits until no other process writes or drops a
     * release of this name (PostgreSQL), so the loser of a race sees the winner's release; then refuses an existing
     * release of the name unless {@code replace}, and refuses, even with {@code replace}, a relation that belongs to
     * another release (a one-table release named {@code x_pqt} and a two-table release {@code x} would share
     * {@code x_pqt}). With {@code replace} the old release and stray relations of these names are dropped; where the
     * release is staged ({@link #staged}) the old release stays, registered, until {@link #swapIn}, and what a killed
     * writer left aside is dropped. Returns the release it replaces, if any.
     */
    Optional<ReleaseRecord> claim(DSLContext tx, ReleaseRegister register, boolean replace) {
        lock(tx);
        Optional<ReleaseRecord> existing = register.find(tx, name);
        if (existing.isPresent() && !replace) {
            throw new InvalidInputException("release '" + existing.get().name() + "' already exists (" + existing.get().relation()
                    + "); use --replace to overwrite it");
        }
        for (Name relation : relations) {
            Optional<ReleaseRecord> owner = register.owner(tx, relation.first(), relation.last())
                    .filter(r -> existing.map(e -> !e.name().equals(r.name())).orElse(true));
            if (owner.isPresent()) {
                throw new InvalidInputException("--name: release " + name + " would write " + display(relation)
                        + ", a relation of release '" + owner.get().name() + "'; choose another name (or kanon release drop "
                        + owner.get().name() + ")");
            }
        }
        org.kanon.db.dialect.DatabaseProfile profile = org.kanon.db.dialect.DatabaseProfiles.of(tx.dialect());
        if (profile.swapsStagedReleases()) {
            for (Name relation : relations) {
                for (String prefix : List.of(STAGED, RETIRED)) {
                    Name left = aside(relation, prefix);
                    Relations.dropIfExists(tx, left.first(), left.last());
                }
            }
        } else {
            existing.ifPresent(r -> register.delete(tx, r));
        }
        // where DDL commits by itself (MariaDB), a writer that died between its CREATE and its register row left the
        // relation behind, registered by no release (checked above): kanon's own namespace, nobody else's, so dropped
        boolean orphansPossible = !profile.transactionalDdl();
        for (Name relation : relations) {
            if (Relations.exists(tx, relation.first(), relation.last())) {
                if (!replace && !orphansPossible) {
                    throw new InvalidInputException(display(relation) + " already exists; use --replace to overwrite it");
                }
                if (existing.isEmpty() || !profile.swapsStagedReleases()) {
                    Relations.dropIfExists(tx, relation.first(), relation.last());
                }
            }
        }
        return existing;
    }

    /**
     * Holds the release's name (as {@link ReleaseRegister#drop} does) and every relation it writes, taken in one order
     * by every writer: releases of two names whose relations meet (a release {@code x_pqt}, the PQT of a permutation
     * release {@code x}) take turns as well, the loser then finding the winner's relation registered, and two writers
     * never wait for each other crosswise.
     */
    private void lock(DSLContext tx) {
        for (Name n : heldNames()) {
            NameLock.acquire(tx, NameLock.Kind.RELEASE, n.first(), n.last());
        }
    }

    /** The names a writer of this release holds ({@link #lock}), in the one order every writer takes them. */
    List<Name> heldNames() {
        SortedMap<String, Name> names = new TreeMap<>();
        for (Name n : relations) {
            names.put(n.first() + '\u0000' + n.last(), n);
        }
        Name released = ids.ours(KanonSchemas.RELEASES, name);
        names.put(released.first() + '\u0000' + released.last(), released);
        return List.copyOf(names.values());
    }

    private static String display(Name relation) {
        return relation.first() + "." + relation.last();
    }
}
