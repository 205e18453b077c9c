package org.kanon.cli;

import java.nio.file.Path;
import java.util.Locale;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.engine.JsonObject;
import org.kanon.ingest.CsvImporter;
import org.kanon.ingest.ImportOptions;
import org.kanon.ingest.ImportResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "import", description = {"Load a CSV file (header row first) into a new table.",
        "The whole file is checked before anything is written; the load is one transaction.",
        "Not into kanon's own schemas (KANON, KANON_DIM, KANON_RELEASE)."})
final class ImportCommand extends ResultCommand {
    @Parameters(paramLabel = "FILE", description = "CSV file: a header row first, unless --no-header.")
    Path file;

    @Option(names = "--table", required = true, paramLabel = "T", description = "Table to create ([schema.]name).")
    String table;

    @Option(names = "--delimiter", paramLabel = "C", description = "Field separator: , ; or tab (default: detected).")
    String delimiter;

    @Option(names = "--replace", description = "Drop and recreate the table if it exists.")
    boolean replace;

    @Option(names = "--header", negatable = true, description = {"--no-header: the file has no header row; columns are named c1, c2, ...",
            "--header: take the first row as names even if it looks like data (default: it must not)."})
    Boolean header;

    @Option(names = "--trim", description = "Strip the spaces around every value and column name (e.g. UCI's adult.data: '39, State-gov').")
    boolean trim;

    @Option(names = "--max-field", paramLabel = "CHARS", description = "Longest field accepted (default ${DEFAULT-VALUE});"
            + " a longer one, e.g. after an unterminated quote, stops the import with its line.")
    int maxField = ImportOptions.DEFAULT_MAX_FIELD;

    @Override
    public Integer call() {
        Character sep = parseDelimiter(delimiter);
        boolean json = json();
        long start = System.nanoTime();
        try (Database db = openDatabase()) {
            ImportResult r = new CsvImporter(db, progress(json)).importCsv(file, table, new ImportOptions(sep, replace, header, trim, maxField));
            long ms = (System.nanoTime() - start) / 1_000_000;
            String separator = r.delimiter() == '\t' ? "\\t" : String.valueOf(r.delimiter());
            print(json, () -> new JsonObject().put("table", r.table().displayName()).put("file", file.toString()).put("rows", r.rows())
                            .put("separator", String.valueOf(r.delimiter())).put("ms", ms)
                            .putObjects("columns", r.columns().stream().map(c -> new JsonObject().put("name", c.name()).put("type", c.sqlType())).toList())
                            .render(),
                    out -> out.printf(Locale.ROOT, "imported %d rows into %s in %.2f s (separator '%s'; columns: %s)%n", r.rows(),
                            r.table().displayName(), ms / 1000.0, separator,
                            String.join(", ", r.columns().stream().map(c -> c.name() + " " + c.sqlType()).toList())));
            return ExitCodes.OK;
        }
    }

    static Character parseDelimiter(String text) {
        if (text == null) {
            return null;
        }
        if (text.equals("\\t") || text.equalsIgnoreCase("tab")) {
            return '\t';
        }
        if (text.length() != 1 || text.charAt(0) == '"' || Character.isLetterOrDigit(text.charAt(0))) {
            throw new InvalidInputException("--delimiter: expected one character such as , ; or tab, got '" + text + "'");
        }
        return text.charAt(0);
    }
}
