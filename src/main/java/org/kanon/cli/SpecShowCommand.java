package org.kanon.cli;

import java.util.ArrayList;
import java.util.List;
import org.kanon.db.Database;
import org.kanon.engine.JsonObject;
import org.kanon.workflow.Spec;
import org.kanon.workflow.SpecStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "show", description = "Show one release specification, field by field.")
final class SpecShowCommand extends ResultCommand {
    @Parameters(index = "0", paramLabel = "SPEC")
    String name;


    @Override
    public Integer call() {
        boolean asJson = json();
        try (Database db = openDatabase()) {
            Spec s = new SpecStore(db).require(name);
            JsonObject j = json(s);
            if (asJson) {
                out().println(j.render());
            } else {
                for (String[] field : fields(s)) {
                    if (field[1] != null) {
                        out().printf("%-20s %s%n", field[0], field[1]);
                    }
                }
            }
            out().flush();
            return ExitCodes.OK;
        }
    }

    private static List<String[]> fields(Spec s) {
        List<String> bindings = new ArrayList<>();
        s.hierarchies().forEach(b -> bindings.add(b.toString()));
        return List.of(new String[] {"spec", s.name()}, new String[] {"source table", s.sourceTable()},
                new String[] {"source query", s.sourceQuery()}, new String[] {"quasi-identifiers", s.quasiIdentifiers()},
                new String[] {"identifying", s.identifying()}, new String[] {"k", Integer.toString(s.k())},
                new String[] {"alpha", s.alpha()}, new String[] {"l", s.l() == null ? null : s.l().toString()},
                new String[] {"diversity", s.diversity()}, new String[] {"sensitive", s.sensitiveAttribute()},
                new String[] {"sensitive value", s.sensitiveValue()}, new String[] {"suppression", s.suppression()},
                new String[] {"algorithm", s.algorithm()}, new String[] {"select", s.selectCriterion()},
                new String[] {"options", s.options()}, new String[] {"target", s.targetKind()},
                new String[] {"release", s.releaseName()}, new String[] {"description", s.description()},
                new String[] {"hierarchies", bindings.isEmpty() ? null : String.join(";", bindings)});
    }

    static JsonObject json(Spec s) {
        JsonObject j = new JsonObject();
        for (String[] field : fields(s)) {
            j.put(field[0].replace(' ', '_'), field[1]);
        }
        return j;
    }
}
