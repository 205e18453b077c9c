package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.DatabaseTest;

/**
 * A hierarchy file that lacks values of its column: the error counts them without naming any (they are the
 * table's data), and {@code --show-missing} prints them on stdout, as a result, only when asked.
 */
class HierarchyShowMissingCliTest {
    @TempDir
    Path tmp;

    private Path file(String name, String content) throws Exception {
        Path f = tmp.resolve(name);
        Files.writeString(f, content);
        return f;
    }

    @DatabaseTest
    @DisplayName("the error names table.column, file and counts, no value; --show-missing prints the values as CSV or JSON, binding nothing")
    void missingValuesAreShownOnlyWhenAsked(ConnectionSettings settings) throws Exception {
        CliRun cli = new CliRun(settings);
        assertEquals(ExitCodes.OK, cli.run("import", file("p.csv",
                "city,age\nMadison,31\n\"Fond du Lac, WI\",32\nMadison,47\nVerona,44\nVerona,45\n").toString(), "--table", "p").exitCode());
        String hierarchy = file("city.csv", "Madison;Dane;*\n").toString();
        List<String> bind = List.of("hierarchy", "import", "--table", "p", "--file", hierarchy, "--column", "city");

        CliRun.Result refused = cli.run(bind.toArray(String[]::new));
        CliRun.assertRefused(refused, "city.csv", "no leaf for 2 distinct value(s) of the column, in 3 row(s)", "--show-missing");
        assertTrue(refused.err().toLowerCase().contains("p.city"), refused.err());
        assertFalse(refused.err().contains("Verona") || refused.err().contains("Fond du Lac"), refused.err());
        assertEquals("", refused.out());

        CliRun.Result shown = cli.run(concat(bind, "--show-missing"));
        CliRun.assertRefused(shown, "no leaf for 2 distinct value(s)");
        assertFalse(shown.err().contains("Verona"), shown.err());
        assertEquals("column,value\n" + cityColumn(shown) + ",\"Fond du Lac, WI\"\n" + cityColumn(shown) + ",Verona\n", shown.out());

        CliRun.Result json = cli.run(concat(bind, "--show-missing", "--format", "json"));
        CliRun.assertRefused(json, "no leaf for 2 distinct value(s)");
        Map<String, Object> missing = CliRun.jsonObject(json);
        assertEquals(List.of(Map.of("column", cityColumn(shown), "values", List.of("Fond du Lac, WI", "Verona"))), missing.get("missing"));

        CliRun.Result list = cli.run("hierarchy", "list", "--table", "p");
        assertFalse(list.out().toLowerCase().contains("city.csv"), "nothing bound: " + list);

        // a hierarchy that covers the column: --show-missing prints nothing more than a plain import
        Files.writeString(Path.of(hierarchy), "Madison;Dane;*\nVerona;Dane;*\nFond du Lac, WI;Fond du Lac;*\n");
        CliRun.Result bound = cli.run(concat(bind, "--show-missing"));
        assertEquals(ExitCodes.OK, bound.exitCode(), bound.toString());
        assertFalse(bound.out().contains("column,value"), bound.out());
    }

    /** The column as the database folds it: CITY on Derby, city on PostgreSQL. */
    private static String cityColumn(CliRun.Result r) {
        return r.out().contains("\nCITY,") ? "CITY" : "city";
    }

    private static String[] concat(List<String> args, String... more) {
        return java.util.stream.Stream.concat(args.stream(), java.util.Arrays.stream(more)).toArray(String[]::new);
    }
}
