package org.kanon.cli;

import java.util.Optional;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.evaluation.QueryEvaluation;
import org.kanon.evaluation.WorkloadSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "evaluate-queries", description = {"Measure how well a release answers count queries (the permutation paper, section 4.2).",
        "A seeded workload of SELECT COUNT(*) WHERE A1 in b1 AND .. AND A(w-1) in b(w-1) AND S = v,",
        "estimated from the release alone (permutation: per group the product of the attributes'",
        "shares; anatomy: the share of the group's QI tuples; generalized releases: uniform inside",
        "a generalized value) and answered exactly from one GROUP BY of the original (text as",
        "written). Prints the average and",
        "median relative error |exact - estimate| / exact."})
final class EvaluateQueriesCommand extends ResultCommand {
    @Option(names = "--release", paramLabel = "R", required = true, description = "Release name.")
    String name;

    @Option(names = "--original", paramLabel = "T", description = "The original table the exact answers are counted on (required).")
    String original;

    @Option(names = "--queries", paramLabel = "N", description = "Queries in the workload (default " + WorkloadSpec.DEFAULT_QUERIES + ").")
    int queries = WorkloadSpec.DEFAULT_QUERIES;

    @Option(names = "--dimensionality", paramLabel = "W", description = "w: w-1 QI ranges plus the sensitive value, 2..d+1 (default "
            + WorkloadSpec.DEFAULT_DIMENSIONALITY + ", or d+1 when smaller).")
    Integer dimensionality;

    @Option(names = "--selectivity", paramLabel = "S", description = "Volume s in (0, 1]: each range covers floor(|A| x s^(1/(w+1))) "
            + "consecutive values of its attribute (default " + WorkloadSpec.DEFAULT_SELECTIVITY + ").")
    double selectivity = WorkloadSpec.DEFAULT_SELECTIVITY;

    @Option(names = "--seed", paramLabel = "N", description = "Seed of the workload (default 1).")
    long seed = 1;

    @Option(names = "--sensitive", paramLabel = "S", description = "The sensitive column the queries ask for, when the release registers none"
            + " (k-anonymity).")
    String sensitive;

    @Override
    public Integer call() {
        boolean json = json();
        if (original == null || original.isBlank()) {
            throw new InvalidInputException("--original is required: the table whose exact answers the estimates are compared with");
        }
        try (Database db = openDatabase()) {
            QueryEvaluation.Report r = new QueryEvaluation(db).evaluate(name, original, Optional.ofNullable(sensitive),
                    new WorkloadSpec(queries, dimensionality == null ? WorkloadSpec.AUTO : dimensionality, selectivity, seed));
            QueryEvaluationOutput output = new QueryEvaluationOutput(r);
            print(json, output::json, out -> out.print(output.text()));
            return ExitCodes.OK;
        }
    }
}
