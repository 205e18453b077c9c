package org.kanon.db;

import java.util.Locale;
import java.util.Optional;

/**
 * What SQL text kanon did not write begins with, read before the text reaches the database: a source query must
 * begin with SELECT or WITH. The database's own checks ({@link ReadOnlyQuery}) come after preparing or running it, and
 * running is too late for a CALL: a MariaDB procedure that COMMITs ends the read-only transaction and writes before
 * kanon sees that no rows came back; a SHOW or an EXPLAIN is no query over tables either.
 *
 * <p>Whitespace, comments and opening parentheses before the first word are skipped the way every database kanon
 * talks to could read them, and the text passes only if the first word is SELECT or WITH however it is read: a line
 * comment ending at a line feed (MariaDB) or at a carriage return too (Derby, PostgreSQL), block comments nested
 * (Derby, PostgreSQL, DuckDB) or not (MariaDB). What one database reads as a comment and another does not
 * ({@code #}, MariaDB's executable {@code /*! ... *}{@code /}) is no comment here, so such a text is refused.
 */
public final class QueryStart {
    private static final String[] QUERIES = {"SELECT", "WITH"};
    /** Where the text ends before any word. */
    private static final String NOTHING = " ";

    private QueryStart() {
    }

    /**
     * Empty when {@code sql} begins with SELECT or WITH however it is read; else why not, to end a refusal: "it begins
     * with CALL" (the keyword upper-cased: SHOW, VALUES...), "it holds no statement", or "it begins with something
     * other than a keyword".
     */
    public static Optional<String> refusal(String sql) {
        String text = sql == null ? "" : sql;
        for (boolean carriageReturnEndsComment : new boolean[] {true, false}) {
            for (boolean nested : new boolean[] {true, false}) {
                String first = firstWord(text, carriageReturnEndsComment, nested);
                if (!isQuery(first)) {
                    return Optional.of(first.isEmpty() ? "it begins with something other than a keyword"
                            : first.equals(NOTHING) ? "it holds no statement" : "it begins with " + first);
                }
            }
        }
        return Optional.empty();
    }

    private static boolean isQuery(String word) {
        for (String q : QUERIES) {
            if (q.equals(word)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The first word after whitespace, comments and parentheses, upper-cased; "" when something else comes first, or
     * {@link #NOTHING} when the text ends (or a comment never does).
     */
    private static String firstWord(String text, boolean carriageReturnEndsComment, boolean nested) {
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '(') {
                i++;
            } else if (text.startsWith("--", i)) {
                i = lineCommentEnd(text, i + 2, carriageReturnEndsComment);
            } else if (text.startsWith("/*", i)) {
                if (text.startsWith("/*!", i) || text.startsWith("/*M!", i)) {
                    return ""; // MariaDB runs what is inside
                }
                i = blockCommentEnd(text, i, nested);
                if (i < 0) {
                    return NOTHING;
                }
            } else {
                break;
            }
        }
        if (i == n) {
            return NOTHING;
        }
        int start = i;
        while (i < n && isAsciiLetter(text.charAt(i))) {
            i++;
        }
        if (i == start || (i < n && isWordPart(text.charAt(i)))) {
            return "";
        }
        return text.substring(start, i).toUpperCase(Locale.ROOT);
    }

    private static int lineCommentEnd(String text, int from, boolean carriageReturnEnds) {
        int i = from;
        while (i < text.length() && text.charAt(i) != '\n' && !(carriageReturnEnds && text.charAt(i) == '\r')) {
            i++;
        }
        return i;
    }

    /** Just past the comment opened at {@code from}, or -1 if it never closes. */
    private static int blockCommentEnd(String text, int from, boolean nested) {
        int depth = 0;
        int i = from;
        while (i < text.length()) {
            if (text.startsWith("/*", i) && (nested || depth == 0)) {
                depth++;
                i += 2;
            } else if (text.startsWith("*/", i)) {
                depth--;
                i += 2;
                if (depth == 0) {
                    return i;
                }
            } else {
                i++;
            }
        }
        return -1;
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** A character that would continue an identifier (so "SELECTX" or "WITH_1" is no keyword). */
    private static boolean isWordPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '#' || c == '@';
    }
}
