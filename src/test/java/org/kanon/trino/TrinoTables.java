package org.kanon.trino;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.kanon.cli.CliRun;

/** A small random table as RandomTables makes them (a: 0-39, b: zipcode-like, c: colours, d: 0-2), imported and bound through the CLI. */
final class TrinoTables {
    private TrinoTables() {
    }

    /** Writes {@code rows} random rows to a CSV file in {@code dir}. */
    static Path csv(Path dir, Random random, String name, int rows) throws IOException {
        StringBuilder csv = new StringBuilder("a,b,c,d\n");
        String[] colors = {"red", "green", "blue", "cyan", "gray"};
        for (int r = 0; r < rows; r++) {
            csv.append(random.nextInt(40)).append(',')
                    .append(530 + random.nextInt(3)).append(random.nextInt(3)).append(random.nextInt(4)).append(',')
                    .append(colors[random.nextInt(1 + random.nextInt(colors.length))]).append(',')
                    .append(random.nextInt(3)).append('\n');
        }
        Path file = dir.resolve(name + ".csv");
        Files.writeString(file, csv);
        return file;
    }

    /** Imports the CSV as {@code table} and binds a (interval 5,10,20), b (mask 2) and c (suppress) through the CLI. */
    static void importWithHierarchies(TrinoCli cli, Path csv, String table) {
        CliRun.Result imported = cli.run("import", csv.toString(), "--table", table);
        assertEquals(0, imported.exitCode(), imported.toString());
        String[][] specs = {{"a", "interval:5,10,20"}, {"b", "mask:2"}, {"c", "suppress"}};
        for (String[] s : specs) {
            CliRun.Result bound = cli.run("hierarchy", "build", "--table", table, "--column", s[0], "--spec", s[1]);
            assertEquals(0, bound.exitCode(), bound.toString());
        }
    }
}
