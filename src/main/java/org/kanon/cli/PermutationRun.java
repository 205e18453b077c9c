package org.kanon.cli;

import java.io.PrintWriter;
import java.time.LocalDateTime;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.Set;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.permutation.PermutationAnonymizer;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.TwoTableReleaseWriter;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;

/**
 * {@code kanon anonymize --algorithm permutation|anatomy --l L --sensitive S}: an l-diverse partition published as
 * two tables joined by a group id, the QI values permuted within each group (permutation anonymization) or exact
 * (Anatomy); with --name the tables are written, re-checked and registered in one transaction.
 */
final class PermutationRun {
    static final Set<String> NAMES = Set.of(PermutationAnonymizer.PERMUTATION, PermutationAnonymizer.ANATOMY);

    private PermutationRun() {
    }

    static int run(Database db, String algorithm, NodeOptions node, Long seed, boolean preprocess, String name, boolean replace,
                   AnonymizeOutput output, LocalDateTime started) {
        PrintWriter out = output.text();
        if (node.table == null) {
            throw new InvalidInputException("--table is required");
        }
        if (node.qi == null) {
            throw new InvalidInputException("--qi is required");
        }
        if (node.l == null) {
            throw new InvalidInputException("--l is required for --algorithm " + algorithm);
        }
        if (node.sensitive == null) {
            throw new InvalidInputException("--sensitive is required for --algorithm " + algorithm);
        }
        if (node.alpha != null || node.values != null) {
            throw new InvalidInputException("--algorithm " + algorithm + ": the release is l-diverse; drop --alpha/--value");
        }
        if (node.suppressionLimit().allowance(Long.MAX_VALUE / 2) > 0) {
            throw new InvalidInputException("--suppression: " + algorithm + " publishes every row; drop the option");
        }
        PermutationAnonymizer.Options options = new PermutationAnonymizer.Options(algorithm, node.l, preprocess,
                seed == null ? OptionalLong.empty() : OptionalLong.of(seed));
        PermutationAnonymizer.Result r = new PermutationAnonymizer().anonymize(db, node.table, node.qiNames(), node.sensitive, options);
        SourceTable source = new TableResolver(db).resolve(node.table);
        out.printf(Locale.ROOT, "partitioned %s into %d %d-diverse groups (smallest %d) by %s; NCP %.2f; load %d ms, partition %d ms, permutations %d ms%s%n",
                source.displayName(), r.groups().size(), node.l, r.smallestGroup(), preprocess ? "Algorithm 2 then Algorithm 1" : "Algorithm 1",
                r.ncp(), r.loadMs(), r.partitionMs(), r.populateMs(), seed == null ? "" : " (seed " + seed + ")");
        ReleaseRecord release = null;
        if (name != null) {
            long t0 = System.nanoTime();
            release = new TwoTableReleaseWriter(db).write(new TwoTableReleaseWriter.Request(name, r.input(), r.layout(), node.l,
                    options.anatomy(), replace, algorithm));
            out.printf(Locale.ROOT, "released %s as tables %s.%s (QI, GID) and %s.%s (GID, %s): %d rows, %d groups, %d ms%n", release.name(),
                    release.relationSchema(), release.relationName(), release.relationSchema(), release.sensitiveRelation(),
                    release.sensitiveAttribute(), release.rowsOut(), release.classes(), (System.nanoTime() - t0) / 1_000_000);
            out.printf("re-check (must return no row): %s%n", release.recheckSql());
        }
        output.record(db, source, "table=" + node.table + " qi=" + node.qi + " l=" + node.l + " sensitive=" + node.sensitive + " algorithm=" + algorithm,
                algorithm, node.l + "-diversity of " + node.sensitive,
                new JsonObject().put("groups", r.groups().size()).put("smallestGroup", r.smallestGroup()).put("ncp", r.ncp())
                        .put("preprocess", preprocess).put("seed", seed).put("loadMs", r.loadMs()).put("partitionMs", r.partitionMs())
                        .put("populateMs", r.populateMs()),
                release, started);
        return ExitCodes.OK;
    }
}
