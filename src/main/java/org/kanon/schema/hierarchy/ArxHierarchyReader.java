package org.kanon.schema.hierarchy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.kanon.InvalidInputException;

/**
 * Reads a hierarchy in ARX's CSV format ({@code adult_hierarchy_age.csv}): one line per raw value,
 * {@code value;level1;...;levelH}, so the files ARX ships can be used as they are.
 *
 * <p>The separator is {@code ;}; a file without any {@code ;} may use tab or, failing that, {@code ,}. LF, CRLF
 * and a missing final newline are all fine, blank lines are skipped, and fields may be quoted with {@code "}
 * (a doubled {@code ""} inside). Each line is parsed on its own so every message can name its line, which means a
 * quoted field cannot span lines; no hierarchy label needs a line break. An empty first field is the row for
 * SQL NULL. The text must be UTF-8 (ARX writes UTF-8; its Adult files are plain ASCII).
 */
public final class ArxHierarchyReader {
    private static final String CSV = ".csv";
    private static final String HIERARCHY_PREFIX = "hierarchy_";

    private ArxHierarchyReader() {
    }

    /**
     * @throws InvalidInputException when the file is missing, unreadable, not UTF-8, malformed CSV or not a valid
     *     hierarchy; the message names the file and line (and column, for a single field)
     */
    public static Hierarchy read(Path file, String attribute) {
        String fileName = file.getFileName().toString();
        String text = readText(file);
        CSVFormat format = CSVFormat.Builder.create().setDelimiter(separatorOf(text)).setQuote('"').get();
        String[] lines = text.split("\r\n|\r|\n", -1);
        List<List<String>> rows = new ArrayList<>();
        List<String> locations = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            String location = fileName + ":" + (i + 1);
            rows.add(parseLine(lines[i], format, attribute, location));
            locations.add(location);
        }
        return Hierarchy.of(attribute, rows, "file " + fileName, locations);
    }

    /**
     * The attribute a hierarchy file is probably for, from its name: what follows the last {@code hierarchy_}
     * ({@code adult_hierarchy_marital-status.csv} gives {@code marital-status}), else what follows the last
     * {@code _} ({@code patients_zipcode.csv}), else the whole base name ({@code zipcode.csv}). Empty for a file
     * that does not end in {@code .csv} or leaves nothing. A guess only, because column names may contain
     * {@code _}: match against real columns with {@link #fileMatches}.
     */
    public static Optional<String> attributeOf(Path file) {
        Optional<String> base = baseName(file);
        if (base.isEmpty()) {
            return Optional.empty();
        }
        String name = base.get();
        int hierarchy = name.lastIndexOf(HIERARCHY_PREFIX);
        String attribute = hierarchy >= 0
                ? name.substring(hierarchy + HIERARCHY_PREFIX.length())
                : name.substring(name.lastIndexOf('_') + 1);
        return attribute.isEmpty() ? Optional.empty() : Optional.of(attribute);
    }

    /**
     * Whether a {@code .csv} file is named for a column, ignoring case: its base name is the column name or ends
     * with {@code _} plus the column name ({@code adult_hierarchy_native_country.csv} matches
     * {@code native_country} and also {@code country}, so a caller with both columns has to pick the longer).
     */
    public static boolean fileMatches(Path file, String columnName) {
        Optional<String> base = baseName(file);
        if (base.isEmpty() || columnName == null || columnName.isEmpty()) {
            return false;
        }
        String name = base.get().toLowerCase(Locale.ROOT);
        String column = columnName.toLowerCase(Locale.ROOT);
        return name.equals(column) || name.endsWith("_" + column);
    }

    private static Optional<String> baseName(Path file) {
        Path fileName = file.getFileName();
        if (fileName == null) {
            return Optional.empty();
        }
        String name = fileName.toString();
        if (name.length() <= CSV.length() || !name.toLowerCase(Locale.ROOT).endsWith(CSV)) {
            return Optional.empty();
        }
        return Optional.of(name.substring(0, name.length() - CSV.length()));
    }

    private static String readText(Path file) {
        try {
            String text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(Files.readAllBytes(file)))
                    .toString();
            // a byte order mark would otherwise become part of the first raw value
            return text.startsWith("\uFEFF") ? text.substring(1) : text;
        } catch (NoSuchFileException e) {
            throw new InvalidInputException("hierarchy file " + file + " not found");
        } catch (CharacterCodingException e) {
            throw new InvalidInputException("hierarchy file " + file + " is not UTF-8 text");
        } catch (IOException e) {
            throw new InvalidInputException("cannot read hierarchy file " + file + ": " + e.getMessage(), e);
        }
    }

    private static char separatorOf(String text) {
        if (text.indexOf(';') >= 0) {
            return ';';
        }
        if (text.indexOf('\t') >= 0) {
            return '\t';
        }
        return text.indexOf(',') >= 0 ? ',' : ';';
    }

    private static List<String> parseLine(String line, CSVFormat format, String attribute, String location) {
        try (CSVParser parser = CSVParser.parse(line, format)) {
            List<String> fields = new ArrayList<>(parser.getRecords().get(0).toList());
            if (fields.get(0).isEmpty()) {
                fields.set(0, null);
            }
            return fields;
        } catch (IOException | UncheckedIOException e) {
            throw new InvalidInputException("hierarchy for '" + attribute + "' (" + location + "): "
                    + csvProblem(e.getMessage()), e);
        }
    }

    private static String csvProblem(String parserMessage) {
        if (parserMessage.contains("EOF reached before encapsulated token")) {
            return "unterminated quote (a quoted field must end on its own line)";
        }
        if (parserMessage.contains("between encapsulated token and delimiter")) {
            return "text after a closing quote (quote the whole field and double any quote inside it)";
        }
        return "not valid CSV: " + parserMessage;
    }
}
