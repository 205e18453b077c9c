package org.kanon.engine;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.CheckResult;
import org.kanon.release.NodeCheck;
import org.kanon.release.ReleaseOutcome;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import org.kanon.release.ReleaseRequest;
import org.kanon.release.ReleaseWriter;
import org.kanon.release.SuppressMode;
import org.kanon.release.metrics.ReleaseMetrics;
import org.kanon.report.ReleaseReport;
import org.kanon.risk.RiskAnalysis;
import org.kanon.risk.RiskAnalyzer;
import org.kanon.risk.RiskOptions;
import org.kanon.risk.RiskSubject;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.verify.ReleaseVerification;
import org.kanon.verify.Violation;

/**
 * kanon as a Java library: the same engine the command line runs, on one open database. The password comes from the
 * environment variable {@value ConnectionSettings#PASSWORD_VARIABLE}, as for the command line (never an argument).
 *
 * <pre>{@code
 * try (Kanon kanon = Kanon.open("jdbc:derby:kanon-db")) {
 *     AnonymizeResult r = kanon.anonymize("mondrian", Anonymization.kAnonymity("patients", "sex,zipcode", 2),
 *             AnonymizeOptions.builder().releaseAs("patients_k2").build());
 *     List<Violation> none = kanon.verify("patients_k2");
 * }
 * }</pre>
 *
 * A mistake in the input (an unknown table or algorithm, an option the algorithm does not read, a value out of
 * range) is an {@link org.kanon.InvalidInputException} naming it in the API's words (never a command-line option),
 * thrown before anything is written.
 */
public final class Kanon implements AutoCloseable {
    /** Violations {@link #verify} reports at most per check, as {@code kanon verify} does. */
    private static final int VIOLATIONS_SHOWN = 20;

    private final Database db;

    private Kanon(Database db) {
        this.db = db;
    }

    /** Opens the database at {@code jdbcUrl} (its catalog created or brought up to date); the user from the URL or the environment. */
    public static Kanon open(String jdbcUrl) {
        return open(jdbcUrl, null);
    }

    /** As {@link #open(String)}, as {@code user} (null: {@value ConnectionSettings#USER_VARIABLE}, if set). */
    public static Kanon open(String jdbcUrl, String user) {
        return ApiWords.ANONYMIZE.call(() -> new Kanon(Database.open(ConnectionSettings.resolve(jdbcUrl, user, System.getenv()))));
    }

    /** Whether the table as it is (every QI at level 0) meets the requirement, as {@code kanon check}. */
    public CheckResult check(Anonymization what) {
        return check(what, null);
    }

    /** ... with the QIs generalized to {@code levels} ("1,0,2", one per QI; null: all 0). */
    public CheckResult check(Anonymization what, String levels) {
        return ApiWords.ANONYMIZE.call(() -> {
            what.require();
            StarSchema schema = schema(what);
            LevelVector node = node(schema, levels);
            return new NodeCheck(db).check(schema, node, what.model(), what.suppressionLimit());
        });
    }

    /** Runs the algorithm of that name, as {@code kanon anonymize --algorithm NAME}; with a release name it releases. */
    public AnonymizeResult anonymize(String algorithm, Anonymization what, AnonymizeOptions options) {
        return ApiWords.ANONYMIZE.call(() -> new AlgorithmRunner(db).run(algorithm, what, options, null));
    }

    /**
     * Releases the table generalized to {@code levels} under {@code name} as a view (registered, with its re-check
     * SQL), as {@code kanon release}; the outcome says whether it was released or why not.
     */
    public ReleaseOutcome release(Anonymization what, String levels, String name) {
        return release(what, levels, name, false);
    }

    /** ... replacing a release of that name when {@code replace}, as {@code kanon release --replace}. */
    public ReleaseOutcome release(Anonymization what, String levels, String name, boolean replace) {
        return ApiWords.RELEASE.call(() -> {
            what.require();
            StarSchema schema = schema(what);
            LevelVector node = node(schema, levels);
            Set<String> identifying = new HashSet<>();
            return new ReleaseWriter(db).release(new ReleaseRequest(name, schema, node, what.model(), what.suppressionLimit(),
                    SuppressMode.REMOVE, false, replace, identifying, "full-domain"));
        });
    }

    /** Re-checks a release against its source and its register, as {@code kanon verify}: empty when it verifies. */
    public List<Violation> verify(String release) {
        return ApiWords.ANONYMIZE.call(() -> new ReleaseVerification(db).verify(new ReleaseRegister(db).require(release), VIOLATIONS_SHOWN));
    }

    /** The utility figures of a (one-table) release and its largest sensitive share, as {@code kanon metrics}. */
    public ReleaseMetrics.Figures metrics(String release) {
        return ApiWords.ANONYMIZE.call(() -> new ReleaseMetrics(db).of(new ReleaseRegister(db).require(release)));
    }

    /**
     * The re-identification risk of a table with the QIs ("a,b,c") at a node of its lattice ("1,0,2"; null: the table
     * as it is), as {@code kanon risk}.
     */
    public RiskAnalysis risk(String table, String qis, String levels, RiskOptions options) {
        return ApiWords.ANONYMIZE.call(() -> {
            SourceTable source = new TableResolver(db).resolve(table);
            StarSchema schema = StarSchema.of(source, OptionLists.names("--qi", qis), new HierarchyCatalog(db));
            return new RiskAnalyzer(db).analyze(RiskSubject.node(schema, node(schema, levels)), options);
        });
    }

    /** The re-identification risk of a registered release as published (its suppressed rows left out), as {@code kanon risk --release}. */
    public RiskAnalysis releaseRisk(String release, RiskOptions options) {
        return ApiWords.ANONYMIZE.call(() -> new RiskAnalyzer(db).analyze(RiskSubject.release(db, new ReleaseRegister(db).require(release)), options));
    }

    /** The self-contained HTML report of a registered release, as {@code kanon report --release}. */
    public String report(String release, RiskOptions options) {
        return ApiWords.ANONYMIZE.call(() -> new ReleaseReport(db, "kanon (Java API)").html(new ReleaseRegister(db).require(release), options, null));
    }

    /** The register entry of a release. */
    public ReleaseRecord releaseRecord(String release) {
        return ApiWords.ANONYMIZE.call(() -> new ReleaseRegister(db).require(release));
    }

    @Override
    public void close() {
        db.close();
    }

    private StarSchema schema(Anonymization what) {
        SourceTable source = new TableResolver(db).resolve(what.table());
        return StarSchema.of(source, what.qiNames(), new HierarchyCatalog(db));
    }

    private static LevelVector node(StarSchema schema, String levels) {
        LevelVector node = OptionLists.levels(levels, schema.quasiIdentifiers().size());
        schema.validate(node);
        return node;
    }
}
