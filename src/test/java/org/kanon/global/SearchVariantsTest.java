package org.kanon.global;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.frequency.FrequencyExecutor;
import org.kanon.frequency.FrequencySet;
import org.kanon.frequency.MemoryExecutor;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.lattice.Node;
import org.kanon.schema.SourceTable;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.RandomTables;
import org.kanon.testing.TestDatabases;

/**
 * The variants of Incognito section 3.3 and the baselines of section 2.2 against brute force: every complete search
 * finds exactly the anonymous nodes, Samarati's finds one of minimal height, and each reads the table as its
 * section says.
 */
class SearchVariantsTest {
    /** The searches that return every anonymous node. */
    static final List<String> COMPLETE = List.of("incognito", "incognito-superroots", "incognito-cube", "bottomup",
            "bottomup-rollup");

    @TempDir
    Path tmp;

    @DatabaseTest
    @DisplayName("random tables: every complete search = brute force, Samarati finds a node of minimal height, with and without suppression")
    void variantsEqualBruteForceOnRandomTables(TestDatabases.Kind kind, Database db) throws Exception {
        Random random = new Random(kind.ordinal() * 1000L + 11);
        int rounds = kind == TestDatabases.Kind.DERBY ? 4 : 2;
        for (int round = 0; round < rounds; round++) {
            SourceTable table = RandomTables.create(db, tmp, random, "t" + round);
            StarSchema schema = StarSchema.of(table, List.of("a", "b", "c", "d"), new HierarchyCatalog(db));
            try (MemoryExecutor executor = MemoryExecutor.load(db.dsl(), schema)) {
                for (int k = 1; k <= 5; k++) {
                    for (long allowance : new long[] {0, 1 + random.nextInt(6)}) {
                        checkAll(executor, new SearchRequest(k, allowance), "round " + round + " k=" + k + " allowance=" + allowance);
                    }
                }
            }
        }
    }

    @DatabaseTest
    @DisplayName("Incognito Fig. 1: Patients over <Birthdate, Sex, Zipcode>, k=2: every complete search returns the same nodes")
    void patientsAllVariantsAgree(Database db) {
        SourceTable patients = PaperTables.patients(db);
        StarSchema schema = StarSchema.of(patients, List.of("birthdate", "sex", "zipcode"), new HierarchyCatalog(db));
        try (MemoryExecutor executor = MemoryExecutor.load(db.dsl(), schema)) {
            List<LevelVector> expected = checkAll(executor, new SearchRequest(2, 0), "patients");
            assertFalse(expected.isEmpty());
            assertFalse(expected.contains(new LevelVector(0, 0, 0)), "Ex. 3.1: Patients is not 2-anonymous as it stands");
        }
    }

    @DatabaseTest
    @DisplayName("Incognito 3.3.1 and 3.3.2: super-roots scan once per family per iteration, Cube Incognito once in all")
    void scansPerVariant(Database db) throws Exception {
        SourceTable table = RandomTables.create(db, tmp, new Random(5), "t");
        StarSchema schema = StarSchema.of(table, List.of("a", "b", "c", "d"), new HierarchyCatalog(db));
        try (MemoryExecutor executor = MemoryExecutor.load(db.dsl(), schema)) {
            boolean merged = false;
            for (int k = 1; k <= 6; k++) {
                SearchRequest request = new SearchRequest(k, 0);
                RecordingExecutor basic = new RecordingExecutor(executor);
                new Incognito().search(basic, request);

                RecordingExecutor superRoots = new RecordingExecutor(executor);
                new SuperRootsIncognito().search(superRoots, request);
                Set<List<Integer>> families = new HashSet<>();
                for (Node n : superRoots.scanned) {
                    // a family (attribute subset) belongs to exactly one iteration, the one of its size
                    assertTrue(families.add(attributes(n)), "k=" + k + ": family of " + n + " scanned twice");
                }
                assertTrue(superRoots.scanned.size() <= basic.scanned.size(), "k=" + k);
                merged |= superRoots.scanned.size() < basic.scanned.size();

                long scansBefore = executor.stats().scans();
                RecordingExecutor cube = new RecordingExecutor(executor);
                new CubeIncognito().search(cube, request);
                assertEquals(1, executor.stats().scans() - scansBefore, "k=" + k + ": executor stats");
                assertEquals(List.of(new Node(new int[] {0, 1, 2, 3}, new int[4])), cube.scanned, "k=" + k);
            }
            assertTrue(merged, "some iteration had a family with several roots, scanned once");
        }
    }

