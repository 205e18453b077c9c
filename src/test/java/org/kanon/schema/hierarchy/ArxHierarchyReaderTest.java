package org.kanon.schema.hierarchy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.InvalidInputException;

class ArxHierarchyReaderTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    private String rejection(Path file, String attribute) {
        return assertThrows(InvalidInputException.class, () -> ArxHierarchyReader.read(file, attribute)).getMessage();
    }

    @Test
    void readsSemicolonSeparatedLines() throws IOException {
        Path file = write("z_hierarchy_zipcode.csv", "53715;5371*;537**\n53710;5371*;537**\n53706;5370*;537**\n");

        Hierarchy zip = ArxHierarchyReader.read(file, "zipcode");

        assertEquals("zipcode", zip.attribute());
        assertEquals("file z_hierarchy_zipcode.csv", zip.origin());
        assertEquals(2, zip.height());
        assertEquals(3, zip.leafCount());
        assertEquals("5370*", zip.generalize("53706", 1));
    }

    @Test
    void acceptsCrlfAndAMissingFinalNewline() throws IOException {
        Hierarchy sex = ArxHierarchyReader.read(write("sex.csv", "Male;*\r\nFemale;*"), "sex");
        assertEquals(List.of(List.of("Male", "*"), List.of("Female", "*")), sex.rows());
    }

    @Test
    void acceptsCommaWhenTheFileHasNoSemicolon() throws IOException {
        Hierarchy sex = ArxHierarchyReader.read(write("sex.csv", "Male,*\nFemale,*\n"), "sex");
        assertEquals("*", sex.generalize("Female", 1));
    }

    @Test
    void commaIsPartOfTheValueWhenTheFileUsesSemicolons() throws IOException {
        Hierarchy status = ArxHierarchyReader.read(write("status.csv", "Married, civ;spouse present;*\n"), "status");
        assertEquals("spouse present", status.generalize("Married, civ", 1));
    }

    @Test
    void acceptsTabs() throws IOException {
        Hierarchy age = ArxHierarchyReader.read(write("age.csv", "1\t0-4\t*\n2\t0-4\t*\n"), "age");
        assertEquals("0-4", age.generalize("2", 1));
    }

    @Test
    void unquotesQuotedFields() throws IOException {
        Hierarchy status = ArxHierarchyReader.read(write("status.csv",
                "\"Married; civ\";\"say \"\"yes\"\"\";*\n"), "status");
        assertEquals("say \"yes\"", status.generalize("Married; civ", 1));
    }

    @Test
    void emptyFirstFieldIsTheRowForNull() throws IOException {
        Hierarchy sex = ArxHierarchyReader.read(write("sex.csv", "Male;*\n;*\n"), "sex");
        assertTrue(sex.mapsNull());
        assertEquals(List.of("Male"), List.copyOf(sex.leafValues()));
    }

    @Test
    void skipsBlankLinesButCountsThemInLineNumbers() throws IOException {
        Path file = write("sex.csv", "Male;*\n\n\nFemale;*;x\n");
        assertEquals("hierarchy for 'sex' (sex.csv:4): value 'Female' has 2 levels, but sex.csv:1 has 1",
                rejection(file, "sex"));
    }

    @Test
    void raggedLineIsNamedByFileAndLine() throws IOException {
        Path file = write("adult_hierarchy_age.csv", "1;0-4;0-9;*\n2;0-4;0-9;*\n3;0-4;*\n");
        assertEquals("hierarchy for 'age' (adult_hierarchy_age.csv:3): value '3' has 2 levels, but "
                + "adult_hierarchy_age.csv:1 has 3", rejection(file, "age"));
    }

    @Test
    void twoParentsAreNamedByFileLineAndColumn() throws IOException {
        Path file = write("z.csv", "53715;5371*;537**;*\n53710;5371*;537**;*\n53706;5370*;537**;*\n"
                + "53711;5371*;53***;*\n");
        assertEquals("hierarchy for 'zip' (z.csv:4:3): value '5371*' at level 1 has two parents at level 2: "
                + "'537**' (z.csv:1) and '53***'", rejection(file, "zip"));
    }

    @Test
    void blankLabelIsNamedByFileLineAndColumn() throws IOException {
        Path file = write("z.csv", "53715;5371*;*\n53710;;*\n");
        assertEquals("hierarchy for 'zip' (z.csv:2:2): value '53710' has a blank label at level 1",
                rejection(file, "zip"));
    }

    @Test
    void rejectsEmptyFile() throws IOException {
        assertEquals("hierarchy for 'zip' (file z.csv) is empty", rejection(write("z.csv", ""), "zip"));
        assertEquals("hierarchy for 'zip' (file z.csv) is empty", rejection(write("z.csv", "\r\n\n"), "zip"));
    }

    @Test
    void rejectsUnterminatedQuote() throws IOException {
        Path file = write("z.csv", "53715;5371*;*\n53710;\"5371*;*\n53706;5370*;*\n");
        assertEquals("hierarchy for 'zip' (z.csv:2): unterminated quote (a quoted field must end on its own line)",
                rejection(file, "zip"));
    }

    @Test
    void rejectsTextAfterAClosingQuote() throws IOException {
        Path file = write("z.csv", "53715;\"5371\"*;*\n");
        assertEquals("hierarchy for 'zip' (z.csv:1): text after a closing quote (quote the whole field and double any "
                + "quote inside it)", rejection(file, "zip"));
    }

    @Test
    void rejectsMissingFile() {
        Path missing = dir.resolve("nope.csv");
        assertEquals("hierarchy file " + missing + " not found", rejection(missing, "zip"));
    }

    @Test
    void rejectsTextThatIsNotUtf8() throws IOException {
        Path file = Files.write(dir.resolve("z.csv"), new byte[] {'a', ';', (byte) 0xE9, ';', '*', '\n'});
        assertEquals("hierarchy file " + file + " is not UTF-8 text", rejection(file, "zip"));
    }

    @Test
    void ignoresAByteOrderMark() throws IOException {
        Hierarchy sex = ArxHierarchyReader.read(write("sex.csv", "\uFEFFMale;*\nFemale;*\n"), "sex");
        assertEquals(List.of("Male", "Female"), List.copyOf(sex.leafValues()));
    }

    @Test
    void attributeIsWhatFollowsTheLastHierarchyPrefix() {
        assertEquals(Optional.of("marital-status"),
                ArxHierarchyReader.attributeOf(Path.of("data", "adult_hierarchy_marital-status.csv")));
        assertEquals(Optional.of("native_country"),
                ArxHierarchyReader.attributeOf(Path.of("adult_hierarchy_native_country.csv")));
        assertEquals(Optional.of("age"), ArxHierarchyReader.attributeOf(Path.of("x_hierarchy_y_hierarchy_age.csv")));
    }

    @Test
    void attributeIsWhatFollowsTheLastUnderscoreWithoutHierarchyPrefix() {
        assertEquals(Optional.of("zipcode"), ArxHierarchyReader.attributeOf(Path.of("patients_zipcode.csv")));
        assertEquals(Optional.of("zipcode"), ArxHierarchyReader.attributeOf(Path.of("zipcode.csv")));
        assertEquals(Optional.of("Zipcode"), ArxHierarchyReader.attributeOf(Path.of("Zipcode.CSV")));
    }

    @Test
    void noAttributeForOtherFilesOrEmptyNames() {
        for (String name : Arrays.asList("zipcode.txt", ".csv", "adult_hierarchy_.csv", "patients_.csv", "csv")) {
            assertEquals(Optional.empty(), ArxHierarchyReader.attributeOf(Path.of(name)), name);
        }
    }

    @Test
    void fileMatchesColumnByWholeBaseNameOrUnderscoreSuffix() {
        Path file = Path.of("adult_hierarchy_native_country.csv");
        assertTrue(ArxHierarchyReader.fileMatches(file, "native_country"));
        assertTrue(ArxHierarchyReader.fileMatches(file, "NATIVE_COUNTRY"));
        assertTrue(ArxHierarchyReader.fileMatches(Path.of("ZIPCODE.csv"), "zipcode"));
        assertTrue(ArxHierarchyReader.fileMatches(Path.of("patients_zipcode.csv"), "ZipCode"));
    }

    @Test
    void fileDoesNotMatchPartsOfWords() {
        assertFalse(ArxHierarchyReader.fileMatches(Path.of("adult_hierarchy_native_country.csv"), "try"));
        assertFalse(ArxHierarchyReader.fileMatches(Path.of("patients_zipcode.csv"), "code"));
        assertFalse(ArxHierarchyReader.fileMatches(Path.of("zipcode.txt"), "zipcode"));
        assertFalse(ArxHierarchyReader.fileMatches(Path.of("zipcode.csv"), ""));
    }
}
