package org.kanon.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.ingest.CsvImporter;
import org.kanon.ingest.CsvReadTiming;
import org.kanon.ingest.ImportOptions;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;

/**
 * Not a test: times {@code kanon import} of Adult (45,222 rows, 15 columns) in-process, phase by phase, into fresh
 * tables of one database: pass 1 ("rows checked": parse, validate, infer types), pass 2 ("rows imported": CREATE TABLE,
 * rows written, commit), the statistics refresh, and the rest (name checks, catalog look-ups); beside them the CSV
 * read alone through the import's reader (what pass 2 spends parsing). The first run is cold (a fresh JVM's first
 * import), then the median and range of the next {@code REPEATS}. Each table is dropped after its run.
 *
 * <pre>
 * mvn -B -ntp -o -DskipTests test-compile
 * mvn -B -ntp -o -q dependency:build-classpath -Dmdep.outputFile=/tmp/kanon-cp.txt
 * java -cp target/classes:target/test-classes:$(cat /tmp/kanon-cp.txt) org.kanon.bench.ImportTiming 'jdbc:derby:/tmp/kanon-imp-derby;create=true' 9
 * java -cp ... org.kanon.bench.ImportTiming jdbc:postgresql://127.0.0.1:5432/kanon_imp?user=postgres 9
 * </pre>
 *
 * <p>Usage: {@code ImportTiming JDBC_URL [REPEATS] [CSV]}; the CSV defaults to ../shared/datasets/adult-uci/adult-45222.csv.
 */
public final class ImportTiming {
    private static final List<String> PHASES = List.of("csv read only", "pass 1 (check)", "pass 2 (write)", "statistics", "rest", "total");

    public static void main(String[] args) {
        String url = args[0];
        int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 9;
        Path csv = args.length > 2 ? Path.of(args[2]) : Path.of("..", "shared", "datasets", "adult-uci", "adult-45222.csv");
        Map<String, List<Long>> ms = new LinkedHashMap<>();
        PHASES.forEach(p -> ms.put(p, new ArrayList<>()));
        try (Database db = Database.open(new ConnectionSettings(url, System.getenv("KANON_DB_USER"), System.getenv("KANON_DB_PASSWORD")))) {
            for (int run = 0; run <= repeats; run++) {
                long r0 = System.nanoTime();
                CsvReadTiming.readAll(csv, ',');
                ms.get("csv read only").add((System.nanoTime() - r0) / 1_000_000);

                String table = "imp_timing_" + run;
                Map<String, Long> phase = new LinkedHashMap<>();
                Progress timed = (unit, total) -> {
                    long start = System.nanoTime();
                    return new Step() {
                        @Override
                        public void advance(long units) {
                        }

                        @Override
                        public void stepTo(long done) {
                        }

                        @Override
                        public void total(long t) {
                        }

                        @Override
                        public void close() {
                            phase.merge(unit, (System.nanoTime() - start) / 1_000_000, Long::sum);
                        }
                    };
                };
                long t0 = System.nanoTime();
                org.kanon.ingest.ImportResult result = new CsvImporter(db, timed).importCsv(csv, table, new ImportOptions(',', true));
                long total = (System.nanoTime() - t0) / 1_000_000;
                long check = phase.getOrDefault("rows checked", 0L);
                long write = phase.getOrDefault("rows imported", 0L);
                long stats = phase.getOrDefault("refreshing the table's statistics", 0L);
                ms.get("pass 1 (check)").add(check);
                ms.get("pass 2 (write)").add(write);
                ms.get("statistics").add(stats);
                ms.get("rest").add(total - check - write - stats);
                ms.get("total").add(total);
                db.dsl().dropTable(result.table().qualifiedName()).execute();
            }
        }
        System.out.printf(Locale.ROOT, "%s, %d warm runs after one cold; ms%n", url.replaceAll("password=[^&;]*", "password=***"), repeats);
        System.out.println("phase             first  median     min     max");
        ms.forEach((p, values) -> {
            long[] warm = values.subList(1, values.size()).stream().mapToLong(Long::longValue).toArray();
            Arrays.sort(warm);
            System.out.printf(Locale.ROOT, "%-16s %6d %7d %7d %7d%n", p, values.get(0), warm[warm.length / 2], warm[0], warm[warm.length - 1]);
        });
    }
}