    @DatabaseTest(only = TestDatabases.Kind.DERBY)
    @DisplayName("super-roots' sets between: each root reads a set it derives from; a set between that no root reads is freed")
    void setsBetweenAreFreed(Database db) throws Exception {
        SourceTable table = RandomTables.create(db, tmp, new Random(9), "t");
        StarSchema schema = StarSchema.of(table, List.of("a", "b", "c"), new HierarchyCatalog(db));
        try (MemoryExecutor executor = MemoryExecutor.load(db.dsl(), schema)) {
            // split by a: (0,2,1) | the rest, whose bound (1,0,0) is split by a again into (1,1,1), (1,2,0) and
            // (2,0,1), (3,0,0), each pair with a bound of its own: no root reads (1,0,0)
            int[] abc = {0, 1, 2};
            List<Node> family = List.of(new Node(abc, new int[] {0, 2, 1}), new Node(abc, new int[] {1, 1, 1}),
                    new Node(abc, new int[] {1, 2, 0}), new Node(abc, new int[] {2, 0, 1}), new Node(abc, new int[] {3, 0, 0}));
            RecordingExecutor recording = new RecordingExecutor(executor);
            Map<Node, FrequencySet> sources = new HashMap<>();
            SuperRootsIncognito.split(recording, family, recording.scan(SuperRootsIncognito.superRoot(family)), sources);
            assertEquals(new HashSet<>(family), sources.keySet());
            for (Node root : family) {
                assertTrue(root.derivableFrom(sources.get(root).node()), root + " from " + sources.get(root).node());
            }
            assertTrue(recording.derived >= 3, "sets between derived: " + recording.derived);
            sources.values().stream().distinct().forEach(FrequencySet::discard);
            assertEquals(0, recording.live, "a set between left behind");
        }
    }

    @Test
    @DisplayName("an unknown algorithm name is a user error that lists the valid names")
    void unknownNameListsValidNames() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Searches.byName("flash"));
        assertTrue(e.getMessage().contains("'flash'"), e.getMessage());
        for (String name : Searches.names()) {
            assertTrue(e.getMessage().contains(name), e.getMessage());
        }
        assertThrows(InvalidInputException.class, () -> Searches.byName(null));
    }

    @Test
    @DisplayName("every registered name gives a new search of that name")
    void namesRoundTrip() {
        assertEquals(List.of("incognito", "incognito-superroots", "incognito-cube", "samarati", "bottomup",
                "bottomup-rollup", "bruteforce"), Searches.names());
        for (String name : Searches.names()) {
            assertEquals(name, Searches.byName(name).name());
            assertNotSame(Searches.byName(name), Searches.byName(name));
        }
    }

    /**
     * Runs brute force, every complete search and Samarati's; asserts that the complete ones agree with brute force
     * and free every frequency set, and that Samarati's node is anonymous with no anonymous node lower. Returns the
     * anonymous nodes.
     */
    private static List<LevelVector> checkAll(FrequencyExecutor executor, SearchRequest request, String what) {
        List<LevelVector> expected = new BruteForce().search(executor, request).anonymous();
        for (String name : COMPLETE) {
            RecordingExecutor recording = new RecordingExecutor(executor);
            SearchResult r = Searches.byName(name).search(recording, request);
            assertEquals(expected, r.anonymous(), what + ": " + name);
            assertTrue(r.complete(), name);
            assertEquals(0, recording.live, what + ": " + name + " left frequency sets behind");
        }
        RecordingExecutor recording = new RecordingExecutor(executor);
        SearchResult samarati = new Samarati().search(recording, request);
        assertFalse(samarati.complete());
        assertEquals(0, recording.live, what + ": samarati left frequency sets behind");
        if (expected.isEmpty()) {
            assertEquals(List.of(), samarati.anonymous(), what);
        } else {
            int minimal = expected.stream().mapToInt(LevelVector::height).min().orElseThrow();
            LevelVector first = expected.stream().filter(v -> v.height() == minimal).findFirst().orElseThrow();
            assertEquals(List.of(first), samarati.anonymous(), what + ": samarati, first minimal-height node in lexicographic order");
        }
        return expected;
    }

    private static List<Integer> attributes(Node n) {
        return java.util.Arrays.stream(n.attributes()).boxed().toList();
    }
}
