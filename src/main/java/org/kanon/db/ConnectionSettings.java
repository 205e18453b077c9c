package org.kanon.db;

import java.util.Map;
import java.util.Objects;
import org.kanon.InvalidInputException;

/**
 * Where to connect. The password is only ever read from the environment ({@value #PASSWORD_VARIABLE}), so it
 * never appears in argv, shell history or process listings; {@link #toString()} masks it.
 */
public record ConnectionSettings(String url, String user, String password) {
    public static final String PASSWORD_VARIABLE = "KANON_DB_PASSWORD";
    public static final String URL_VARIABLE = "KANON_DB_URL";
    public static final String USER_VARIABLE = "KANON_DB_USER";
    /** Relative to the working directory, created on first use. */
    public static final String DEFAULT_URL = "jdbc:derby:kanon-db;create=true";

    public ConnectionSettings {
        Objects.requireNonNull(url, "url");
        if (!url.startsWith("jdbc:")) {
            throw new InvalidInputException("--db: not a JDBC URL (it must start with jdbc:): " + JdbcUrls.maskPassword(url));
        }
        if (user != null && user.isBlank()) {
            user = null;
        }
        if (password != null && password.isEmpty()) {
            password = null;
        }
    }

    /** URL and user from the options when given, else from the environment, else the embedded default. */
    public static ConnectionSettings resolve(String urlOption, String userOption, Map<String, String> env) {
        String url = firstNonBlank(urlOption, env.get(URL_VARIABLE), DEFAULT_URL);
        String user = firstNonBlank(userOption, env.get(USER_VARIABLE), null);
        return new ConnectionSettings(url, user, env.get(PASSWORD_VARIABLE));
    }

    private static String firstNonBlank(String a, String b, String fallback) {
        if (a != null && !a.isBlank()) {
            return a;
        }
        if (b != null && !b.isBlank()) {
            return b;
        }
        return fallback;
    }

    public String maskedUrl() {
        return JdbcUrls.maskPassword(url);
    }

    @Override
    public String toString() {
        return "ConnectionSettings[url=" + maskedUrl() + ", user=" + user + ", password=" + (password == null ? "<none>" : "<masked>") + "]";
    }
}
