package org.kanon.workflow;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.kanon.InvalidInputException;
import org.kanon.OutputFile;

/**
 * Specs as a CSV file, one spec per line under a header of the SPECS table's column names, so they move between
 * databases (and through review and version control) as plain text. The hierarchy bindings share one column:
 * {@code age=adult.age;sex=adult.sex}.
 */
public final class SpecFile {
    static final List<String> COLUMNS = List.of("spec_name", "source_table", "source_query", "quasi_identifiers", "identifying",
            "k", "alpha", "l", "diversity", "sensitive_attribute", "sensitive_value", "suppression", "algorithm",
            "select_criterion", "options", "target_kind", "release_name", "description", "hierarchies");
    private static final List<String> REQUIRED = List.of("spec_name", "quasi_identifiers", "k", "release_name");

    private SpecFile() {
    }

    /** The specs written whole to {@code file} (a regular file, replaced, or a new path; anything else is refused). */
    public static void write(List<Spec> specs, Path file) {
        Path target = OutputFile.check("spec file", file);
        Path tmp = OutputFile.temporary("spec file", target);
        try {
            writeTo(specs, tmp);
            OutputFile.moveIntoPlace("spec file", tmp, target, true);
        } finally {
            OutputFile.deleteQuietly(tmp);
        }
    }

    private static void writeTo(List<Spec> specs, Path file) {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
             CSVPrinter csv = new CSVPrinter(w, CSVFormat.DEFAULT.builder().setHeader(COLUMNS.toArray(String[]::new))
                     .setRecordSeparator("\n").get())) {
            for (Spec s : specs) {
                List<String> bindings = new ArrayList<>();
                s.hierarchies().forEach(b -> bindings.add(b.toString()));
                csv.printRecord(s.name(), s.sourceTable(), s.sourceQuery(), s.quasiIdentifiers(), s.identifying(), s.k(),
                        s.alpha(), s.l(), s.diversity(), s.sensitiveAttribute(), s.sensitiveValue(), s.suppression(),
                        s.algorithm(), s.selectCriterion(), s.options(), s.targetKind(), s.releaseName(), s.description(),
                        bindings.isEmpty() ? null : String.join(";", bindings));
            }
        } catch (IOException e) {
            throw new InvalidInputException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Every spec of the file; the first bad field is refused with its file, line and column. */
    public static List<Spec> read(Path file) {
        if (!Files.isReadable(file)) {
            throw new InvalidInputException(file + ": no such readable file");
        }
        List<Spec> specs = new ArrayList<>();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             CSVParser csv = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(r)) {
            Map<String, Integer> header = csv.getHeaderMap();
            for (String column : header.keySet()) {
                if (!COLUMNS.contains(column)) {
                    throw new InvalidInputException(file + ":1: unknown column '" + column + "' (columns: " + String.join(", ", COLUMNS) + ")");
                }
            }
            for (String column : REQUIRED) {
                if (!header.containsKey(column)) {
                    throw new InvalidInputException(file + ":1: the header lacks the column '" + column + "'");
                }
            }
            for (CSVRecord rec : csv) {
                specs.add(spec(file, rec));
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new InvalidInputException(file + ": " + e.getMessage(), e);
        }
        return specs;
    }

    private static Spec spec(Path file, CSVRecord rec) {
        Field f = new Field(file, rec);
        return new Spec(f.required("spec_name"), f.text("source_table"), f.text("source_query"), f.required("quasi_identifiers"),
                f.text("identifying"), f.integer("k"), f.text("alpha"), f.integerOrNull("l"), f.text("diversity"),
                f.text("sensitive_attribute"), f.text("sensitive_value"), f.text("suppression"), f.text("algorithm"),
                f.text("select_criterion"), f.text("options"), f.text("target_kind"), f.required("release_name"),
                f.text("description"), f.bindings("hierarchies"));
    }

    /** The fields of one line, each error naming file, line and column. */
    private record Field(Path file, CSVRecord rec) {
        String where(String column) {
            return file + ":" + rec.getParser().getCurrentLineNumber() + ": column " + column;
        }

        String text(String column) {
            if (!rec.isMapped(column) || !rec.isSet(column)) {
                return null;
            }
            String v = rec.get(column);
            return v.isBlank() ? null : v;
        }

        String required(String column) {
            String v = text(column);
            if (v == null) {
                throw new InvalidInputException(where(column) + ": a value is required");
            }
            return v.trim();
        }

        int integer(String column) {
            Integer v = integerOrNull(column);
            if (v == null) {
                throw new InvalidInputException(where(column) + ": a value is required");
            }
            return v;
        }

        Integer integerOrNull(String column) {
            String v = text(column);
            try {
                return v == null ? null : Integer.valueOf(v.trim());
            } catch (NumberFormatException e) {
                throw new InvalidInputException(where(column) + ": '" + v + "' is not a whole number");
            }
        }

        List<Spec.HierarchyBinding> bindings(String column) {
            String v = text(column);
            try {
                return v == null ? List.of() : parseBindings(v);
            } catch (InvalidInputException e) {
                throw new InvalidInputException(where(column) + ": " + e.getMessage());
            }
        }
    }

    /** {@code col=table.column;...} (the table may be schema-qualified: the last dot separates the column). */
    public static List<Spec.HierarchyBinding> parseBindings(String text) {
        List<Spec.HierarchyBinding> all = new ArrayList<>();
        for (String part : text.split("[;\\n]")) {
            if (part.isBlank()) {
                continue;
            }
            int eq = part.indexOf('=');
            int dot = part.lastIndexOf('.');
            if (eq <= 0 || dot <= eq + 1 || dot == part.length() - 1) {
                throw new InvalidInputException("'" + part.trim() + "' is not COLUMN=TABLE.COLUMN");
            }
            all.add(new Spec.HierarchyBinding(part.substring(0, eq).trim(), part.substring(eq + 1, dot).trim(), part.substring(dot + 1).trim()));
        }
        return all;
    }
}
