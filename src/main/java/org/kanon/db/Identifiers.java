package org.kanon.db;

import java.util.Arrays;
import java.util.regex.Pattern;
import org.jooq.Name;
import org.jooq.impl.DSL;
import org.kanon.db.dialect.DatabaseProfile;
import org.kanon.db.dialect.NameLimit;

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

    private final DatabaseProfile profile;
    private final NameLimit limit;
    private final String url;

    /** {@code url}: the database connected to, whose kanon namespaces {@link #namespace} names. */
    public Identifiers(DatabaseProfile profile, String url) {
        this.profile = profile;
        this.limit = profile.relationNameLimit();
        this.url = url;
    }

    /**
     * The schema, as the database stores its name, of one of kanon's namespaces ({@link KanonSchemas}): the profile's
     * to say (a schema of the connected database, or a sibling database where there are no schemas).
     */
    public String namespace(String kanonSchema) {
        return profile.namespace(kanonSchema, url);
    }

    /** A relation in one of kanon's namespaces: the namespace's schema and the folded name. */
    public Name ours(String kanonSchema, String object) {
        return DSL.name(namespace(kanonSchema), fold(object));
    }

    /** Whether a schema name (as a user typed it or as the database stores it) is one of kanon's namespaces. */
    public boolean isOwn(String schema) {
        return KanonSchemas.isOwn(schema) || schema != null && (schema.equalsIgnoreCase(namespace(KanonSchemas.CATALOG))
                || schema.equalsIgnoreCase(namespace(KanonSchemas.DIMENSIONS)) || schema.equalsIgnoreCase(namespace(KanonSchemas.RELEASES)));
    }

    /** True when the database keeps this identifier (as folded) whole: not too long, no character it cannot keep. */
    public boolean fits(String identifier) {
        String folded = fold(identifier);
        return limit.measure(folded) <= limit.max() && limit.unkeptCharacter(folded) < 0;
    }

    /**
     * Why {@code identifier} does not {@link #fits}, for an error line: its length and the database's limit, or the
     * character the database keeps in no name.
     */
    public String tooLong(String identifier) {
        String folded = fold(identifier);
        String unkept = unkept(folded);
        if (unkept != null) {
            return folded + " holds " + unkept;
        }
        return folded + " is " + limit.measure(folded) + " " + limit.unit() + " long; " + limit.database()
                + " keeps at most " + limit.max() + " " + limit.unit() + " of a relation name";
    }

    /**
     * Null when the database keeps every character of {@code name} in a name, else which one it does not keep
     * ("U+1F600, beyond U+FFFF (an emoji?): MariaDB keeps no such character in a name").
     */
    public String unkept(String name) {
        int c = limit.unkeptCharacter(name);
        return c < 0 ? null : String.format("U+%04X, beyond U+FFFF (an emoji?): %s keeps no such character in a name", c, limit.database());
    }

    public static boolean isPlain(String name) {
        return PLAIN.matcher(name).matches();
    }

    public String fold(String name) {
        if (!isPlain(name)) {
            return name;
        }
        return profile.foldPlain(name);
    }

    /**
     * A relation as kanon registers it ({@code schema}, {@code name}), as a name: a schema registered as
     * {@code catalog.schema} is a table another catalog of the engine reads (Trino), three parts.
     */
    public Name registered(String schema, String name) {
        int dot = schema.indexOf('.');
        return profile.readsOtherCatalogs() && dot > 0
                ? DSL.name(schema.substring(0, dot), schema.substring(dot + 1), name) : DSL.name(schema, name);
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
