package org.kanon.db.dialect;

import java.util.List;
import java.util.Locale;
import org.jooq.SQLDialect;
import org.jooq.tools.jdbc.JDBCUtils;
import org.kanon.InvalidInputException;

/** The profile of every database kanon supports, found by dialect or JDBC URL; anything else is refused by name. */
public final class DatabaseProfiles {
    private static final List<DatabaseProfile> ALL = List.of(DerbyProfile.INSTANCE, PostgresProfile.INSTANCE,
            MariaDbProfile.MARIADB, MariaDbProfile.MYSQL, DuckDbProfile.INSTANCE, TrinoProfile.INSTANCE);
    private static final String SUPPORTED = "supported: jdbc:derby:..., jdbc:postgresql://..., jdbc:mariadb://..., "
            + "jdbc:mysql://... (a MariaDB server), jdbc:duckdb:/path/file.duckdb, "
            + "jdbc:trino://host:port/catalog/schema";

    private DatabaseProfiles() {
    }

    /** Every supported database's profile. */
    public static List<DatabaseProfile> all() {
        return ALL;
    }

    /**
     * The SQLState of a database error, whichever database raised it: the driver's own, or what the profile of a
     * driver that sets none derives from the error (DuckDB).
     */
    public static String sqlState(java.sql.SQLException e) {
        for (DatabaseProfile p : ALL) {
            String state = p.sqlState(e);
            if (state != null) {
                return state;
            }
        }
        return null;
    }

    /** The database's own message of an error (as its profile unwraps it), whichever database raised it. */
    public static String primaryMessage(java.sql.SQLException e) {
        for (DatabaseProfile p : ALL) {
            String message = p.primaryMessage(e);
            if (message != null) {
                return message;
            }
        }
        return e.getMessage();
    }

    /** The JVM's text of an out-of-heap error a driver reported as its own SQLException, or null (see {@link DatabaseProfile#outOfHeap}). */
    public static String outOfHeap(java.sql.SQLException e) {
        for (DatabaseProfile p : ALL) {
            String text = p.outOfHeap(e);
            if (text != null) {
                return text;
            }
        }
        return null;
    }

    /** The profile of a dialect family (as a {@code DSLContext} reports it); an unsupported one is refused. */
    public static DatabaseProfile of(SQLDialect dialect) {
        SQLDialect family = dialect.family();
        for (DatabaseProfile p : ALL) {
            if (p.dialect() == family) {
                return p;
            }
        }
        throw new InvalidInputException("database '" + family.name().toLowerCase(Locale.ROOT) + "' is not supported; " + SUPPORTED);
    }

    /** The profile of the database a JDBC URL names (jOOQ's own mapping from URL to dialect); anything else is refused. */
    public static DatabaseProfile forUrl(String url) {
        SQLDialect family = JDBCUtils.dialect(url).family();
        for (DatabaseProfile p : ALL) {
            if (p.dialect() == family) {
                return p;
            }
        }
        String scheme = url.toLowerCase(Locale.ROOT).replaceFirst("^jdbc:([^:]+).*$", "$1");
        throw new InvalidInputException("--db: database '" + scheme + "' is not supported (" + JdbcUrls.maskPassword(url)
                + "); " + SUPPORTED);
    }
}
