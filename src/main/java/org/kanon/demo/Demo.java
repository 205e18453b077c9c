package org.kanon.demo;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.frequency.ExecutorKind;
import org.kanon.frequency.PrivacyCheck;
import org.kanon.frequency.StarSchema;
import org.kanon.global.Incognito;
import org.kanon.ingest.CsvImporter;
import org.kanon.ingest.ImportOptions;
import org.kanon.ingest.ImportResult;
import org.kanon.lattice.LevelVector;
import org.kanon.metrics.SelectionCriterion;
import org.kanon.privacy.CheckResult;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.SuppressionLimit;
import org.kanon.release.AnonymizeOutcome;
import org.kanon.release.AnonymizeRequest;
import org.kanon.release.Anonymizer;
import org.kanon.release.RelationExporter;
import org.kanon.release.ReleaseRegister;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.SuppressMode;
import org.kanon.report.LatticeView;
import org.kanon.report.ReleaseReport;
import org.kanon.report.ReportFile;
import org.kanon.risk.ReidentificationRisk;
import org.kanon.risk.RiskAnalyzer;
import org.kanon.risk.RiskOptions;
import org.kanon.risk.RiskSubject;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.DimensionTableWriter;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.schema.hierarchy.HierarchyFolder;

/**
 * {@code kanon demo}: the main job end to end on a fresh on-disk Derby database in a temporary folder, using
 * only what ships with kanon — the Incognito paper's Patients table, then a seeded synthetic census.
 */
public final class Demo {
    /** The census quasi-identifiers and the requirement; the node is found by Incognito. */
    static final List<String> CENSUS_QI = List.of("age", "sex", "race", "marital-status", "zipcode");
    static final int CENSUS_K = 5;
    static final String CENSUS_SUPPRESSION = "2%";
    /** The tables the demo imports (and replaces when run again in the same folder). */
    private static final Set<String> DEMO_TABLES = Set.of("patients", "census");

    private final PrintWriter out;

    private static long latticeSize(StarSchema schema) {
        long size = 1;
        for (var qi : schema.quasiIdentifiers()) {
            size *= qi.maxLevel() + 1;
        }
        return size;
    }

    public Demo(PrintWriter out) {
        this.out = out;
    }

    /** Runs the demo in {@code folder} (created if needed); returns the name of the census release. */
    public ReleaseRecord run(Path folder) throws IOException {
        Files.createDirectories(folder);
        Path db = folder.resolve("db").toAbsolutePath();
        ConnectionSettings settings = new ConnectionSettings("jdbc:derby:" + db + ";create=true", null, null);
        out.printf("kanon demo: a new Derby database at %s%n%n", db);
        try (Database database = Database.open(settings)) {
            dropEarlierReleases(database);
            patients(database, folder);
            ReleaseRecord release = census(database, folder);
            out.printf("%nWhere the result is:%n");
            out.printf("  database      %s%n", "jdbc:derby:" + db);
            out.printf("  release       %s (view), registered in KANON.RELEASES%n", release.relation());
            out.printf("  CSV export    %s%n", folder.resolve("census_k5.csv"));
            out.printf("  report        %s%n", folder.resolve("census_k5.html"));
            out.printf("Look at it yourself:%n");
            out.printf("  bin/kanon --db 'jdbc:derby:%s' release show %s%n", db, release.name());
            out.printf("  bin/kanon --db 'jdbc:derby:%s' release list%n", db);
            out.printf("  bin/kanon --db 'jdbc:derby:%s' risk --release %s%n", db, release.name());
            out.flush();
            return release;
        }
    }

    /**
     * A second run in the same folder replaces the demo's tables, which its first run's releases (views) depend on: those
     * releases go first, said in a line. Releases of other tables stay.
     */
    private void dropEarlierReleases(Database db) {
        ReleaseRegister register = new ReleaseRegister(db);
        for (ReleaseRecord r : register.list()) {
            if (DEMO_TABLES.contains(r.sourceTable().toLowerCase(Locale.ROOT))) {
                register.drop(r.name());
                out.printf("   dropped release %s of an earlier run (its table is imported again)%n", r.name());
            }
        }
    }

    private void patients(Database db, Path folder) {
        out.println("1. The running example of the Incognito paper (Figure 1, hierarchies of Figure 2)");
        Path csv = BundledFiles.copy("papers/incognito-patients.csv", folder);
        for (String attribute : List.of("birthdate", "sex", "zipcode")) {
            BundledFiles.copy("papers/incognito-patients_hierarchy_" + attribute + ".csv", folder);
        }
        ImportResult imported = new CsvImporter(db).importCsv(csv, "patients", new ImportOptions(null, true));
        SourceTable table = imported.table();
        // REPLACE, like the import: the demo may run again in the same --dir
        new DimensionTableWriter(db).bindAll(table, HierarchyFolder.read(table, folder, "incognito-patients_").hierarchies(),
                DimensionTableWriter.IfBound.REPLACE);
        out.printf("   imported %d rows into %s, bound hierarchies for Birthdate, Sex, Zipcode%n", imported.rows(), table.displayName());
        StarSchema schema = StarSchema.of(table, List.of("sex", "zipcode"), new HierarchyCatalog(db));
        for (LevelVector node : List.of(new LevelVector(0, 0), new LevelVector(1, 0), new LevelVector(0, 1), new LevelVector(0, 2))) {
            CheckResult r = new PrivacyCheck(db.dsl()).check(schema, node, new KAnonymity(2), SuppressionLimit.NONE);
            out.printf("   check <S%d, Z%d>, k=2: %d classes, smallest %d -> %s%n", node.level(0), node.level(1), r.classes(),
                    r.smallestClass(), r.satisfied() ? "2-anonymous" : "not 2-anonymous");
        }
        out.println("   (Example 3.1 of the paper: not at <S0, Z0>, yes at <S1, Z0>, not at <S0, Z1>, yes at <S0, Z2>)");
    }

