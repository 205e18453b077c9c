package org.kanon.db;

import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jooq.Name;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;

/**
 * The one place that decides how a name becomes an identifier. Every identifier is rendered quoted by jOOQ, so a
 * hostile name such as {@code x; DROP TABLE y} is just an odd table name. A plain name (letters, digits,
 * underscore) is first folded to the case the database stores unquoted names in (Derby: upper, PostgreSQL:
 * lower) so that a DBA can type it unquoted in SQL; any other name keeps its exact spelling.
 */
public final class Identifiers {
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    /** Longest identifier both databases accept (Derby 128, PostgreSQL 63 bytes). */
    public static final int MAX_LENGTH = 63;

    private final boolean upperCase;

    public Identifiers(SQLDialect dialect) {
        this.upperCase = dialect.family() == SQLDialect.DERBY;
    }

    public static boolean isPlain(String name) {
        return PLAIN.matcher(name).matches();
    }

    public String fold(String name) {
        if (!isPlain(name)) {
            return name;
        }
        return upperCase ? name.toUpperCase(Locale.ROOT) : name.toLowerCase(Locale.ROOT);
    }

    /** A qualified name whose parts are each folded. */
    public Name name(String... parts) {
        return DSL.name(Arrays.stream(parts).map(this::fold).toArray(String[]::new));
    }

    /**
     * Turns an arbitrary label (a column name such as {@code marital-status}) into a plain identifier fragment,
     * for names kanon makes up itself, e.g. dimension tables.
     */
    public static String sanitize(String label) {
        String s = label.replaceAll("[^A-Za-z0-9_]+", "_").replaceAll("_+", "_");
        if (s.isEmpty() || !Character.isLetter(s.charAt(0))) {
            s = "X_" + s;
        }
        return s;
    }
}
