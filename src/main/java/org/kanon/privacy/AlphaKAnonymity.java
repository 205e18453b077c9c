package org.kanon.privacy;

import java.util.Locale;
import java.util.Optional;
import org.kanon.InvalidInputException;

/**
 * (alpha,k)-anonymity (Wong, Li, Fu, Wang, KDD 2006): every class has at least k rows and the sensitive class
 * (the values named by {@code --value}) makes up at most alpha of it — the simple model; with no value named,
 * every value of S must make up at most alpha of every class — the general model ("alpha-rare", section 6).
 */
public record AlphaKAnonymity(int k, Share alpha, SensitiveAttribute attribute) implements PrivacyModel {
    public AlphaKAnonymity {
        if (k < 1) {
            throw new InvalidInputException("--k: must be at least 1, got " + k);
        }
    }

    public boolean simple() {
        return attribute.hasSensitiveClass();
    }

    @Override
    public Optional<SensitiveAttribute> sensitive() {
        return Optional.of(attribute);
    }

    @Override
    public boolean accepts(ClassStatistics c) {
        return c.size() >= k && alpha.bounds(simple() ? c.sensitiveRows() : c.largestValueRows(), c.size());
    }

    @Override
    public void checkFeasible(ClassStatistics table, String name) {
        new KAnonymity(k).checkAgainst(table.size(), name);
        long rows = simple() ? table.sensitiveRows() : table.largestValueRows();
        if (!alpha.bounds(rows, table.size())) {
            // Lemma 1: no class can hold a smaller share than the whole table does, on average
            throw new InvalidInputException(String.format(Locale.ROOT,
                    "--alpha %s is below the share of %s in %s (%.1f%%, %d of %d rows): no release can be (alpha,k)-anonymous (Lemma 1)",
                    alpha, simple() ? "the sensitive value(s) of " + attribute.column() : "the most frequent value of " + attribute.column(),
                    name, 100.0 * rows / table.size(), rows, table.size()));
        }
    }

    @Override
    public String toString() {
        return "(" + alpha + "," + k + ")-anonymity" + (simple() ? "" : " (general)");
    }
}
