package org.kanon.db;

import java.nio.charset.StandardCharsets;
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
    /** Longest identifier both databases accept (Derby 128, PostgreSQL 63 bytes); relation names: {@link #fits}. */
    public static final int MAX_LENGTH = 63;

    private final boolean upperCase;
    private final NameLimit limit;

    public Identifiers(SQLDialect dialect) {
        this.upperCase = dialect.family() == SQLDialect.DERBY;
        this.limit = NameLimit.of(dialect);
    }

    /**
     * The longest relation name a database keeps as given. PostgreSQL counts bytes (UTF-8) and silently truncates a
     * longer name to 63, so two names can meet in one relation and a later DROP of the long name misses it; MariaDB
     * and MySQL allow 64 characters, Derby 128.
     */
    record NameLimit(int max, boolean bytes, String database) {
        static NameLimit of(SQLDialect dialect) {
            return switch (dialect.family()) {
                case POSTGRES -> new NameLimit(63, true, "PostgreSQL");
                case MARIADB, MYSQL -> new NameLimit(64, false, "MariaDB");
                default -> new NameLimit(128, false, "Derby");
            };
        }

        int measure(String name) {
            return bytes ? name.getBytes(StandardCharsets.UTF_8).length : name.length();
        }

        String unit() {
            return bytes ? "bytes" : "characters";
        }
    }

    /** True when the database keeps this identifier (as folded) whole. */
    public boolean fits(String identifier) {
        return limit.measure(fold(identifier)) <= limit.max();
    }

    /** Why {@code identifier} does not {@link #fits}: its length and the database's limit, for an error line. */
    public String tooLong(String identifier) {
        String folded = fold(identifier);
        return folded + " is " + limit.measure(folded) + " " + limit.unit() + " long; " + limit.database()
                + " keeps at most " + limit.max() + " " + limit.unit() + " of a relation name";
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
