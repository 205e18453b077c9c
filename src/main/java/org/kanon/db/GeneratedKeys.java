package org.kanon.db;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Insert;

/**
 * Inserts one row and returns its identity column. jOOQ's RETURNING needs generated table metadata, which the
 * catalog does not have; the JDBC drivers' generated keys work on every database (Derby returns the identity,
 * PostgreSQL and DuckDB every column, the id first as in every catalog table; DuckDB's ids come from sequences).
 */
public final class GeneratedKeys {
    private GeneratedKeys() {
    }

    public static long insert(DSLContext ctx, Insert<?> insert) {
        String sql = ctx.render(insert);
        List<Object> binds = ctx.extractBindValues(insert);
        return ctx.connectionResult(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS)) {
                for (int i = 0; i < binds.size(); i++) {
                    Object v = binds.get(i);
                    // Derby's setObject takes no java.time values
                    ps.setObject(i + 1, v instanceof java.time.LocalDateTime t ? java.sql.Timestamp.valueOf(t) : v);
                }
                ps.executeUpdate();
                try (ResultSet keys = ps.getGeneratedKeys()) {
                    if (!keys.next()) {
                        throw new IllegalStateException("the database returned no generated key for " + sql);
                    }
                    return keys.getLong(1);
                }
            }
        });
    }
}
