package org.kanon.schema.hierarchy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.kanon.InvalidInputException;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;

/**
 * Pairs the ARX-format files of a folder with the columns of a table by file name ({@code <attr>.csv} or
 * {@code *_<attr>.csv}). When several columns fit one file name, the longest column name wins, so
 * {@code adult_hierarchy_native-country.csv} goes to {@code native-country}, not to {@code country}.
 */
public final class HierarchyFolder {
    private HierarchyFolder() {
    }

    /** The hierarchies of the folder, keyed by column, and the file names no column matched. */
    public record Matched(Map<Column, Hierarchy> hierarchies, Map<Column, Path> files, List<String> unmatched) {
    }

    public static Matched read(SourceTable table, Path dir) {
        return read(table, dir, "");
    }

    /** Only files whose name starts with {@code prefix}: one folder can then hold the hierarchies of several tables. */
    public static Matched read(SourceTable table, Path dir, String prefix) {
        if (!Files.isDirectory(dir)) {
            throw new InvalidInputException("--dir: " + dir + " is not a folder");
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().toLowerCase().endsWith(".csv") && Files.isRegularFile(p))
                    .filter(p -> p.getFileName().toString().startsWith(prefix))
                    .sorted().toList();
        } catch (IOException e) {
            throw new InvalidInputException("--dir: cannot list " + dir + ": " + e.getMessage(), e);
        }
        if (files.isEmpty()) {
            throw new InvalidInputException("--dir: no .csv hierarchy files" + (prefix.isEmpty() ? "" : " starting with '" + prefix + "'") + " in " + dir);
        }
        Map<Column, Hierarchy> hierarchies = new LinkedHashMap<>();
        Map<Column, Path> sources = new LinkedHashMap<>();
        List<String> unmatched = new ArrayList<>();
        for (Path file : files) {
            Column column = table.columns().stream()
                    .filter(c -> ArxHierarchyReader.fileMatches(file, c.name()))
                    .max(Comparator.comparingInt(c -> c.name().length()))
                    .orElse(null);
            if (column == null) {
                unmatched.add(file.getFileName().toString());
                continue;
            }
            if (sources.containsKey(column)) {
                throw new InvalidInputException("--dir: two files for column " + column.name() + ": "
                        + sources.get(column).getFileName() + " and " + file.getFileName());
            }
            hierarchies.put(column, ArxHierarchyReader.read(file, column.name()));
            sources.put(column, file);
        }
        if (hierarchies.isEmpty()) {
            throw new InvalidInputException("--dir: no file in " + dir + " matches a column of " + table.displayName()
                    + " (expected <column>.csv or *_<column>.csv)");
        }
        return new Matched(hierarchies, sources, unmatched);
    }
}
