package org.kanon.metrics;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.local.GroupedTable;
import org.kanon.local.LocalClass;
import org.kanon.local.LocalRecoding;
import org.kanon.local.LocalRecodingUtility;
import org.kanon.local.TopDown;
import org.kanon.local.TopDownResult;
import org.kanon.privacy.KAnonymity;
import org.kanon.release.LocalRecodingReleaseWriter;
import org.kanon.release.LocalReleaseRequest;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.metrics.ReleaseMetrics;
import org.kanon.schema.SourceTable;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.HandRecoding;
import org.kanon.testing.RandomTables;
import org.kanon.testing.TestDatabases;

/**
 * The figures an algorithm reports from its own result ({@link LocalRecodingUtility}) equal those `kanon metrics`
 * measures by SQL from the release written of it ({@link ReleaseMetrics}), on random tables (a: intervals, b: masked
 * zip, c: colours suppressed, d: no hierarchy): Top-Down's recodings, and recodings that put random pieces of every
 * group at random levels (k = 1), so that classes whose labels coincide must be counted as one.
 */
class InMemoryAgreementTest {
    private static final int TRIALS = 5;

    @DatabaseTest
    @DisplayName("Top-Down and random local recodings: in-memory figures = SQL figures of the release")
    void inMemoryEqualsSql(TestDatabases.Kind kind, Database db, @TempDir Path dir) throws Exception {
        Random random = new Random(20080101L + kind.ordinal());
        int topDowns = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            SourceTable t = RandomTables.create(db, dir, random, "r" + trial, 10, 40);
            List<String> qis = new ArrayList<>(List.of("a", "b", "c", "d"));
            Collections.shuffle(qis, random);
            qis = qis.subList(0, 2 + random.nextInt(3));
            String label = "trial " + trial + " on " + qis;

            int k = 2 + random.nextInt(3);
            TopDownResult topDown;
            try {
                topDown = new TopDown().anonymize(db, t, t.columns(qis), new KAnonymity(k));
            } catch (InvalidInputException e) {
                topDown = null; // d has no hierarchy: its values can keep the top classes below k
            }
            if (topDown != null) {
                ReleaseRecord r = new LocalRecodingReleaseWriter(db).write(
                        new LocalReleaseRequest("td" + trial, topDown, Set.of(), false, TopDown.ALGORITHM));
                UtilityMetrics memory = LocalRecodingUtility.of(topDown.recoding(), k);
                assertEquals(memory, sql(db, r), label + ": Top-Down, k = " + k);
                assertEquals(topDown.metrics().classes(), memory.classes(), label);
                assertEquals(topDown.metrics().distortion(), memory.levelDistortion().getAsLong(), label);
                topDowns++;
            }

            HandRecoding pieces = randomPieces(db, t, qis, random);
            ReleaseRecord p = new LocalRecodingReleaseWriter(db).write(
                    new LocalReleaseRequest("pieces" + trial, pieces, Set.of(), false, "random"));
            UtilityMetrics piecesMemory = LocalRecodingUtility.of(pieces.recoding(), 1);
            UtilityMetrics piecesSql = sql(db, p);
            assertEquals(piecesMemory, piecesSql, label + ": random pieces");
            assertTrue(piecesMemory.classes() <= pieces.recoding().classes().size(), label);
            for (HierarchyWeights w : List.of(HierarchyWeights.uniform(), HierarchyWeights.height(1), HierarchyWeights.height(2.5))) {
                assertEquals(piecesMemory.distortion(w).getAsDouble(), piecesSql.distortion(w).getAsDouble(), 1e-9, label + " " + w);
            }
        }
        assertTrue(topDowns >= TRIALS / 2, topDowns + " Top-Down recoding(s) compared");
    }

    private static UtilityMetrics sql(Database db, ReleaseRecord r) {
        return new ReleaseMetrics(db).of(r).utility();
    }

    /** Every group cut in random pieces, each its own class at random levels. */
    private static HandRecoding randomPieces(Database db, SourceTable t, List<String> qis, Random random) {
        HandRecoding.Builder b = HandRecoding.on(db, t, qis, new KAnonymity(1));
        GroupedTable table = b.table();
        List<LocalClass> classes = new ArrayList<>();
        for (int g = 0; g < table.groupCount(); g++) {
            long left = table.group(g).count();
            while (left > 0) {
                long piece = random.nextInt(3) == 0 ? left : 1 + random.nextInt((int) left);
                int[] levels = new int[qis.size()];
                for (int q = 0; q < levels.length; q++) {
                    levels[q] = random.nextInt(table.height(q) + 1);
                }
                classes.add(LocalClass.of(levels, new int[] {g}, new long[] {piece}));
                left -= piece;
            }
        }
        return new HandRecoding(t, t.columns(qis), new KAnonymity(1), LocalRecoding.of(table, classes));
    }
}
