package org.kanon.privacy;

import java.util.Locale;
import java.util.Optional;
import org.kanon.InvalidInputException;

/**
 * l-diversity of the sensitive attribute in every class: in the frequency form of the permutation paper the most
 * frequent value holds at most |E|/l of the class's rows; in the distinct form the class holds at least l distinct
 * values. Every class also has at least k rows.
 */
public record LDiversity(int k, int l, Form form, SensitiveAttribute attribute) implements PrivacyModel {

    public enum Form {
        FREQUENCY, DISTINCT;

        public static Form parse(String text) {
            return switch (text.toLowerCase(Locale.ROOT)) {
                case "frequency" -> FREQUENCY;
                case "distinct" -> DISTINCT;
                default -> throw new InvalidInputException("--diversity: expected frequency or distinct, got '" + text + "'");
            };
        }
    }

    public LDiversity {
        if (k < 1) {
            throw new InvalidInputException("--k: must be at least 1, got " + k);
        }
        if (l < 1) {
            throw new InvalidInputException("--l: must be at least 1, got " + l);
        }
        if (attribute.hasSensitiveClass()) {
            throw new InvalidInputException("--value: l-diversity counts every value of the sensitive attribute; --value belongs to --alpha");
        }
    }

    @Override
    public Optional<SensitiveAttribute> sensitive() {
        return Optional.of(attribute);
    }

    @Override
    public boolean accepts(ClassStatistics c) {
        return c.size() >= k && (form == Form.FREQUENCY ? c.largestValueRows() * l <= c.size() : c.distinctValues() >= l);
    }

    @Override
    public void checkFeasible(ClassStatistics table, String name) {
        new KAnonymity(k).checkAgainst(table.size(), name);
        if (form == Form.FREQUENCY && table.largestValueRows() * l > table.size()) {
            throw new InvalidInputException(String.format(Locale.ROOT,
                    "--l %d: the most frequent value of %s holds %d of the %d rows of %s, more than |T|/l = %d: no release can be %d-diverse",
                    l, attribute.column(), table.largestValueRows(), table.size(), name, table.size() / l, l));
        }
        if (form == Form.DISTINCT && table.distinctValues() < l) {
            throw new InvalidInputException(String.format(Locale.ROOT,
                    "--l %d: %s has only %d distinct value(s) in %s: no release can be distinct %d-diverse",
                    l, attribute.column(), table.distinctValues(), name, l));
        }
    }

    @Override
    public String toString() {
        return (form == Form.DISTINCT ? "distinct " : "") + l + "-diversity" + (k > 1 ? " with k=" + k : "");
    }
}
