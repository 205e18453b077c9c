package org.kanon.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bundled census-table5 configuration: the schema of the permutation paper's Table 5 (attributes and their number
 * of distinct values), and sensitive attributes of 50 values each whose most frequent value leaves l = 10 feasible.
 */
class CensusTable5Test {
    static final List<String> COLUMNS = List.of("id", "age", "gender", "education", "marital", "race", "work-class", "country",
            "occupation", "salary-class");
    static List<Map<String, String>> rows;

    @TempDir
    static Path dir;

    @BeforeAll
    static void generate() throws IOException {
        Path file = dir.resolve("census5.csv");
        SyntheticCensus.load(SyntheticCensus.TABLE5).writeCsv(file, 20_000, 7L);
        rows = SyntheticCensusTest.read(file);
    }

    @Test
    @DisplayName("columns of Table 5 with its distinct-value counts: Age 78, Gender 2, Education 17, Marital 6, Race 9, Work-class 10, Country 83, 50 + 50")
    void schemaOfTable5() {
        SyntheticCensus census = SyntheticCensus.load(SyntheticCensus.TABLE5);
        assertEquals(COLUMNS, census.columns());
        assertEquals(100_000, census.rows());
        Map<String, Integer> expected = Map.of("age", 78, "gender", 2, "education", 17, "marital", 6, "race", 9, "work-class", 10,
                "country", 83, "occupation", 50, "salary-class", 50);
        expected.forEach((column, n) -> assertEquals(n, census.domain(column).size(), column));
        for (String column : expected.keySet()) {
            Set<String> seen = new HashSet<>();
            rows.forEach(r -> seen.add(r.get(column)));
            assertEquals(new HashSet<>(census.domain(column)), seen, column + ": every value occurs in 20,000 rows");
        }
    }

    @Test
    @DisplayName("sensitive shares: occupation's largest about 7 %, salary-class's smaller; every l of Table 6 (up to 10) is feasible")
    void sensitiveSharesAllowLTen() {
        double occupation = largestShare("occupation");
        double salary = largestShare("salary-class");
        assertTrue(occupation > 0.06 && occupation < 0.085, "occupation " + occupation);
        assertTrue(salary > 0.035 && salary < occupation, "salary-class " + salary);
        assertTrue(occupation * 10 <= 1, "l = 10 feasible");
    }

    private static double largestShare(String column) {
        Map<String, Integer> counts = new HashMap<>();
        rows.forEach(r -> counts.merge(r.get(column), 1, Integer::sum));
        return counts.values().stream().mapToInt(Integer::intValue).max().orElseThrow() / (double) rows.size();
    }
}
