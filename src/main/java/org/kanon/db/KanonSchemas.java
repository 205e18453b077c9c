package org.kanon.db;

/**
 * The schemas kanon writes to. Nothing is ever written elsewhere, except the table a user explicitly imports.
 */
public final class KanonSchemas {
    /** The catalog: registered tables, hierarchies, releases, runs (Flyway-managed). */
    public static final String CATALOG = "KANON";
    /** Hierarchies as dimension tables of the star schema. */
    public static final String DIMENSIONS = "KANON_DIM";
    /** Released views and tables. */
    public static final String RELEASES = "KANON_RELEASE";

    private KanonSchemas() {
    }

    /**
     * Whether a schema name is one of kanon's own. Compared ignoring case: a name a user typed may be folded or not
     * ({@code Kanon_Release}, {@code kanon_release}, {@code "KANON_RELEASE"}), and a lookalike of kanon's schema is
     * refused too rather than guessed at.
     */
    public static boolean isOwn(String schema) {
        return schema != null && (schema.equalsIgnoreCase(CATALOG) || schema.equalsIgnoreCase(DIMENSIONS)
                || schema.equalsIgnoreCase(RELEASES));
    }
}
