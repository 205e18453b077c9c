package org.kanon.engine;

import java.util.List;
import org.kanon.InvalidInputException;
import org.kanon.privacy.AlphaKAnonymity;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.LDiversity;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.Requirement;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.privacy.Share;
import org.kanon.privacy.SuppressionLimit;

/**
 * What to anonymize and under which requirement, as the user wrote it: the table, its quasi-identifiers, k and the
 * optional (alpha,k) or l-diversity parts, and the suppression allowance. Each family builds the model it can take
 * from it (the two-table releases read l and the sensitive attribute themselves), so a bad mix is refused in the
 * family's own words. Null means not given (a diversity form not given is {@link #DEFAULT_DIVERSITY}).
 */
public record Anonymization(String table, String qi, Integer k, String alpha, Integer l, String diversity, String sensitive,
                            List<String> values, String suppression, Beyond beyond) {
    public static final String DEFAULT_DIVERSITY = "frequency";
    public static final String DEFAULT_SUPPRESSION = "0";

    public Anonymization {
        values = values == null ? List.of() : List.copyOf(values);
        suppression = suppression == null ? DEFAULT_SUPPRESSION : suppression;
        beyond = beyond == null ? Beyond.NONE : beyond;
    }

    public Anonymization(String table, String qi, Integer k, String alpha, Integer l, String diversity, String sensitive,
                         List<String> values, String suppression) {
        this(table, qi, k, alpha, l, diversity, sensitive, values, suppression, Beyond.NONE);
    }

    /**
     * The criteria beyond (alpha,k) and distinct/frequency l-diversity, as given (null: not given): recursive
     * diversity's {@code c}, t-closeness's {@code t} and ground distance, k-map's k, delta-presence's {@code DMIN,DMAX}
     * and the population table the last two read.
     */
    public record Beyond(String c, String t, String closeness, Integer kMap, String presence, String population) {
        public static final Beyond NONE = new Beyond(null, null, null, null, null, null);

        public boolean any() {
            return c != null || t != null || closeness != null || kMap != null || presence != null || population != null;
        }
    }

    /** t-closeness of the sensitive attribute(s) with ground distance {@code closeness} (equal, hierarchical or ordered). */
    public Anonymization withCloseness(String share, String closeness, String sensitiveAttributes) {
        return new Anonymization(table, qi, k, alpha, l, diversity, sensitiveAttributes, values, suppression,
                new Beyond(beyond.c(), share, closeness, beyond.kMap(), beyond.presence(), beyond.population()));
    }

    /** Recursive (c,l)-diversity of the sensitive attribute(s). */
    public Anonymization withRecursiveDiversity(String c, int diverse, String sensitiveAttributes) {
        return new Anonymization(table, qi, k, alpha, diverse, "recursive", sensitiveAttributes, values, suppression,
                new Beyond(c, beyond.t(), beyond.closeness(), beyond.kMap(), beyond.presence(), beyond.population()));
    }

    /** k-map against the population table. */
    public Anonymization withKMap(int kMap, String populationTable) {
        return new Anonymization(table, qi, k, alpha, l, diversity, sensitive, values, suppression,
                new Beyond(beyond.c(), beyond.t(), beyond.closeness(), kMap, beyond.presence(), populationTable));
    }

    /** delta-presence ({@code "DMIN,DMAX"}) against the population table. */
    public Anonymization withPresence(String presence, String populationTable) {
        return new Anonymization(table, qi, k, alpha, l, diversity, sensitive, values, suppression,
                new Beyond(beyond.c(), beyond.t(), beyond.closeness(), beyond.kMap(), presence, populationTable));
    }

    /** k-anonymity of {@code qi} (comma-separated) in {@code table}. */
    public static Anonymization kAnonymity(String table, String qi, int k) {
        return new Anonymization(table, qi, k, null, null, null, null, List.of(), null);
    }

    public Anonymization withSuppression(String allowance) {
        return new Anonymization(table, qi, k, alpha, l, diversity, sensitive, values, allowance, beyond);
    }

    /** (alpha,k)-anonymity: {@code values} of {@code sensitive} (every value when empty) at most alpha of a class. */
    public Anonymization withAlpha(String share, String sensitiveAttribute, List<String> sensitiveValues) {
        return new Anonymization(table, qi, k, share, l, diversity, sensitiveAttribute, sensitiveValues, suppression, beyond);
    }

    /** l-diversity of {@code sensitive}; {@code form} is frequency or distinct. */
    public Anonymization withDiversity(int diverse, String form, String sensitiveAttribute) {
        return new Anonymization(table, qi, k, alpha, diverse, form, sensitiveAttribute, values, suppression, beyond);
    }

    /** Table, quasi-identifiers and k are required by every algorithm but the two-table ones. */
    public void require() {
        if (table == null) {
            throw new InvalidInputException("--table is required");
        }
        if (qi == null) {
            throw new InvalidInputException("--qi is required");
        }
        if (k == null) {
            throw new InvalidInputException("--k is required");
        }
    }

    /**
     * k-anonymity, or (alpha,k)-anonymity with alpha, or distinct/frequency l-diversity with l; or, with any criterion
     * beyond those (entropy or recursive diversity, t-closeness, k-map, delta-presence) or several sensitive columns,
     * a {@link Requirement} of them all. One clear error for a bad mix.
     */
    public PrivacyModel model() {
        if (beyond.any() || isNewDiversity() || (sensitive != null && sensitive.contains(","))) {
            return new RequirementOptions(this).requirement();
        }
        if (alpha != null && l != null) {
            throw new InvalidInputException("--alpha and --l: choose one privacy model");
        }
        if ((alpha != null || l != null) && sensitive == null) {
            throw new InvalidInputException((alpha != null ? "--alpha" : "--l") + " needs --sensitive S");
        }
        if (alpha == null && l == null) {
            if (diversity != null) {
                throw new InvalidInputException("--diversity needs --l L");
            }
            if (sensitive != null) {
                throw new InvalidInputException("--sensitive needs --alpha A or --l L");
            }
            if (!values.isEmpty()) {
                throw new InvalidInputException("--value needs --alpha A and --sensitive S");
            }
            return new KAnonymity(k);
        }
        SensitiveAttribute attribute = new SensitiveAttribute(sensitive, values);
        if (alpha != null) {
            return new AlphaKAnonymity(k, Share.parse("--alpha", alpha), attribute);
        }
        return new LDiversity(k, l, LDiversity.Form.parse(diversityForm()), attribute);
    }

    private boolean isNewDiversity() {
        return diversity != null && !diversity.equalsIgnoreCase("frequency") && !diversity.equalsIgnoreCase("distinct");
    }

    /** The form of l-diversity: as given, else {@link #DEFAULT_DIVERSITY}. */
    public String diversityForm() {
        return diversity == null ? DEFAULT_DIVERSITY : diversity;
    }

    public SuppressionLimit suppressionLimit() {
        return SuppressionLimit.parse(suppression);
    }

    public List<String> qiNames() {
        return OptionLists.names("--qi", qi);
    }

    /** For the run log: the sensitive values themselves are left out (only how many were named). */
    public String describe(String levels) {
        return "table=" + table + " qi=" + qi + " k=" + k
                + (alpha != null ? " alpha=" + alpha : "")
                + (l != null ? " l=" + l + " diversity=" + diversityForm() : "")
                + (beyond.c() != null ? " c=" + beyond.c() : "")
                + (beyond.t() != null ? " t=" + beyond.t() + " closeness=" + (beyond.closeness() == null ? "equal" : beyond.closeness()) : "")
                + (beyond.kMap() != null ? " k-map=" + beyond.kMap() : "")
                + (beyond.presence() != null ? " presence=" + beyond.presence() : "")
                + (beyond.population() != null ? " population=" + beyond.population() : "")
                + (sensitive != null ? " sensitive=" + sensitive + " values=" + values.size() : "")
                + " levels=" + (levels == null ? "0" : levels) + " suppression=" + suppression;
    }
}
