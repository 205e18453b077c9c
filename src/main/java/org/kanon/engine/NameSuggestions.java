package org.kanon.engine;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** "did you mean ...?" for a mistyped name (an algorithm, a command, an option): the known names closest to it. */
public final class NameSuggestions {
    private NameSuggestions() {
    }

    /** The names of {@code known} within a few typos of {@code given}, nearest first; as "; did you mean a or b?" or empty. */
    public static String closest(String given, Collection<String> known) {
        String g = given == null ? "" : given.toLowerCase(Locale.ROOT);
        int allowed = Math.max(2, g.length() / 3);
        return didYouMean(known.stream().filter(k -> distance(g, k.toLowerCase(Locale.ROOT)) <= allowed)
                .sorted(Comparator.comparingInt(k -> distance(g, k.toLowerCase(Locale.ROOT)))).limit(3).toList());
    }

    private static String didYouMean(List<String> names) {
        return names.isEmpty() ? "" : "; did you mean " + String.join(" or ", names.subList(0, Math.min(3, names.size()))) + "?";
    }

    /** Levenshtein distance: insertions, deletions and substitutions. */
    public static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
