package org.kanon.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.frequency.MemoryExecutor;
import org.kanon.frequency.PrivacyCheck;
import org.kanon.frequency.SensitiveColumn;
import org.kanon.frequency.SourceIntegrity;
import org.kanon.frequency.StarSchema;
import org.kanon.global.SearchRequest;
import org.kanon.global.SearchResult;
import org.kanon.global.Searches;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.AlphaKAnonymity;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.privacy.Share;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * Not a test: the (alpha,k) paper's experiments (section 5) for eIncognito on Adult — time and distortion ratio for
 * k in 2, 5, 10 and alpha in 0.3, 0.5, 0.8 (8 QIs), for QI size 3..8 at k = 2, and the general model with
 * occupation as the sensitive attribute. eIncognito's release is the anonymous node of least height, which is
 * also the one of least distortion (a cell at level h costs h; no suppression), so its distortion ratio is its
 * height over the sum of the hierarchy heights. Usage: {@code AlphaKBenchmark JDBC_URL [algorithm]}; expects table
 * ADULT (45,222 rows) with ARX's hierarchies bound (see src/test/bench/ALPHAK-RESULTS.md).
 */
public final class AlphaKBenchmark {
    private static final List<String> QI = List.of("age", "workclass", "education", "marital-status", "occupation",
            "race", "sex", "native-country");
    private static final int RUNS = 5;

    public static void main(String[] args) throws Exception {
        String url = args.length > 0 ? args[0] : "jdbc:derby:/tmp/perf-db";
        String algorithm = args.length > 1 ? args[1] : "incognito-superroots";
        try (Database db = Database.open(new ConnectionSettings(url, null, null))) {
            System.out.println("eIncognito (" + algorithm + ", memory executor) on Adult, sensitive salary-class = '>50K'; "
                    + "ms = search + selection, median of " + RUNS + " after a warm-up [min-max] (executor load apart)\n");
            System.out.println("| QI | k | alpha | ms | load ms | anonymous nodes | release (least height) | distortion ratio |");
            System.out.println("|---|---|---|---|---|---|---|---|");
            for (int k : new int[] {2, 5, 10}) {
                for (String alpha : new String[] {"0.3", "0.5", "0.8"}) {
                    row(db, algorithm, QI, new AlphaKAnonymity(k, Share.parse("--alpha", alpha),
                            new SensitiveAttribute("salary-class", List.of(">50K"))));
                }
            }
            for (int size = 3; size <= 8; size++) {
                row(db, algorithm, QI.subList(0, size), new AlphaKAnonymity(2, Share.parse("--alpha", "0.5"),
                        new SensitiveAttribute("salary-class", List.of(">50K"))));
            }
            List<String> withoutOccupation = QI.stream().filter(q -> !q.equals("occupation")).toList();
            for (String alpha : new String[] {"0.3", "0.5", "0.8"}) {
                row(db, algorithm, withoutOccupation, new AlphaKAnonymity(2, Share.parse("--alpha", alpha),
                        new SensitiveAttribute("occupation", List.of())));
            }
        }
    }

    private static void row(Database db, String algorithm, List<String> qi, PrivacyModel model) {
        var table = new TableResolver(db).resolve("adult");
        StarSchema schema = StarSchema.of(table, qi, new HierarchyCatalog(db));
        String label = qi.size() + (((AlphaKAnonymity) model).simple() ? "" : " (all but occupation)");
        String alpha = ((AlphaKAnonymity) model).alpha().toString() + (((AlphaKAnonymity) model).simple() ? "" : " general, S=occupation");
        SensitiveColumn sensitive;
        try {
            sensitive = new PrivacyCheck(db.dsl()).feasibleSensitiveColumn(schema, model);
        } catch (RuntimeException infeasible) {
            System.out.printf("| %s | %d | %s | infeasible: %s |||||%n", label, model.k(), alpha, infeasible.getMessage());
            return;
        }
        long rows = new SourceIntegrity(db.dsl()).checkNullsAndCount(schema);
        long t0 = System.nanoTime();
        try (MemoryExecutor executor = MemoryExecutor.load(db.dsl(), schema, model, sensitive)) {
            double loadMs = (System.nanoTime() - t0) / 1e6;
            double[] ms = new double[RUNS];
            SearchResult result = null;
            for (int i = -1; i < RUNS; i++) {
                long s = System.nanoTime();
                result = Searches.byName(algorithm).search(executor, new SearchRequest(model.k(), 0));
                LevelVector best = least(result.anonymous());
                if (i >= 0) {
                    ms[i] = (System.nanoTime() - s) / 1e6;
                }
            }
            Arrays.sort(ms);
            LevelVector best = least(result.anonymous());
            int heights = schema.quasiIdentifiers().stream().mapToInt(q -> q.maxLevel()).sum();
            System.out.printf(Locale.ROOT, "| %s | %d | %s | %.1f [%.1f-%.1f] | %.0f | %d | %s | %s |%n", label, model.k(), alpha,
                    ms[RUNS / 2], ms[0], ms[RUNS - 1], loadMs, result.anonymous().size(),
                    best == null ? "-" : best.toCsv(), best == null ? "-" : String.format(Locale.ROOT, "%.4f", (double) best.height() / heights));
        }
    }

    private static LevelVector least(List<LevelVector> nodes) {
        LevelVector best = null;
        for (LevelVector v : nodes) {
            if (best == null || v.height() < best.height()) {
                best = v;
            }
        }
        return best;
    }
}
