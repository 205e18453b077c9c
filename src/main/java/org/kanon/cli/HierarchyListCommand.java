package org.kanon.cli;

import java.util.List;
import org.kanon.db.Database;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "list", description = "List the hierarchies bound to a table's columns.")
final class HierarchyListCommand extends ResultCommand {
    @Option(names = "--table", required = true, paramLabel = "T", description = "Source table.")
    String table;

    @Override
    public Integer call() {
        boolean json = json();
        try (Database db = openDatabase()) {
            SourceTable source = new TableResolver(db).resolve(table);
            List<HierarchyOutput.Entry> entries = new HierarchyCatalog(db).list(source).stream().map(HierarchyOutput::of).toList();
            print(json, () -> HierarchyOutput.listJson(entries), out -> HierarchyOutput.listText(out, entries));
            return ExitCodes.OK;
        }
    }
}
