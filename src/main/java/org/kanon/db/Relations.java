package org.kanon.db;

import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.util.Optional;
import org.jooq.DSLContext;

/**
 * Whether a table or view exists, asked through JDBC metadata on the given (possibly transactional) context.
 * Derby has no DROP ... IF EXISTS, and on PostgreSQL a failed DROP would abort the surrounding transaction, so
 * kanon looks before it drops.
 */
public final class Relations {
    public enum Kind { TABLE, VIEW }

    private Relations() {
    }

    public static Optional<Kind> kind(DSLContext ctx, String schema, String name) {
        return ctx.connectionResult(c -> {
            DatabaseMetaData meta = c.getMetaData();
            try (ResultSet rs = meta.getTables(null, escape(meta, schema), escape(meta, name), null)) {
                while (rs.next()) {
                    if (schema.equals(rs.getString("TABLE_SCHEM")) && name.equals(rs.getString("TABLE_NAME"))) {
                        return Optional.of("VIEW".equalsIgnoreCase(rs.getString("TABLE_TYPE")) ? Kind.VIEW : Kind.TABLE);
                    }
                }
            }
            return Optional.empty();
        });
    }

    public static boolean exists(DSLContext ctx, String schema, String name) {
        return kind(ctx, schema, name).isPresent();
    }

    public static void dropIfExists(DSLContext ctx, String schema, String name) {
        kind(ctx, schema, name).ifPresent(kind -> {
            if (kind == Kind.VIEW) {
                ctx.dropView(org.jooq.impl.DSL.name(schema, name)).execute();
            } else {
                ctx.dropTable(org.jooq.impl.DSL.name(schema, name)).execute();
            }
        });
    }

    /** A metadata search pattern that matches exactly this name: _ and % are wildcards there. */
    public static String escape(DatabaseMetaData meta, String pattern) throws java.sql.SQLException {
        String esc = meta.getSearchStringEscape();
        if (esc == null || esc.isEmpty()) {
            return pattern;
        }
        return pattern.replace(esc, esc + esc).replace("_", esc + "_").replace("%", esc + "%");
    }
}
