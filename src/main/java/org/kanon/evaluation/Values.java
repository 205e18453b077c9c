package org.kanon.evaluation;

/**
 * One representation for a value wherever it comes from (the original's typed column, a released table's typed or
 * text column, a hierarchy's key): a number of a numeric attribute as a {@code Double}, anything else as its text.
 */
final class Values {
    private Values() {
    }

    /** {@code null} stays null; text that is not a number, for a numeric attribute, is null too (it matches nothing). */
    static Object of(Object raw, boolean numeric) {
        if (raw == null) {
            return null;
        }
        if (!numeric) {
            return raw.toString();
        }
        if (raw instanceof Number n) {
            return n.doubleValue();
        }
        return number(raw.toString());
    }

    static Double number(String text) {
        try {
            return Double.valueOf(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