    private ReleaseRecord census(Database db, Path folder) throws IOException {
        SyntheticCensus census = SyntheticCensus.load();
        out.printf("%n2. A synthetic census: %d rows, seed %d (datasets/synthetic/census.properties)%n", census.rows(), census.seed());
        Path csv = folder.resolve("census.csv");
        census.writeCsv(csv);
        Path hierarchies = Files.createDirectories(folder.resolve("census-hierarchies"));
        for (String column : census.columns()) {
            String file = "synthetic/hierarchies/census_hierarchy_" + column + ".csv";
            if (BundledFiles.exists(file)) {
                BundledFiles.copy(file, hierarchies);
            }
        }
        ImportResult imported = new CsvImporter(db).importCsv(csv, "census", new ImportOptions(null, true));
        SourceTable table = imported.table();
        var bound = new DimensionTableWriter(db).bindAll(table, HierarchyFolder.read(table, hierarchies).hierarchies(),
                DimensionTableWriter.IfBound.REPLACE);
        out.printf("   imported %d rows into %s; %d hierarchies bound as dimension tables in KANON_DIM%n",
                imported.rows(), table.displayName(), bound.size());
        table = new TableResolver(db).resolve("census");
        StarSchema schema = StarSchema.of(table, CENSUS_QI, new HierarchyCatalog(db));
        KAnonymity model = new KAnonymity(CENSUS_K);
        SuppressionLimit suppression = SuppressionLimit.parse(CENSUS_SUPPRESSION);
        CheckResult raw = new PrivacyCheck(db.dsl()).check(schema, LevelVector.zero(CENSUS_QI.size()), model, suppression);
        out.printf("   check %s as it is, k=%d: %d classes, %d rows in classes below k -> %s%n", String.join(",", CENSUS_QI),
                CENSUS_K, raw.classes(), raw.rowsBelowK(), raw.satisfied() ? "anonymous" : "not anonymous");
        AnonymizeOutcome outcome = new Anonymizer(db).run(new AnonymizeRequest(schema, model, suppression, new Incognito(),
                ExecutorKind.MEMORY, 0, SelectionCriterion.DISTORTION, null, "census_k5", SuppressMode.REMOVE, false, true,
                Set.of(table.column("id").name())));
        if (outcome.release() == null || !outcome.release().released()) {
            throw new IllegalStateException("no node of the bundled census is " + model + " within " + CENSUS_SUPPRESSION);
        }
        ReleaseRecord r = outcome.release().release();
        LevelVector node = outcome.selected().node();
        out.printf("   Incognito searched the %d-node lattice in %d ms: %d nodes meet %s with at most %s suppressed%n",
                latticeSize(schema), outcome.search().millis(), outcome.search().anonymous().size(), model, CENSUS_SUPPRESSION);
        out.printf("   released the one of least distortion (generalized levels / hierarchy height per cell), %s (levels %s):%n",
                node.toString(schema.names()), node.toCsv());
        out.printf("   %s: %d of %d rows, %d suppressed, %d classes, smallest %d; identifying column id dropped%n",
                r.relation(), r.rowsOut(), r.rowsIn(), r.rowsSuppressed(), r.classes(), r.smallestClass());
        out.printf("   independent re-check (no row = k-anonymous): %s%n", r.recheckSql());
        var exported = new RelationExporter(db).export(r.name(), folder.resolve("census_k5.csv"));
        out.printf("   exported %d rows to %s%n", exported.rows(), exported.file());
        RiskOptions noCombinations = new RiskOptions(RiskOptions.DEFAULT_THRESHOLD, null, null, 0);
        ReidentificationRisk before = new RiskAnalyzer(db).analyze(RiskSubject.node(schema, LevelVector.zero(CENSUS_QI.size())),
                noCombinations).risk();
        ReidentificationRisk after = new RiskAnalyzer(db).analyze(RiskSubject.release(db, r), noCombinations).risk();
        out.printf(Locale.ROOT, "   re-identification risk (prosecutor): highest %.1f %% -> %.1f %%, records at risk (> 10 %%) %.1f %% -> %.1f %%%n",
                100 * before.prosecutor().highest(), 100 * after.prosecutor().highest(), 100 * before.prosecutor().recordsAtRisk(),
                100 * after.prosecutor().recordsAtRisk());
        int[] heights = schema.quasiIdentifiers().stream().mapToInt(q -> q.maxLevel()).toArray();
        LatticeView lattice = new LatticeView(schema.names(), heights, Set.copyOf(outcome.search().anonymous()), node,
                outcome.search().complete(), outcome.search().algorithm());
        Path report = folder.resolve("census_k5.html");
        ReportFile.write(report, new ReleaseReport(db, "kanon demo").html(r, RiskOptions.defaults(), lattice));
        out.printf("   wrote its report, charts and all, to %s (open it in a browser)%n", report);
        return r;
    }
}
