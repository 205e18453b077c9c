package org.kanon.cli;

import java.util.List;
import java.util.Locale;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.metrics.HierarchyWeights;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import org.kanon.release.metrics.ReleaseMetrics;
import org.kanon.release.metrics.TwoTableReleaseMetrics;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "metrics", description = {"Utility and protection figures of a registered release, computed from the released relation and the hierarchies.",
        "Distortion (TKDE 2008, Definitions 5-7): the sum over QI cells of the weighted hierarchical distance WHD from the raw value",
        "to the cell's level; DM = sum of squared class sizes (a suppressed row charged the source's size); CAVG = rows / classes / k;",
        "inconsistency (Definition 12), generalization portion (Definition 13), modification rate; and the (alpha,k) paper's",
        "distortion, where a cell generalized h levels up costs h. Figures that need a cell's level are 'not defined' (json: null)",
        "when a cell is no label of its hierarchy (ranges, as Mondrian releases them). Text is aligned, one figure per line.",
        "A two-table release (--algorithm permutation|anatomy) gets the permutation paper's figures:",
        "NCP of the partition (Definition 3), the adversary's probability (Theorem 1) per group,",
        "the presence probability (Lemma 1) per row, the reconstruction error RCE (equations 5, 6, 9)",
        "and its lower bound (Theorem 2)."})
final class MetricsCommand extends ResultCommand {
    @Option(names = "--release", paramLabel = "R", required = true, description = "Release name.")
    String name;

    @Option(names = "--weights", paramLabel = "uniform|height", description = "WHD weights: uniform (every step 1) or height "
            + "(a step from paper level j to j-1 weighs 1/(j-1)^beta, steps near the root weigh more). Default: both, height with --beta.")
    String weights;

    @Option(names = "--beta", paramLabel = "B", description = "Beta of height weights, at least 1 (default 1).")
    Double beta;

    @Override
    public Integer call() {
        List<HierarchyWeights> chosen = weightings();
        boolean json = json();
        try (Database db = openDatabase()) {
            ReleaseRecord r = new ReleaseRegister(db).require(name);
            if (r.twoTables()) {
                return twoTables(db, r, json);
            }
            MetricsReport report = new MetricsReport(new ReleaseMetrics(db, progress(json)).of(r), chosen);
            print(json, report::json, out -> out.print(report.text()));
            return ExitCodes.OK;
        }
    }

    /** The permutation paper's figures; the hierarchy weights measure generalized cells, which these releases have none of. */
    private int twoTables(Database db, ReleaseRecord r, boolean json) {
        if (weights != null || beta != null) {
            throw new InvalidInputException((weights != null ? "--weights" : "--beta") + ": release " + r.name() + " is a two-table ("
                    + r.recoding().toLowerCase(Locale.ROOT) + ") release, whose QI values are not generalized; drop the option");
        }
        TwoTableMetricsOutput report = new TwoTableMetricsOutput(r, TwoTableReleaseMetrics.of(db, r));
        print(json, report::json, out -> out.print(report.text()));
        return ExitCodes.OK;
    }

    private List<HierarchyWeights> weightings() {
        double b = 1;
        if (beta != null) {
            if (!(beta >= 1) || beta.isInfinite()) {
                throw new InvalidInputException("--beta: must be a finite number >= 1, got " + beta);
            }
            b = beta;
        }
        if (weights == null) {
            return List.of(HierarchyWeights.uniform(), HierarchyWeights.height(b));
        }
        switch (weights.trim().toLowerCase(Locale.ROOT)) {
            case "uniform":
                if (beta != null) {
                    throw new InvalidInputException("--beta: applies to --weights height only");
                }
                return List.of(HierarchyWeights.uniform());
            case "height":
                return List.of(HierarchyWeights.height(b));
            default:
                throw new InvalidInputException("--weights: expected uniform or height, got '" + weights + "'");
        }
    }
}
