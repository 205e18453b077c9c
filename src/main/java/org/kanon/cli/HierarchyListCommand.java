package org.kanon.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import org.kanon.db.Database;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.Dimension;
import org.kanon.schema.hierarchy.Hierarchy;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "list", description = "List the hierarchies bound to a table's columns.")
final class HierarchyListCommand extends KanonSubcommand {
    @Option(names = "--table", required = true, paramLabel = "T", description = "Source table.")
    String table;

    @Override
    public Integer call() {
        try (Database db = openDatabase()) {
            SourceTable source = new TableResolver(db).resolve(table);
            var out = out();
            out.println("column\theight\tleaves\tdimension_table\torigin");
            for (HierarchyCatalog.Bound b : new HierarchyCatalog(db).list(source)) {
                Dimension d = b.dimension();
                out.printf("%s\t%d\t%d\t%s\t%s%n", d.attribute(), d.height(), b.leafCount(), d.displayName(), b.origin());
            }
            out.flush();
            return ExitCodes.OK;
        }
    }

    static void print(PrintWriter out, SourceTable source, List<Dimension> bound, Map<Column, Hierarchy> hierarchies) {
        for (Dimension d : bound) {
            Hierarchy h = hierarchies.entrySet().stream().filter(e -> e.getKey().name().equals(d.attribute()))
                    .map(Map.Entry::getValue).findFirst().orElseThrow();
            out.printf("bound %s.%s: height %d, %d values, dimension table %s (%s)%n", source.displayName(), d.attribute(),
                    d.height(), h.leafCount(), d.displayName(), h.origin());
        }
    }
}
