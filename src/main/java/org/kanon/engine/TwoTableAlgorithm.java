package org.kanon.engine;

import java.io.PrintWriter;
import java.util.EnumSet;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.Set;
import org.kanon.InvalidInputException;
import org.kanon.permutation.PermutationAnonymizer;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.TwoTableReleaseWriter;
import org.kanon.schema.SourceTable;

/**
 * Permutation anonymization and Anatomy: an l-diverse partition published as two tables joined by a group id, the QI
 * values permuted within each group (permutation) or exact (Anatomy); with a release name the tables are written,
 * re-checked and registered in one transaction. The requirement is l-diversity of the sensitive attribute; k is
 * not read.
 */
final class TwoTableAlgorithm extends DeclaredAlgorithm {
    /** The two tables hold only the QIs and the sensitive attribute: there is no identifying column to drop. */
    TwoTableAlgorithm(String name) {
        super(name, Family.TWO_TABLES, EnumSet.of(AlgorithmOption.SEED, AlgorithmOption.NO_PREPROCESS));
    }



    @Override
    public boolean readsK() {
        return false;
    }

    @Override
    public Run prepare(Anonymization what, AnonymizeOptions settings) {
        if (what.table() == null) {
            throw new InvalidInputException("--table is required");
        }
        if (what.qi() == null) {
            throw new InvalidInputException("--qi is required");
        }
        if (what.l() == null) {
            throw new InvalidInputException("--l is required for --algorithm " + name);
        }
        if (what.sensitive() == null) {
            throw new InvalidInputException("--sensitive is required for --algorithm " + name);
        }
        if (what.k() != null) {
            // each group holds at least l rows: l is the size bound too, a k would be read by nothing
            throw new InvalidInputException("--k does not apply to --algorithm " + name + ": its groups are l-diverse (--l), each of at least l rows; drop --k");
        }
        if (what.beyond().any() || (what.diversity() != null && !what.diversity().equalsIgnoreCase(Anonymization.DEFAULT_DIVERSITY))) {
            throw new InvalidInputException("--algorithm " + name + ": the groups are frequency l-diverse (--l); drop --diversity, --c, --t,"
                    + " --closeness, --k-map, --presence and --population");
        }
        if (what.alpha() != null || !what.values().isEmpty()) {
            throw new InvalidInputException("--algorithm " + name + ": the release is l-diverse; drop --alpha/--value");
        }
        if (what.suppressionLimit().allowance(Long.MAX_VALUE / 2) > 0) {
            throw new InvalidInputException("--suppression: " + name + " publishes every row; drop the option");
        }
        boolean preprocess = !settings.noPreprocess();
        Long seed = settings.seed();
        int l = what.l();
        PermutationAnonymizer.Options options = new PermutationAnonymizer.Options(name, l, preprocess,
                seed == null ? OptionalLong.empty() : OptionalLong.of(seed));
        return context -> run(context, what, settings, options);
    }

    private AnonymizeResult run(RunContext context, Anonymization what, AnonymizeOptions settings, PermutationAnonymizer.Options options) {
        PrintWriter out = context.text();
        boolean preprocess = options.preprocess();
        Long seed = settings.seed();
        int l = options.l();
        SourceTable source = context.source(what.table());
        PermutationAnonymizer.Result r = new PermutationAnonymizer(context.progress()).anonymize(context.db(), source, source.columns(what.qiNames()),
                source.column(what.sensitive()), options);
        out.printf(Locale.ROOT, "partitioned %s into %d %d-diverse groups (smallest %d) by %s; NCP %.2f; load %d ms, partition %d ms, permutations %d ms%s%n",
                source.displayName(), r.groups().size(), l, r.smallestGroup(), preprocess ? "Algorithm 2 then Algorithm 1" : "Algorithm 1",
                r.ncp(), r.loadMs(), r.partitionMs(), r.populateMs(), seed == null ? "" : " (seed " + seed + ")");
        ReleaseRecord release = null;
        if (settings.name() != null) {
            long t0 = System.nanoTime();
            release = new TwoTableReleaseWriter(context.db(), context.progress()).write(new TwoTableReleaseWriter.Request(settings.name(), r.input(), r.layout(), l,
                    options.anatomy(), settings.replace(), name));
            out.printf(Locale.ROOT, "released %s as tables %s.%s (QI, GID) and %s.%s (GID, %s): %d rows, %d groups, %d ms%n", release.name(),
                    release.relationSchema(), release.relationName(), release.relationSchema(), release.sensitiveRelation(),
                    release.sensitiveAttribute(), release.rowsOut(), release.classes(), (System.nanoTime() - t0) / 1_000_000);
            out.printf("re-check (must return no row): %s%n", release.recheckSql());
        }
        return context.record(source, "table=" + what.table() + " qi=" + what.qi() + " l=" + l + " sensitive=" + what.sensitive()
                        + " algorithm=" + name, name, l + "-diversity of " + what.sensitive(),
                new JsonObject().put("groups", r.groups().size()).put("smallestGroup", r.smallestGroup()).put("ncp", r.ncp())
                        .put("preprocess", preprocess).put("seed", seed).put("loadMs", r.loadMs()).put("partitionMs", r.partitionMs())
                        .put("populateMs", r.populateMs()),
                release);
    }
}
