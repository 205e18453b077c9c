package org.kanon.local;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.jooq.Record;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.privacy.AlphaKAnonymity;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.privacy.Share;
import org.kanon.release.LocalRecodingReleaseWriter;
import org.kanon.release.LocalReleaseRequest;
import org.kanon.release.ReleaseRecord;
import org.kanon.schema.SourceTable;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.ReleaseVerifier;

/** Top-Down on the (alpha,k) paper's examples (section 4, Table 5 and Figure 1; Table 1). */
class TopDownPaperTest {

    @DatabaseTest
    @DisplayName("Table 5 / Figure 1 with k=2: 4352 is pushed back to 435*, tuple 3 moves up; tuples 1, 2 at 4351 and 3, 4 at 435*")
    void figureOneWalkThrough(Database db) {
        SourceTable table5 = PaperTables.alphak(db, "alphak-table5");
        TopDownResult result = new TopDown().anonymize(db, table5, table5.columns(List.of("postcode")), new KAnonymity(2));

        LocalRecoding recoding = result.recoding();
        Map<String, Long> classes = new TreeMap<>();
        for (LocalClass c : recoding.classes()) {
            classes.merge(recoding.table().label(0, c.group(0), c.level(0)), c.rows(), Long::sum);
        }
        assertEquals(Map.of("4351", 2L, "435*", 2L), classes, "Figure 1 (g)");

        LocalRecodingMetrics m = result.metrics();
        assertEquals(2, m.classes());
        assertEquals(2, m.smallestClass());
        assertEquals(2, m.distortion(), "two cells one level up");
        assertEquals(16, m.fullDistortion(), "four cells at the root, height 4");
        assertEquals(0.125, m.distortionRatio(), 1e-12);

        ReleaseRecord r = new LocalRecodingReleaseWriter(db).write(new LocalReleaseRequest("table5_k2", result, Set.of(), false, TopDown.ALGORITHM));
        String no = table5.column("no").name();
        String postcode = table5.column("postcode").name();
        List<String> byTuple = new ArrayList<>();
        for (Record row : db.dsl().select().from(DSL.table(DSL.name(r.relationSchema(), r.relationName())))
                .orderBy(DSL.field(DSL.name(no))).fetch()) {
            byTuple.add(row.get(postcode, String.class));
        }
        assertEquals(List.of("4351", "4351", "435*", "435*"), byTuple, "Table 6 (b), tuple by tuple");
        ReleaseVerifier.verify(db, table5, r, List.of("postcode"), new KAnonymity(2), Set.of());
    }

    @DatabaseTest
    @DisplayName("Table 1 with (0.5,2) on HIV and all three QIs: a valid release; alpha below HIV's 1/3 share is refused (Lemma 1)")
    void tableOneAlphaK(Database db) {
        SourceTable t1 = PaperTables.alphak(db, "alphak-table1");
        SensitiveAttribute hiv = new SensitiveAttribute("illness", List.of("HIV"));
        AlphaKAnonymity model = new AlphaKAnonymity(2, Share.parse("--alpha", "0.5"), hiv);
        List<String> qi = List.of("job", "birth", "postcode");
        TopDownResult result = new TopDown().anonymize(db, t1, t1.columns(qi), model);
        assertTrue(result.metrics().largestSensitiveShare() <= 0.5);
        assertTrue(result.metrics().smallestClass() >= 2);
        ReleaseRecord r = new LocalRecodingReleaseWriter(db).write(new LocalReleaseRequest("table1_a05", result, Set.of(), false, TopDown.ALGORITHM));
        ReleaseVerifier.verify(db, t1, r, qi, model, Set.of());
        assertEquals(0, db.dsl().fetch(r.recheckSql()).size());

        AlphaKAnonymity tooStrict = new AlphaKAnonymity(2, Share.parse("--alpha", "0.3"), hiv);
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> new TopDown().anonymize(db, t1, t1.columns(qi), tooStrict));
        assertTrue(e.getMessage().contains("Lemma 1"), e.getMessage());
    }

    // ---------------------------------------------------------------- in memory, no database

    private static GroupedTable.Qi qi(String name, Map<Object, List<String>> paths) {
        int height = paths.values().iterator().next().size() - 1;
        return new GroupedTable.Qi(name, height, paths);
    }

    @Test
    @DisplayName("criterion 2: with equal rows specialized, the QI giving fewer branches is chosen")
    void fewestBranchesBreaksTies() {
        // x splits {a,b} into 2 branches of 2; y splits into 1 branch of 4 (both values share the label 'Y1'), then 2
        GroupedTable.Qi x = qi("x", Map.of("a", List.of("a", "*"), "b", List.of("b", "*")));
        GroupedTable.Qi y = qi("y", Map.of("p", List.of("p", "Y1", "*"), "q", List.of("q", "Y1", "*")));
        List<GroupedTable.Group> groups = List.of(
                new GroupedTable.Group(List.of("a", "p"), null, 1), new GroupedTable.Group(List.of("a", "q"), null, 1),
                new GroupedTable.Group(List.of("b", "p"), null, 1), new GroupedTable.Group(List.of("b", "q"), null, 1));
        GroupedTable table = GroupedTable.of(List.of(x, y), groups, Optional.empty());
        LocalRecoding r = new TopDown().run(table, new KAnonymity(2), "t");
        // first step: y (1 branch of 4) over x (2 branches); then x or y splits into 2 classes of 2; nothing else passes
        assertEquals(2, r.classes().size());
        for (LocalClass c : r.classes()) {
            assertEquals(2, c.rows());
        }
        assertEquals(4 * 3, LocalRecodingMetrics.of(r, new KAnonymity(2)).fullDistortion());
    }

    @Test
    @DisplayName("a group split between a class and its parent: the group's most specific rows come first")
    void groupSegmentsMostSpecificFirst() {
        GroupedTable.Qi p = qi("postcode", Map.of(
                "4351", List.of("4351", "435*", "43**", "4***", "****"),
                "4352", List.of("4352", "435*", "43**", "4***", "****")));
        GroupedTable table = GroupedTable.of(List.of(p), List.of(
                new GroupedTable.Group(List.of("4351"), null, 3), new GroupedTable.Group(List.of("4352"), null, 1)), Optional.empty());
        LocalRecoding r = new TopDown().run(table, new KAnonymity(2), "table5");
        List<LocalRecoding.Segment> s = r.segments(0);
        assertEquals(2, s.size());
        assertEquals(0, s.get(0).levels()[0]);
        assertEquals(2, s.get(0).count());
        assertEquals(1, s.get(1).levels()[0]);
        assertEquals(1, s.get(1).count());
        assertEquals(1, r.segments(1).get(0).levels()[0]);
    }
}
