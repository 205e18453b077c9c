package org.kanon.db.dialect;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A JDBC URL in a form that is safe to print; which database it names is {@link DatabaseProfiles#forUrl}'s to say. */
public final class JdbcUrls {
    /**
     * {@code password=} and its value, in the {@code ;a=b;c=d} (Derby) and {@code ?a=b&c=d} (PostgreSQL) forms alike.
     * The value is the whole token up to the next attribute ({@code ;name=} or {@code &name=}) or the end: a password
     * that itself holds a {@code ;} or {@code &} is masked whole, not cut at its first separator.
     */
    private static final Pattern PASSWORD = Pattern.compile("(?i)(password\\s*=).*?(?=[;&]\\s*[a-z_][\\w.-]*\\s*=|$)");
    /**
     * user:password@ of a URL's authority, up to the last {@code @} before the parameters (a password may hold
     * {@code /} or {@code @}), or else up to the last {@code @} before the path (a password may hold {@code ?} or {@code ;}).
     */
    private static final Pattern USERINFO = Pattern.compile("(//[^:/@?;\\s]+:)(?:[^?;\\s]*|[^/\\s]*)@");
    /** A JDBC URL inside a text: up to the next white space or quote. */
    private static final Pattern URL_IN_TEXT = Pattern.compile("jdbc:[^\\s'\"]+");

    private JdbcUrls() {
    }

    /** The URL with its password (an attribute, or the user information) replaced by {@code <masked>}. */
    public static String maskPassword(String url) {
        if (url == null) {
            return null;
        }
        String masked = PASSWORD.matcher(url).replaceAll("$1<masked>");
        return USERINFO.matcher(masked).replaceAll("$1<masked>@");
    }

    /** Every JDBC URL inside a text (a driver's message) with its password masked; the rest of the text as it was. */
    public static String maskPasswordsIn(String text) {
        if (text == null || !text.contains("jdbc:")) {
            return text;
        }
        return URL_IN_TEXT.matcher(text).replaceAll(m -> Matcher.quoteReplacement(maskPassword(m.group())));
    }

    /** The database part of a Derby URL, without attributes: {@code jdbc:derby:path;create=true} gives {@code path}. */
    static String derbyDatabase(String url) {
        String rest = url.substring("jdbc:derby:".length());
        int semicolon = rest.indexOf(';');
        return semicolon < 0 ? rest : rest.substring(0, semicolon);
    }
}
