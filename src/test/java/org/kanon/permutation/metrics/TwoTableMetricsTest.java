package org.kanon.permutation.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.Database;
import org.kanon.ingest.CsvImporter;
import org.kanon.ingest.ImportOptions;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;

/**
 * Examples 3 and 4 of the permutation paper on its tables: Table 1 partitioned as Table 2 suggests (Bob, Alex, Jane,
 * Lily, Andy; Mary, Linda, Lucy, Sarah) is the partition record, Table 4 the permutation release of it and Table 3 the
 * Anatomy release. NCP 13.5; Bob's 1/5 (as 10/50) and 2/25; RCE and its Theorem-2 bound worked by hand.
 */
class TwoTableMetricsTest {
    /** Table 1 with the group ids of Table 2, as the writer's partition record holds it. */
    private static final String PARTITION = """
            Age,Sex,Disease,GID
            65,M,Emphysema,1
            50,M,Cancer,1
            70,F,Flu,1
            55,F,Gastritic,1
            90,F,Dyspepsia,1
            45,M,Flu,2
            50,F,Pneumonia,2
            40,F,Gastritic,2
            10,M,Bronchitis,2
            """;

    @TempDir
    Path tmp;

    private static SourceTable load(Database db, Path file, String table) {
        new CsvImporter(db).importCsv(file, table, new ImportOptions(null, false));
        return new TableResolver(db).resolve(table);
    }

    private TwoTableLayout layout(Database db, String qiFile, String sensitiveFile, boolean permuted) throws IOException {
        Path csv = tmp.resolve("partition.csv");
        Files.writeString(csv, PARTITION);
        SourceTable partition = new TableResolver(db).find("part").orElseGet(() -> load(db, csv, "part"));
        SourceTable qi = load(db, PaperTables.PAPERS.resolve(qiFile + ".csv"), "q_" + (permuted ? "pa" : "an"));
        SourceTable sensitive = load(db, PaperTables.PAPERS.resolve(sensitiveFile + ".csv"), "s_" + (permuted ? "pa" : "an"));
        return new TwoTableLayout(qi.qualifiedName(), sensitive.qualifiedName(), partition.qualifiedName(), partition.columns(List.of("age", "sex")),
                partition.column("gid").name(), partition.column("disease").name(), 4, permuted);
    }

    /** The row of the partition record holding this age and sex. */
    private static int row(ReleasedGroups groups, int age, String sex) {
        for (int r = 0; r < groups.rows(); r++) {
            if (((Number) groups.value(0, r)).intValue() == age && sex.equals(groups.value(1, r))) {
                return r;
            }
        }
        throw new AssertionError("no row " + age + ", " + sex);
    }

    @DatabaseTest
    @DisplayName("Table 4: NCP 13.5 (Ex. 4); Bob: Theorem 1 = 10/(5x2x5) = 1/5, Lemma 1 = 1/5 x 2/5 = 2/25 (Ex. 3); RCE 7.49 >= bound 7.434")
    void permutationReleaseOfTable4(Database db) throws IOException {
        TwoTableLayout layout = layout(db, "permutation-table4-pqt", "permutation-table4-pst", true);
        ReleasedGroups groups = ReleasedGroups.read(db.dsl(), layout);
        assertEquals(9, groups.rows());
        assertEquals(2, groups.groups());
        int bob = row(groups, 65, "M");
        int group = groups.groupOf(bob);
        Ratio emphysema = AdversaryProbability.of(groups, group, "Emphysema");
        assertEquals(10, emphysema.numerator(), 0, "c(v) x distinct ages x distinct sexes = 1 x 5 x 2");
        assertEquals(50, emphysema.denominator(), 0, "5 x 2 x 5");
        assertEquals(0.2, emphysema.value(), 1e-12);
        assertEquals(2.0 / 25, PresenceProbability.of(groups, bob, true), 1e-12, "1/5 (age 65) x 2/5 (two M in PQT's group 1)");

        TwoTableMetrics.Figures f = TwoTableMetrics.of(groups, 4, true);
        assertEquals(13.5, f.ncp(), 1e-12, "Example 4");
        assertEquals(9, f.rows());
        assertEquals(2, f.groups());
        assertEquals(4, f.smallestGroup());
        assertEquals(5, f.largestGroup());
        assertEquals(0.25, f.adversaryLargest(), 1e-12, "every disease once per group: 1/4 in group 2");
        assertEquals((0.2 + 0.25) / 2, f.adversaryMean(), 1e-12);
        // group 1: Bob and Alex (M) 2/25, Jane, Lily, Andy (F) 3/25; group 2: 1/4 x 2/4 = 1/8 for all four
        assertEquals(0.125, f.presenceLargest(), 1e-12);
        assertEquals((2 * 0.08 + 3 * 0.12 + 4 * 0.125) / 9, f.presenceMean(), 1e-12);
        // Err_t = 1 - 2d + |G| d^2 with every c(v) = 1; bound 1 - 2d + l d^2
        double rce = 2 * (1 - 0.16 + 5 * 0.0064) + 3 * (1 - 0.24 + 5 * 0.0144) + 4 * (1 - 0.25 + 4 * 0.015625);
        double bound = 2 * (1 - 0.16 + 4 * 0.0064) + 3 * (1 - 0.24 + 4 * 0.0144) + 4 * (1 - 0.25 + 4 * 0.015625);
        assertEquals(7.49, rce, 1e-12);
        assertEquals(rce, f.rce(), 1e-12);
        assertEquals(bound, f.rceLowerBound(), 1e-12);
        assertTrue(f.rce() >= f.rceLowerBound());
    }

    @DatabaseTest
    @DisplayName("Table 3 (Anatomy): presence 1/|G|, Bob's probability 1/5 as in Anatomy; RCE = |T| - groups = 7, bound 6.8 (Thm 2's remark: |T|(1 - 1/l) when |G| = l)")
    void anatomyReleaseOfTable3(Database db) throws IOException {
        TwoTableLayout layout = layout(db, "permutation-table3-qit", "permutation-table3-st", false);
        ReleasedGroups groups = ReleasedGroups.read(db.dsl(), layout);
        int bob = row(groups, 65, "M");
        assertEquals(0.2, AdversaryProbability.of(groups, groups.groupOf(bob), "Emphysema").value(), 1e-12);
        assertEquals(0.2, PresenceProbability.of(groups, bob, false), 1e-12);
        TwoTableMetrics.Figures f = TwoTableMetrics.of(groups, 4, false);
        assertEquals(13.5, f.ncp(), 1e-12, "the same partition as Table 4");
        assertEquals(5 * (1 - 0.2) + 4 * (1 - 0.25), f.rce(), 1e-12);
        assertEquals(5 * (1 + 4 * 0.04 - 0.4) + 4 * (1 + 4 * 0.0625 - 0.5), f.rceLowerBound(), 1e-12);
        assertEquals(0.25, f.presenceLargest(), 1e-12);
    }
}
