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
}
