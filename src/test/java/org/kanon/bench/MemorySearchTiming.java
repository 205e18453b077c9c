package org.kanon.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.frequency.MemoryExecutor;
import org.kanon.frequency.StarSchema;
import org.kanon.global.SearchRequest;
import org.kanon.global.SearchResult;
import org.kanon.global.Searches;
import org.kanon.metrics.NodeSelector;
import org.kanon.metrics.SelectionCriterion;
import org.kanon.privacy.SuppressionLimit;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * Not a test: times the in-memory searches (whole search plus selection by height) after 40 warm-ups, median of 15,
 * wall clock, CPU of the searching thread and of the whole process (fork-join workers and GC included). System properties: {@code cases} (a label substring), {@code warmup}, {@code runs}. Usage: {@code MemorySearchTiming JDBC_URL [algorithm ...]}; expects tables ADULT
 * (45,222 rows, 9 QIs) and ADULT_ARX (30,162 rows) with ARX's hierarchies bound.
 */
public final class MemorySearchTiming {
    private static final List<String> ADULT_QI = List.of("age", "sex", "race", "marital-status", "education",
            "native-country", "workclass", "occupation", "salary-class");
    private static final List<String> ARX_QI = List.of("sex", "age", "race", "marital-status", "education",
            "native-country", "workclass", "occupation");

    public static void main(String[] args) throws Exception {
        String url = args.length > 0 ? args[0] : "jdbc:derby:/tmp/perf-db";
        List<String> algorithms = args.length > 1 ? Arrays.asList(args).subList(1, args.length)
                : List.of("incognito", "incognito-superroots");
        try (Database db = Database.open(new ConnectionSettings(url, null, null))) {
            MemoryExecutor adult = load(db, "adult", ADULT_QI);
            MemoryExecutor arx = load(db, "adult_arx", ARX_QI);
            long fivePercent = SuppressionLimit.parse("5%").allowance(adult.rows());
            for (String algorithm : algorithms) {
                time(algorithm, "adult k=2", adult, new SearchRequest(2, 0));
                time(algorithm, "adult k=5", adult, new SearchRequest(5, 0));
                time(algorithm, "adult k=10", adult, new SearchRequest(10, 0));
                time(algorithm, "adult k=10 5%", adult, new SearchRequest(10, fivePercent));
                time(algorithm, "arx8 k=5", arx, new SearchRequest(5, 0));
            }
        }
    }

    private static MemoryExecutor load(Database db, String table, List<String> qi) {
        var t = new TableResolver(db).resolve(table);
        return MemoryExecutor.load(db.dsl(), StarSchema.of(t, qi, new HierarchyCatalog(db)));
    }

    /**
     * CPU time so far of the threads a search runs on (this one and the common fork-join pool's), to the
     * nanosecond: unlike the process's CPU it leaves out JIT and GC threads, and unlike the wall clock it hardly
     * moves when other processes share the cores, so two builds can be compared on a busy machine.
     */
    private static long workerCpu(ThreadMXBean threads) {
        long sum = threads.getCurrentThreadCpuTime();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("ForkJoinPool.commonPool")) {
                sum += Math.max(0, threads.getThreadCpuTime(t.getId()));
            }
        }
        return sum;
    }

    /** Collection time of all collectors so far. */
    private static long gcMillis() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(b -> Math.max(0, b.getCollectionTime())).sum();
    }

    private static void time(String algorithm, String label, MemoryExecutor executor, SearchRequest request) {
        if (!label.contains(System.getProperty("cases", ""))) {
            return;
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        // 40 warm-ups: after 10 the JIT was still compiling during the first case (process CPU twice the search's)
        int warmup = Integer.getInteger("warmup", 40);
        int runs = Integer.getInteger("runs", 15);
        double[] wall = new double[runs];
        double[] cpu = new double[runs];
        double[] process = new double[runs];
        double[] gc = new double[runs];
        double[] work = new double[runs];
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        SearchResult result = null;
        NodeSelector.Selected selected = null;
        for (int i = -warmup; i < runs; i++) {
            long c0 = threads.getCurrentThreadCpuTime();
            long p0 = os.getProcessCpuTime();
            long g0 = gcMillis();
            long w0 = workerCpu(threads);
            long t0 = System.nanoTime();
            result = Searches.byName(algorithm).search(executor, request);
            selected = new NodeSelector(SelectionCriterion.HEIGHT, null).select(result.anonymous(), executor, request.k());
            if (i >= 0) {
                wall[i] = (System.nanoTime() - t0) / 1e6;
                cpu[i] = (threads.getCurrentThreadCpuTime() - c0) / 1e6;
                process[i] = (os.getProcessCpuTime() - p0) / 1e6;
                gc[i] = gcMillis() - g0;
                work[i] = (workerCpu(threads) - w0) / 1e6;
            }
        }
        Arrays.sort(wall);
        Arrays.sort(cpu);
        Arrays.sort(process);
        Arrays.sort(gc);
        Arrays.sort(work);
        System.out.printf("%-22s %-14s wall median %7.1f ms [%7.1f..%7.1f]  cpu median %7.1f ms (min %7.1f)  process cpu %7.1f ms  gc %5.0f ms  search threads cpu %7.1f ms (min %7.1f)"
                        + "  anon=%d checked=%d best=%s%n",
                algorithm, label, wall[runs / 2], wall[0], wall[runs - 1], cpu[runs / 2], cpu[0], process[runs / 2], gc[runs / 2], work[runs / 2], work[0],
                result.anonymous().size(), result.nodesChecked(), selected == null ? "-" : selected.node());
    }
}
