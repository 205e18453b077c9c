package org.kanon.ingest;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.InvalidInputException;

class CsvReaderTest {
    @TempDir
    Path dir;

    private Path file(String content) throws IOException {
        return Files.write(dir.resolve("f.csv"), content.getBytes(StandardCharsets.UTF_8));
    }

    /** "line:first value" for every data row. */
    private List<String> rows(String content) throws IOException {
        List<String> out = new ArrayList<>();
        try (CsvReader r = CsvReader.open(file(content), ',')) {
            while (r.next()) {
                out.add(r.line() + ":" + r.value(0));
            }
        }
        return out;
    }

    @Test
    void reportsTheLineEachRowStartsOnForEveryLineEnding() throws IOException {
        List<String> expected = List.of("2:1", "3:x\ny", "6:5", "7:7");
        assertEquals(expected, rows("a,b\n1,2\n\"x\ny\",3\n\n5,6\n7,8"));
        assertEquals(List.of("2:1", "3:x\r\ny", "6:5", "7:7"), rows("a,b\r\n1,2\r\n\"x\r\ny\",3\r\n\r\n5,6\r\n7,8\r\n\r\n"));
        assertEquals(List.of("2:1", "3:x\ry", "6:5", "7:7"), rows("a,b\r1,2\r\"x\ry\",3\r\r5,6\r7,8\r"));
    }

    @Test
    void skipsAByteOrderMarkAndBlankLines() throws IOException {
        try (CsvReader r = CsvReader.open(file("\uFEFF\n\nage,sex\n1,m\n   \n\n"), ',')) {
            assertEquals(List.of("age", "sex"), r.header());
            assertEquals(3, r.headerLine());
            assertTrue(r.next());
            assertFalse(r.next(), "a line of spaces is blank when the header has several columns");
            assertEquals(1, r.rows());
        }
    }

    @Test
    void aWrongWidthRowNamesItsStartLine() throws IOException {
        Path f = file("a,b\n\"1\n2\",3,4\n");
        var e = assertThrows(InvalidInputException.class, () -> rows(Files.readString(f)));
        assertEquals(f + ":2: row has 3 fields, the header has 2", e.getMessage());
    }

    @Test
    void detectsTheDelimiterFromTheHeaderOutsideQuotes() throws IOException {
        assertEquals(',', CsvFormatDetector.detect(new StringReader("a,b,c\n1;2;3;4;5\n")));
        assertEquals(';', CsvFormatDetector.detect(new StringReader("\r\n\"a,b,c\";d;e\r\n")));
        assertEquals('\t', CsvFormatDetector.detect(new StringReader("a\tb\tc,d\n")));
        assertEquals(',', CsvFormatDetector.detect(new StringReader("a;b,c\n")), "ties go to the comma");
        assertEquals(',', CsvFormatDetector.detect(new StringReader("single\n")));
        assertEquals(';', CsvFormatDetector.detect(new StringReader("\"multi\nline,,,\";x;y\n")));
    }
}
