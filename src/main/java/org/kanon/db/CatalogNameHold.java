package org.kanon.db;

import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.jooq.Name;

/**
 * Holds names for the whole of a unit of work done in a database that cannot hold them itself: Trino has no locks
 * and commits each CREATE and DROP by itself, so two processes writing one release name did not take turns, and one
 * could drop the other's new relation as an orphan (issue 32). The names are held ({@link NameLock}) in the catalog
 * database ({@code --catalog-db}), on one of its connections in a transaction kept open until the work is done: a
 * second writer of the name waits there, then finds the first one's release registered.
 */
public final class CatalogNameHold {
    private CatalogNameHold() {
    }

    /**
     * Runs {@code work} holding {@code names} in {@code db}'s catalog database when that is another database; where
     * the catalog is {@code db} itself, {@code work} holds them in its own transaction, and runs as it is.
     */
    public static <T> T around(Database db, NameLock.Kind kind, List<Name> names, Supplier<T> work) {
        if (db.catalog() == db) {
            return work.get();
        }
        return hold(db.catalog(), kind, names, work);
    }

    /** Runs {@code work} while a transaction of {@code catalog} holds {@code names}, taken in one order by every holder. */
    static <T> T hold(Database catalog, NameLock.Kind kind, List<Name> names, Supplier<T> work) {
        SortedMap<String, Name> ordered = new TreeMap<>();
        for (Name n : names) {
            ordered.put(n.first() + '\u0000' + n.last(), n);
        }
        return catalog.dsl().transactionResult(cfg -> {
            for (Name n : ordered.values()) {
                NameLock.acquire(cfg.dsl(), kind, n.first(), n.last());
            }
            return work.get();
        });
    }
}
