package org.kanon.release;

/**
 * The model code of a register row that has none: what catalog migration V9 computes for the rows it finds, from the
 * display text ({@code PrivacyModel.toString()} as kanon wrote it before V9), k and the two-table marker; null when
 * the text is none of those forms. A kanon older than V9 still writes to a catalog at V9 (Flyway leaves migrations
 * newer than the ones it ships alone), and its rows have no code: this is the one place that reads such a row's text.
 * It follows V9__release_model_codes.sql rule for rule; keep the two in step.
 */
final class LegacyModelText {
    private static final String ANONYMITY = ")-anonymity";
    private static final String GENERAL = ")-anonymity (general)";
    private static final String DIVERSITY = "-diversity";
    private static final String WITH_K = "-diversity with k=";
    private static final String DISTINCT = "distinct ";

    private LegacyModelText() {
    }

    static String code(ReleaseRecord r) {
        // a row registered before V2 has no text of its own: the column's default
        String text = r.privacyModel() == null ? "k-anonymity" : r.privacyModel();
        String k = Integer.toString(r.k());
        if (text.equals("k-anonymity") || text.equals(k + "-anonymity")) {
            return "k-anonymity;k=" + k;
        }
        if (text.startsWith("(") && text.endsWith("," + k + GENERAL) && text.length() > 2 + k.length() + GENERAL.length()) {
            return "alpha-k-general;alpha=" + text.substring(1, text.length() - 1 - k.length() - GENERAL.length()) + ";k=" + k;
        }
        if (text.startsWith("(") && text.endsWith("," + k + ANONYMITY) && text.length() > 2 + k.length() + ANONYMITY.length()) {
            return "alpha-k;alpha=" + text.substring(1, text.length() - 1 - k.length() - ANONYMITY.length()) + ";k=" + k;
        }
        int prefix = text.startsWith(DISTINCT) ? DISTINCT.length() : 0;
        String form = prefix > 0 ? "distinct" : "frequency";
        if (text.endsWith(WITH_K + k) && text.length() > prefix + WITH_K.length() + k.length()) {
            return "l-diversity;form=" + form + ";l=" + text.substring(prefix, text.length() - WITH_K.length() - k.length()) + ";k=" + k;
        }
        if (text.endsWith(DIVERSITY) && text.length() > prefix + DIVERSITY.length()) {
            // a two-table release registers its l as k; its model sets no k of its own
            return "l-diversity;form=" + form + ";l=" + text.substring(prefix, text.length() - DIVERSITY.length()) + ";k="
                    + (r.twoTables() ? "1" : k);
        }
        return null;
    }
}
