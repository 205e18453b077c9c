package org.kanon.db;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jooq.Name;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.kanon.testing.Await;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/**
 * Issue 32, item 14: Trino holds no names, so two writers of one release name are made to take turns in the catalog
 * database ({@code --catalog-db}). Without a Trino cluster here, the hold itself is tested on the catalog databases
 * that serve several processes (PostgreSQL, MariaDB): a second holder of a name waits until the first one's work is
 * done; a holder of another name does not wait. (Trino's own release tests run where KANON_TEST_TRINO_URL is set.)
 */
class CatalogNameHoldTest {

    @DatabaseTest(only = {TestDatabases.Kind.POSTGRES, TestDatabases.Kind.MARIADB}) // the catalog databases of several processes
    @DisplayName("Two writers of one name in another database take turns through the catalog database; other names do not wait")
    void twoWritersOfOneNameAreSerialized(ConnectionSettings settings) throws Exception {
        try (Database catalog = Database.open(settings)) {
            Name x = DSL.name("kanon_release", "x");
            CountDownLatch firstHolds = new CountDownLatch(1);
            CountDownLatch firstMayEnd = new CountDownLatch(1);
            long[] firstEnded = new long[1];
            CompletableFuture<Void> first = CompletableFuture.runAsync(() -> CatalogNameHold.hold(catalog, NameLock.Kind.RELEASE, List.of(x), () -> {
                firstHolds.countDown();
                try {
                    assertTrue(firstMayEnd.await(60, TimeUnit.SECONDS));
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                firstEnded[0] = System.nanoTime();
                return null;
            }));
            assertTrue(firstHolds.await(60, TimeUnit.SECONDS));

            // another name is not held: no wait
            assertEquals("y", CatalogNameHold.hold(catalog, NameLock.Kind.RELEASE, List.of(DSL.name("kanon_release", "y")), () -> "y"));

            CompletableFuture<Long> second = CompletableFuture.supplyAsync(
                    () -> CatalogNameHold.hold(catalog, NameLock.Kind.RELEASE, List.of(x), System::nanoTime));
            // seen waiting on the first one's hold, or (the hold broken) done already
            Await.untilChecked("the second writer of x waiting on a lock", Duration.ofSeconds(20),
                    () -> TestDatabases.waitingOnLocks(settings) >= 1 || second.isDone());
            assertFalse(second.isDone(), "the second writer of x ran while the first one held it");
            firstMayEnd.countDown();
            first.get(60, TimeUnit.SECONDS);
            long secondStarted = second.get(60, TimeUnit.SECONDS);
            assertTrue(secondStarted > firstEnded[0], "the second writer's work began after the first one's ended");
        }
    }
}
