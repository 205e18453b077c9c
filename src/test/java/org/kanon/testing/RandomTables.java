package org.kanon.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.kanon.db.Database;
import org.kanon.ingest.CsvImporter;
import org.kanon.ingest.ImportOptions;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.DimensionTableWriter;
import org.kanon.schema.hierarchy.HierarchyBuilders;

/**
 * Small random tables with hierarchies bound, for property tests of the searches and executors: a (interval 5,10,20), b (zipcode-like, mask 2), c (colours, suppress) and d without a
 * hierarchy (height 0).
 */
public final class RandomTables {
    private RandomTables() {
    }

    public static SourceTable create(Database db, Path dir, Random random, String name) throws Exception {
        return create(db, dir, random, name, 20, 60);
    }

    /** {@code minRows} plus up to {@code extraRows} rows: Derby pays 10-100 ms per statement, so SQL tests go smaller. */
    public static SourceTable create(Database db, Path dir, Random random, String name, int minRows, int extraRows) throws Exception {
        int rows = minRows + random.nextInt(extraRows);
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
        new CsvImporter(db).importCsv(file, name, new ImportOptions(null, false));
        SourceTable t = new TableResolver(db).resolve(name);
        DimensionTableWriter writer = new DimensionTableWriter(db);
        writer.bind(t, t.column("a"), HierarchyBuilders.parse("interval:5,10,20").build("a", writer.distinctValues(t, t.column("a"))));
        writer.bind(t, t.column("b"), HierarchyBuilders.parse("mask:2").build("b", writer.distinctValues(t, t.column("b"))));
        writer.bind(t, t.column("c"), HierarchyBuilders.parse("suppress").build("c", writer.distinctValues(t, t.column("c"))));
        return new TableResolver(db).resolve(name);
    }
}
