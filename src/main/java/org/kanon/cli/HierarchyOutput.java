package org.kanon.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.kanon.engine.JsonObject;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.hierarchy.Dimension;
import org.kanon.schema.hierarchy.Hierarchy;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/** {@code hierarchy list}, {@code import} and {@code build}: the bound hierarchies, as text or JSON. */
final class HierarchyOutput {
    /** One bound hierarchy: its column, height, leaf values, dimension table and where it came from. */
    record Entry(String column, int height, long values, String dimensionTable, String origin) {
        JsonObject json() {
            return new JsonObject().put("column", column).put("height", height).put("values", values)
                    .put("dimensionTable", dimensionTable).put("origin", origin);
        }
    }

    private HierarchyOutput() {
    }

    static Entry of(HierarchyCatalog.Bound b) {
        Dimension d = b.dimension();
        return new Entry(d.attribute(), d.height(), b.leafCount(), d.displayName(), b.origin());
    }

    /** The dimensions just written, each with the hierarchy it was written from. */
    static List<Entry> of(List<Dimension> bound, Map<Column, Hierarchy> hierarchies) {
        return bound.stream().map(d -> {
            Hierarchy h = hierarchies.entrySet().stream().filter(e -> e.getKey().name().equals(d.attribute()))
                    .map(Map.Entry::getValue).findFirst().orElseThrow();
            return new Entry(d.attribute(), d.height(), h.leafCount(), d.displayName(), h.origin());
        }).toList();
    }

    static String listJson(List<Entry> entries) {
        return JsonObject.array(entries.stream().map(Entry::json).toList());
    }

    static void listText(PrintWriter out, List<Entry> entries) {
        out.println("column\theight\tleaves\tdimension_table\torigin");
        for (Entry e : entries) {
            out.printf("%s\t%d\t%d\t%s\t%s%n", e.column(), e.height(), e.values(), e.dimensionTable(), e.origin());
        }
    }

    /** What an import or build bound, and the files of a folder that matched no column. */
    static String boundJson(SourceTable source, List<Entry> bound, List<String> skipped) {
        return new JsonObject().put("table", source.displayName()).putObjects("bound", bound.stream().map(Entry::json).toList())
                .putStrings("skipped", skipped).render();
    }

    static void boundText(PrintWriter out, SourceTable source, List<Entry> bound, List<String> skipped) {
        for (Entry e : bound) {
            out.printf("bound %s.%s: height %d, %d values, dimension table %s (%s)%n", source.displayName(), e.column(),
                    e.height(), e.values(), e.dimensionTable(), e.origin());
        }
        for (String file : skipped) {
            out.printf("skipped %s: no column of %s matches its name%n", file, source.displayName());
        }
    }

    /**
     * {@code hierarchy import --show-missing}: the table's values each hierarchy lacks, by column. Data output, so
     * it goes to stdout as a result: CSV with a header ({@code column,value}, quoted where a value needs it), or one
     * JSON object.
     */
    static String missingJson(SourceTable source, Map<String, List<String>> missing) {
        List<JsonObject> columns = missing.entrySet().stream()
                .map(e -> new JsonObject().put("column", e.getKey()).putStrings("values", e.getValue())).toList();
        return new JsonObject().put("table", source.displayName()).putObjects("missing", columns).render();
    }

    static void missingText(PrintWriter out, Map<String, List<String>> missing) {
        try {
            CSVPrinter csv = new CSVPrinter(out, CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get());
            csv.printRecord("column", "value");
            for (Map.Entry<String, List<String>> e : missing.entrySet()) {
                for (String value : e.getValue()) {
                    csv.printRecord(e.getKey(), value);
                }
            }
            csv.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
