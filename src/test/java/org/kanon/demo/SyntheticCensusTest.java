package org.kanon.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kanon.InvalidInputException;

class SyntheticCensusTest {

    static final Path HIERARCHIES = Path.of("datasets", "synthetic", "hierarchies");
    static final List<String> CATEGORICAL =
            List.of("sex", "race", "marital-status", "education", "occupation", "salary-class");

    static SyntheticCensus census;
    static List<Map<String, String>> bundled;

    @TempDir
    static Path dir;

    @BeforeAll
    static void generateBundled() throws IOException {
        census = SyntheticCensus.load();
        Path file = dir.resolve("census.csv");
        census.writeCsv(file);
        bundled = read(file);
    }

    static List<Map<String, String>> read(Path file) throws IOException {
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             CSVParser parser = CSVParser.parse(in, format)) {
            List<Map<String, String>> rows = new ArrayList<>();
            for (CSVRecord r : parser) {
                rows.add(r.toMap());
            }
            return rows;
        }
    }

    static Properties bundledProperties() throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(Path.of("datasets", "synthetic", "census.properties"))) {
            p.load(in);
        }
        return p;
    }

    @Test
    void bundledConfigurationHasTheDocumentedColumns() {
        assertEquals(2000, census.rows());
        assertEquals(List.of("id", "age", "sex", "race", "marital-status", "education", "occupation", "zipcode",
                "salary-class", "disease"), census.columns());
    }

    @Test
    void writesHeaderAndConfiguredRowCount() throws IOException {
        assertEquals(2000, bundled.size());
        List<String> lines = Files.readAllLines(dir.resolve("census.csv"));
        assertEquals(String.join(",", census.columns()), lines.get(0));
        assertEquals(2001, lines.size());
    }

    @Test
    void writesRequestedRowCount() throws IOException {
        Path file = dir.resolve("seven.csv");
        census.writeCsv(file, 7, 1L);
        assertEquals(7, read(file).size());
    }

    @Test
    void sameSeedGivesIdenticalBytes() throws IOException {
        Path a = dir.resolve("a.csv");
        Path b = dir.resolve("b.csv");
        census.writeCsv(a, 500, 99L);
        SyntheticCensus.load().writeCsv(b, 500, 99L);
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
    }

    @Test
    void differentSeedGivesDifferentRows() throws IOException {
        Path a = dir.resolve("s1.csv");
        Path b = dir.resolve("s2.csv");
        census.writeCsv(a, 500, 1L);
        census.writeCsv(b, 500, 2L);
        assertFalse(Files.readString(a).equals(Files.readString(b)));
    }

    @Test
    void idsAreNumberedFromOne() {
        assertEquals("P000001", bundled.get(0).get("id"));
        assertEquals("P002000", bundled.get(1999).get("id"));
        assertEquals(2000, bundled.stream().map(r -> r.get("id")).distinct().count());
    }

    @Test
    void agesStayInsideTheBands() {
        Set<Integer> seen = new HashSet<>();
        for (Map<String, String> r : bundled) {
            int age = Integer.parseInt(r.get("age"));
            assertTrue(age >= 17 && age <= 90, "age " + age);
            seen.add(age);
        }
        assertTrue(seen.size() > 50, "ages spread over the range, saw " + seen.size());
    }

    @Test
    void zipcodesComeFromTheConfiguredPrefixes() {
        Set<String> prefixes = new HashSet<>();
        for (Map<String, String> r : bundled) {
            String zip = r.get("zipcode");
            assertTrue(zip.matches("(537|530|532|549|606)[0-2]\\d"), "zipcode " + zip);
            prefixes.add(zip.substring(0, 3));
        }
        assertEquals(Set.of("537", "530", "532", "549", "606"), prefixes);
    }

    @Test
    void weightsShapeTheDistribution() {
        Map<String, Integer> race = new HashMap<>();
        bundled.forEach(r -> race.merge(r.get("race"), 1, Integer::sum));
        // White has weight 85 of 100: 2000 rows give about 1700, far from every other value
        assertTrue(race.get("White") > 1550 && race.get("White") < 1850, "White " + race.get("White"));
        long hiv = bundled.stream().filter(r -> r.get("disease").equals("HIV")).count();
        assertTrue(hiv > 0 && hiv < 60, "HIV is rare: " + hiv);
    }

    @Test
    void everyGeneratedValueIsInItsHierarchyFile() throws IOException {
        for (String column : CATEGORICAL) {
            ArxHierarchyFile h = ArxHierarchyFile.read(HIERARCHIES.resolve("census_hierarchy_" + column + ".csv"));
            assertEquals("*", h.top(), column);
            for (Map<String, String> r : bundled) {
                assertTrue(h.hasLeaf(r.get(column)), column + " value '" + r.get(column) + "' not in hierarchy");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sex", "race", "marital-status", "education", "occupation", "salary-class", "age",
            "zipcode"})
    void hierarchyCoversTheWholeDomain(String column) throws IOException {
        ArxHierarchyFile h = ArxHierarchyFile.read(HIERARCHIES.resolve("census_hierarchy_" + column + ".csv"));
        assertEquals("*", h.top());
        for (String value : census.domain(column)) {
            assertTrue(h.hasLeaf(value), "census_hierarchy_" + column + ".csv lacks '" + value + "'");
        }
        if (!column.equals("age")) { // the age file covers 0..120, more than the generator draws
            assertEquals(census.domain(column).size(), h.paths().size(), column + ": no values the generator lacks");
        }
    }

    @Test
    void ageHierarchyHasFiveTenTwentyYearBands() throws IOException {
        ArxHierarchyFile h = ArxHierarchyFile.read(HIERARCHIES.resolve("census_hierarchy_age.csv"));
        assertEquals(List.of("37", "35-39", "30-39", "20-39", "*"), h.paths().get("37"));
        assertEquals(121, h.paths().size());
    }

    @Test
    void zipcodeHierarchyMasksOneDigitPerLevel() throws IOException {
        ArxHierarchyFile h = ArxHierarchyFile.read(HIERARCHIES.resolve("census_hierarchy_zipcode.csv"));
        assertEquals(List.of("53715", "5371*", "537**", "53***", "5****", "*"), h.paths().get("53715"));
    }

    // ------------------------------------------------------------------ configuration errors

    static InvalidInputException rejected(String key, String value) throws IOException {
        Properties p = bundledProperties();
        if (value == null) {
            p.remove(key);
        } else {
            p.setProperty(key, value);
        }
        return assertThrows(InvalidInputException.class, () -> SyntheticCensus.fromProperties(p));
    }

    @Test
    void rejectsMissingKey() throws IOException {
        assertEquals("census properties: key seed is missing", rejected("seed", null).getMessage());
    }

    @Test
    void rejectsNonNumericRows() throws IOException {
        assertEquals("census properties: rows=many is not an integer", rejected("rows", "many").getMessage());
    }

    @Test
    void rejectsZeroRows() throws IOException {
        assertEquals("census properties: rows=0 must be at least 1", rejected("rows", "0").getMessage());
    }

    @Test
    void rejectsBadWeight() throws IOException {
        String msg = rejected("race.values", "White:85,Black:-1").getMessage();
        assertEquals("census properties: race.values=White:85,Black:-1 has weight '-1', expected a positive number",
                msg);
    }

    @Test
    void rejectsItemWithoutWeight() throws IOException {
        String msg = rejected("sex.values", "Male,Female:1").getMessage();
        assertTrue(msg.contains("sex.values=Male,Female:1") && msg.contains("'Male'"), msg);
    }

    @Test
    void rejectsInvertedBand() throws IOException {
        String msg = rejected("age.bands", "30-20:1").getMessage();
        assertTrue(msg.contains("age.bands=30-20:1") && msg.contains("'30-20'"), msg);
    }

    @Test
    void rejectsBadZipPrefix() throws IOException {
        String msg = rejected("zipcode.prefixes", "5370:1").getMessage();
        assertTrue(msg.contains("zipcode.prefixes=5370:1") && msg.contains("3 digits"), msg);
    }

    @Test
    void rejectsSuffixBeyondTwoDigits() throws IOException {
        String msg = rejected("zipcode.suffixes", "0-100").getMessage();
        assertTrue(msg.contains("zipcode.suffixes=0-100"), msg);
    }

    @Test
    void rejectsUnknownType() throws IOException {
        String msg = rejected("race.type", "enum").getMessage();
        assertTrue(msg.startsWith("census properties: race.type=enum is not one of"), msg);
    }

    @Test
    void rejectsMisspelledKey() throws IOException {
        String msg = rejected("race.valeus", "White:1").getMessage();
        assertTrue(msg.startsWith("census properties: race.valeus=White:1 is not a known key"), msg);
    }

    @Test
    void rejectsDuplicateColumn() throws IOException {
        String msg = rejected("columns", "id,age,age").getMessage();
        assertTrue(msg.contains("columns=id,age,age") && msg.contains("'age' twice"), msg);
    }

    @Test
    void rejectsRowsBeyondIdDigits() {
        Properties p = new Properties();
        p.setProperty("rows", "5");
        p.setProperty("seed", "1");
        p.setProperty("columns", "id");
        p.setProperty("id.type", "id");
        p.setProperty("id.digits", "2");
        SyntheticCensus small = SyntheticCensus.fromProperties(p);
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> small.writeCsv(dir.resolve("big.csv"), 100, 1L));
        assertEquals("census properties: id.digits=2 is too small for 100 rows", e.getMessage());
    }

    @Test
    void rejectsNonPositiveRowArgument() {
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> census.writeCsv(dir.resolve("none.csv"), 0, 1L));
        assertEquals("rows must be at least 1, got 0", e.getMessage());
    }
}
