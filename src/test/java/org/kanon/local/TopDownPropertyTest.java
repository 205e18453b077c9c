package org.kanon.local;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.jooq.Record;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.privacy.AlphaKAnonymity;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.LDiversity;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.privacy.Share;
import org.kanon.release.LocalRecodingReleaseWriter;
import org.kanon.release.LocalReleaseRequest;
import org.kanon.release.ReleaseRecord;
import org.kanon.schema.SourceTable;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.RandomTables;
import org.kanon.testing.ReleaseVerifier;
import org.kanon.testing.TestDatabases;

/**
 * On random small tables (a: interval hierarchy, b: masked zip, c: colours suppressed, d: no hierarchy) with random
 * QI sets of size 1..3 and every model kind, Top-Down either refuses (exactly when the fully generalized table
 * already fails the model) or yields a release the independent {@link ReleaseVerifier} accepts and whose stored
 * re-check returns no row.
 */
class TopDownPropertyTest {
    private static final int TRIALS = 14;

    @DatabaseTest
    @DisplayName("random tables, QIs and models: a valid release by the independent verifier, or the Lemma-1 refusal")
    void releasesSatisfyTheModel(TestDatabases.Kind kind, Database db, @TempDir Path dir) throws Exception {
        Random random = new Random(20060820L + kind.ordinal());
        int released = 0;
        int refused = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            SourceTable t = RandomTables.create(db, dir, random, "r" + trial, 8, 40);
            String sensitive = random.nextBoolean() ? "c" : "d";
            List<String> candidates = new ArrayList<>(List.of("a", "b", "c", "d"));
            candidates.remove(sensitive);
            java.util.Collections.shuffle(candidates, random);
            List<String> qis = candidates.subList(0, 1 + random.nextInt(3));
            PrivacyModel model = model(trial, random, sensitive);
            String label = "trial " + trial + ": " + model + " on " + qis + " of " + t.displayName();

            List<Record> rows = db.dsl().select().from(t.table()).fetch();
            boolean feasible = topClasses(rows, t, qis).values().stream().allMatch(c -> ReleaseVerifier.violation(model, t, c) == null);
            TopDownResult result;
            try {
                result = new TopDown().anonymize(db, t, t.columns(qis), model);
            } catch (InvalidInputException e) {
                assertFalse(feasible, label + ": refused although the fully generalized table passes: " + e.getMessage());
                refused++;
                continue;
            }
            assertTrue(feasible, label + ": no refusal although the fully generalized table fails");
            ReleaseRecord r = new LocalRecodingReleaseWriter(db).write(
                    new LocalReleaseRequest("rel_" + trial, result, Set.of(), false, TopDown.ALGORITHM));
            ReleaseVerifier.verify(db, t, r, qis, model, Set.of());
            assertEquals(0, db.dsl().fetch(r.recheckSql()).size(), label + ": re-check " + r.recheckSql());
            assertEquals(rows.size(), r.rowsOut(), label);
            assertEquals(result.metrics().classes(), r.classes(), label + ": classes as the release shows them");
            assertEquals(result.metrics().smallestClass(), r.smallestClass(), label);
            released++;
        }
        assertTrue(released >= TRIALS / 2, released + " released, " + refused + " refused");
    }

    /** Every model kind in turn, with random parameters. */
    private static PrivacyModel model(int trial, Random random, String sensitive) {
        int k = 1 + random.nextInt(5);
        String[] alphas = {"0.4", "0.5", "0.67", "0.8", "1"};
        Share alpha = Share.parse("--alpha", alphas[random.nextInt(alphas.length)]);
        return switch (trial % 5) {
            case 0 -> new KAnonymity(k);
            case 1 -> new AlphaKAnonymity(k, alpha, new SensitiveAttribute(sensitive, List.of(sensitive.equals("c") ? "red" : "0")));
            case 2 -> new AlphaKAnonymity(k, alpha, new SensitiveAttribute(sensitive, List.of()));
            case 3 -> new LDiversity(k, 1 + random.nextInt(2), LDiversity.Form.FREQUENCY, new SensitiveAttribute(sensitive, List.of()));
            default -> new LDiversity(k, 1 + random.nextInt(3), LDiversity.Form.DISTINCT, new SensitiveAttribute(sensitive, List.of()));
        };
    }

    /** The fully generalized table: a, b and c have the single top '*'-like value, d has no hierarchy and stays as is. */
    private static Map<Object, List<Record>> topClasses(List<Record> rows, SourceTable t, List<String> qis) {
        Map<Object, List<Record>> classes = new LinkedHashMap<>();
        String d = t.column("d").name();
        for (Record r : rows) {
            classes.computeIfAbsent(qis.contains("d") ? r.get(d) : "top", x -> new ArrayList<>()).add(r);
        }
        return classes;
    }
}
