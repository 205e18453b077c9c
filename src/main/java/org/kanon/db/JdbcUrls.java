package org.kanon.db;

import java.util.Locale;
import java.util.regex.Pattern;
import org.jooq.SQLDialect;
import org.jooq.tools.jdbc.JDBCUtils;
import org.kanon.InvalidInputException;

/** What a JDBC URL tells: the dialect, whether it is embedded Derby, and a form that is safe to print. */
public final class JdbcUrls {
    // password=..., Password=..., in ?a=b&c=d (PostgreSQL) and ;a=b;c=d (Derby) forms alike
    private static final Pattern PASSWORD = Pattern.compile("(?i)(password\\s*=)[^;&]*");
    private static final Pattern USERINFO = Pattern.compile("(//[^:/@]+:)[^@/]*@");

    private JdbcUrls() {
    }

    public static String maskPassword(String url) {
        if (url == null) {
            return null;
        }
        String masked = PASSWORD.matcher(url).replaceAll("$1<masked>");
        return USERINFO.matcher(masked).replaceAll("$1<masked>@");
    }

    /** jOOQ's own mapping from URL to dialect family; anything we have not tested is refused by name. */
    public static SQLDialect dialect(String url) {
        SQLDialect dialect = JDBCUtils.dialect(url).family();
        if (dialect == SQLDialect.DERBY || dialect == SQLDialect.POSTGRES) {
            return dialect;
        }
        String scheme = url.toLowerCase(Locale.ROOT).replaceFirst("^jdbc:([^:]+).*$", "$1");
        throw new InvalidInputException("--db: database '" + scheme + "' is not supported (" + maskPassword(url)
                + "); supported: jdbc:derby:..., jdbc:postgresql://...");
    }

    public static boolean isDerby(String url) {
        return url.startsWith("jdbc:derby:");
    }

    public static boolean isDerbyInMemory(String url) {
        return url.startsWith("jdbc:derby:memory:");
    }

    /** The database part of a Derby URL, without attributes: {@code jdbc:derby:path;create=true} gives {@code path}. */
    public static String derbyDatabase(String url) {
        String rest = url.substring("jdbc:derby:".length());
        int semicolon = rest.indexOf(';');
        return semicolon < 0 ? rest : rest.substring(0, semicolon);
    }
}
