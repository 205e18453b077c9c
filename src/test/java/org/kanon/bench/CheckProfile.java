package org.kanon.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Query;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.db.dialect.DerbyProfile;
import org.kanon.cli.Kanon;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.frequency.FrequencySets;
import org.kanon.frequency.PrivacyCheck;
import org.kanon.frequency.QuasiIdentifier;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.SuppressionLimit;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * Where the time of one {@code kanon check} goes (issue 2 follow-up): opening the database, the NULL/row-count
 * statement, and the frequency-set statement split into compile ({@code prepareStatement}) and execution, each
 * run twice on one open database (the second prepare of the same text hits Derby's statement cache). Also compiles
 * the Derby statement with {@code joinOrder=FIXED} to show what the join-order search costs.
 *
 * <pre>
 * mvn -B -ntp -o test-compile exec:java -Dexec.classpathScope=test -Dmain.class=org.kanon.bench.CheckProfile \
 *   -Dexec.args="[--db URL] [--user U] [--levels L1,..]..."
 * # or: java -cp target/test-classes:target/kanon.jar org.kanon.bench.CheckProfile [--db URL] ...
 * </pre>
 * Point --db only at a database nobody else uses at the time (embedded Derby allows one JVM per database).
 * Without --db: a temporary on-disk Derby database, loaded with the Adult file and hierarchies first (via the CLI).
 * --levels may be repeated; default: all 0, all 1, and 3,1,1,1,2,2,1,1,1.
 */
public final class CheckProfile {
    public static void main(String[] args) throws Exception {
        System.setProperty("derby.stream.error.field", "org.kanon.db.DerbyLog.DEV_NULL");
        String url = null;
        String user = null;
        List<String> levels = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--db" -> url = args[++i];
                case "--user" -> user = args[++i];
                case "--levels" -> levels.add(args[++i]);
                default -> FoundationBenchmark.fail("unknown argument " + args[i]);
            }
        }
        if (levels.isEmpty()) {
            levels = List.of("0,0,0,0,0,0,0,0,0", "1,1,1,1,1,1,1,1,1", "3,1,1,1,2,2,1,1,1");
        }
        java.nio.file.Path tmp = null;
        if (url == null) {
            var shared = FoundationBenchmark.sharedFolder();
            tmp = java.nio.file.Files.createTempDirectory("kanon-profile-derby");
            url = "jdbc:derby:" + tmp.resolve("db") + ";create=true";
            load(url, shared);
        }
        try {
            profile(new ConnectionSettings(url, user, null), levels);
        } finally {
            if (tmp != null) {
                FoundationBenchmark.deleteTree(tmp);
            }
        }
    }

    private static void load(String url, java.nio.file.Path shared) {
        long t0 = System.nanoTime();
        run(url, "import", shared.resolve("datasets/adult-uci/adult-45222.csv").toString(), "--table",
                FoundationBenchmark.TABLE, "--replace");
        run(url, "hierarchy", "import", "--table", FoundationBenchmark.TABLE, "--dir",
                shared.resolve("datasets/adult-arx").toString(), "--replace");
        System.out.printf("loaded %s in %.1f s%n", FoundationBenchmark.TABLE, (System.nanoTime() - t0) / 1e9);
    }

    private static void run(String url, String... args) {
        List<String> all = new ArrayList<>(List.of("--db", url));
        all.addAll(List.of(args));
        int code = Kanon.commandLine(new Kanon().withEnvironment(Map.of())).execute(all.toArray(String[]::new));
        if (code != 0) {
            throw new IllegalStateException("kanon " + String.join(" ", args) + " exited " + code);
        }
    }

    private static void profile(ConnectionSettings settings, List<String> levelsList) throws SQLException {
        long t0 = System.nanoTime();
        try (Database db = Database.open(settings)) {
            System.out.printf("%s: open (pool + catalog migration) %.2f s%n", db, secs(t0));
            long t1 = System.nanoTime();
            SourceTable source = new TableResolver(db).resolve(FoundationBenchmark.TABLE);
            StarSchema schema = StarSchema.of(source, List.of(FoundationBenchmark.QI.split(",")), new HierarchyCatalog(db));
            System.out.printf("resolve table + hierarchies (metadata) %.2f s%n", secs(t1));
            for (String levelsCsv : levelsList) {
                LevelVector node = new LevelVector(java.util.Arrays.stream(levelsCsv.split(",")).mapToInt(Integer::parseInt).toArray());
                System.out.printf("%n-- node %s (%d dimension joins)%n", levelsCsv,
                        java.util.Arrays.stream(node.toArray()).filter(l -> l > 0).count());
                for (int run = 1; run <= 2; run++) {
                    long c0 = System.nanoTime();
                    var r = new PrivacyCheck(db.dsl()).check(schema, node, new KAnonymity(5), SuppressionLimit.parse("0"));
                    System.out.printf("PrivacyCheck.check run %d: %.2f s (%d classes)%n", run, secs(c0), r.classes());
                }
                DSLContext ctx = db.dsl();
                Query nullCount = nullCountQuery(ctx, schema);
                Query summary = summaryQuery(ctx, schema, node, 5);
                try (Connection c = db.dataSource().getConnection()) {
                    split(c, "null/row count ", nullCount.getSQL(), nullCount.getBindValues());
                    split(c, "frequency summary", summary.getSQL(), summary.getBindValues());
                    if (db.profile() instanceof DerbyProfile && schema.joinsAny(node)) {
                        String fixed = fixedJoinOrder(summary.getSQL());
                        split(c, "summary joinOrder=FIXED", fixed, summary.getBindValues());
                    }
                }
            }
        }
    }

    private static int fresh;

    /**
     * Prepares (compiles) and executes one statement twice on one connection, reporting each part. Run 1 uses a text
     * no statement had before (trailing blanks), so Derby compiles it; run 2 repeats that text (statement cache).
     */
    private static void split(Connection c, String label, String sql, List<Object> binds) throws SQLException {
        String text = sql + " ".repeat(++fresh);
        for (int run = 1; run <= 2; run++) {
            long p0 = System.nanoTime();
            try (PreparedStatement ps = c.prepareStatement(text)) {
                double prepare = secs(p0);
                for (int i = 0; i < binds.size(); i++) {
                    ps.setObject(i + 1, binds.get(i));
                }
                long e0 = System.nanoTime();
                long rows = 0;
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        rows++;
                    }
                }
                System.out.printf("  %-24s run %d: prepare %6.2f s, execute %6.2f s%n", label, run, prepare, secs(e0));
            }
        }
    }

    /** Derby: fix the join order to the order written (fact table first, then the dimensions). */
    static String fixedJoinOrder(String sql) {
        Matcher m = Pattern.compile("from (\"[^\"]+\"\\.\"[^\"]+\" as \"f\" join)").matcher(sql);
        if (!m.find()) {
            throw new IllegalStateException("no fact-table FROM in " + sql);
        }
        return sql.substring(0, m.start()) + "from --DERBY-PROPERTIES joinOrder=FIXED\n" + m.group(1) + sql.substring(m.end());
    }

    /** The statement of SourceIntegrity.checkNullsAndCount. */
    private static Query nullCountQuery(DSLContext ctx, StarSchema schema) {
        List<Field<?>> select = new ArrayList<>();
        select.add(DSL.count());
        List<QuasiIdentifier> qis = schema.quasiIdentifiers();
        for (int i = 0; i < qis.size(); i++) {
            select.add(DSL.sum(DSL.when(schema.rawField(i).isNull(), DSL.inline(1)).else_(DSL.inline(0))));
        }
        return ctx.select(select).from(schema.fact().table(StarSchema.FACT_ALIAS));
    }

    /** The statement of FrequencySets.summarize. */
    private static Query summaryQuery(DSLContext ctx, StarSchema schema, LevelVector node, int k) {
        Table<?> fs = new FrequencySets(ctx).query(schema, node).asTable(DSL.name("fs"));
        Field<Integer> cnt = DSL.field(DSL.name("fs", FrequencySets.COUNT), SQLDataType.INTEGER);
        Field<Integer> kValue = DSL.val(k);
        return ctx.select(DSL.count(), DSL.min(cnt), DSL.sum(cnt),
                        DSL.sum(DSL.when(cnt.lt(kValue), cnt).else_(DSL.inline(0))),
                        DSL.sum(DSL.when(cnt.lt(kValue), DSL.inline(1)).else_(DSL.inline(0))))
                .from(fs);
    }

    private static double secs(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
