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
        try (CsvReader r = CsvReader.open(file(content), new CsvReader.Format(',', true, false, ImportOptions.DEFAULT_MAX_FIELD))) {
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
        try (CsvReader r = CsvReader.open(file("\uFEFF\n\nage,sex\n1,m\n   \n\n"), new CsvReader.Format(',', true, false, ImportOptions.DEFAULT_MAX_FIELD))) {
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

    private InvalidInputException guarded(String content, int maxField) throws IOException {
        Path f = file(content);
        return assertThrows(InvalidInputException.class, () -> {
            try (CsvReader r = CsvReader.open(f, new CsvReader.Format(',', true, false, maxField))) {
                while (r.next()) {
                    r.value(0);
                }
            }
        });
    }

    /** The guard follows RFC 4180: doubled quotes, quotes inside unquoted fields and quoted line breaks keep it in step. */
    @Test
    void aFieldOverTheBoundIsNamedByItsStartLineAndColumn() throws IOException {
        String ok = "a,b,c\r\n\"x\"\"y,\nz\",ab\"c,d\r\n";
        var e = guarded(ok + "1,2,\"" + "q".repeat(60) + "\"\n", 50);
        assertEquals(dir.resolve("f.csv") + ":4: column 3 ('c') has a field of more than 50 characters starting here"
                + " (an unterminated quote?); --max-field raises the limit", e.getMessage());
        e = guarded("a,b\n1,\"open\n" + "2,3\n".repeat(40), 100);
        assertTrue(e.getMessage().startsWith(dir.resolve("f.csv") + ":2: column 2 ('b') has a field of more than 100"), e.getMessage());
        // exactly at the bound passes
        try (CsvReader r = CsvReader.open(file(ok + "1,2," + "q".repeat(50) + "\n"), new CsvReader.Format(',', true, false, 50))) {
            assertTrue(r.next());
            assertTrue(r.next());
            assertEquals("q".repeat(50), r.value(2));
        }
        // the bound counts the value's characters: not the enclosing quotes, a doubled quote as the one it stands for
        String quoted = "\"" + "q".repeat(48) + "\"\"q\"";
        try (CsvReader r = CsvReader.open(file(ok + "1,2," + quoted + "\n"), new CsvReader.Format(',', true, false, 50))) {
            assertTrue(r.next());
            assertTrue(r.next());
            assertEquals("q".repeat(48) + "\"q", r.value(2));
        }
        assertTrue(guarded(ok + "1,2,\"" + "q".repeat(51) + "\"\n", 50).getMessage().contains(":4: column 3 ('c') has a field of more than 50"));
    }

    @Test
    void aNulCharacterIsNamedByLineAndColumn() throws IOException {
        var e = guarded("a,b\r\n1,\"x\ny\"\r\n2,se\u0000cret\n", 1000);
        assertEquals(dir.resolve("f.csv") + ":4: column 2 ('b') contains a NUL character (0x00); a text file has none and PostgreSQL"
                + " cannot store one", e.getMessage());
    }

    @Test
    void withoutAHeaderTheFirstRowIsDataAndNamesAreGenerated() throws IOException {
        try (CsvReader r = CsvReader.open(file("\n1, a\n2, b\n"), new CsvReader.Format(',', false, true, 100))) {
            assertEquals(List.of("c1", "c2"), r.header());
            assertTrue(r.next());
            assertEquals(2, r.line());
            assertEquals("a", r.value(1));
            assertTrue(r.next());
            assertEquals("b", r.value(1));
            assertFalse(r.next());
            assertEquals(2, r.rows());
        }
    }
}
