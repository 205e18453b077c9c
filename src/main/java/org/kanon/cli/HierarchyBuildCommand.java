package org.kanon.cli;

import java.util.List;
import java.util.Map;
import org.kanon.db.Database;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.Dimension;
import org.kanon.schema.hierarchy.DimensionTableWriter;
import org.kanon.schema.hierarchy.DimensionTableWriter.IfBound;
import org.kanon.schema.hierarchy.Hierarchy;
import org.kanon.schema.hierarchy.HierarchyBuilders;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "build", description = {"Build a hierarchy for a column from its own values and bind it.",
        "Specs: interval:5,10,20 (numeric bands, then *), mask or mask:N (right-to-left masking, zip codes),",
        "suppress (value -> *), date or date:PATTERN (day -> month -> year -> *)."})
final class HierarchyBuildCommand extends ResultCommand {
    @Option(names = "--table", required = true, paramLabel = "T", description = "Source table.")
    String table;

    @Option(names = "--column", required = true, paramLabel = "A", description = "Column.")
    String column;

    @Option(names = "--spec", required = true, paramLabel = "SPEC", description = "Builder, e.g. interval:5,10,20.")
    String builderSpec;

    @Option(names = "--replace", description = "Replace the column's hierarchy if it has one (refused otherwise).")
    boolean replace;

    @Override
    public Integer call() {
        var builder = HierarchyBuilders.parse(builderSpec);
        boolean json = json();
        try (Database db = openDatabase()) {
            SourceTable source = new TableResolver(db).resolve(table);
            Column c = source.column(column);
            DimensionTableWriter writer = new DimensionTableWriter(db, progress(json));
            Hierarchy h = builder.build(c.name(), writer.distinctValues(source, c));
            Dimension d = writer.bind(source, c, h, replace ? IfBound.REPLACE : IfBound.REFUSE);
            var bound = HierarchyOutput.of(List.of(d), Map.of(c, h));
            print(json, () -> HierarchyOutput.boundJson(source, bound, List.of()), out -> HierarchyOutput.boundText(out, source, bound, List.of()));
            return ExitCodes.OK;
        }
    }
}
