package org.kanon.db;

import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import org.kanon.InvalidInputException;
import org.kanon.db.dialect.JdbcUrls;

/**
 * Where to connect. The password is only ever read from the environment ({@value #PASSWORD_VARIABLE}), so it
 * never appears in argv, shell history or process listings; {@link #toString()} masks it.
 */
public record ConnectionSettings(String url, String user, String password) {
    public static final String PASSWORD_VARIABLE = "KANON_DB_PASSWORD";
    public static final String URL_VARIABLE = "KANON_DB_URL";
    public static final String USER_VARIABLE = "KANON_DB_USER";
    /** Keys of a configuration file (kanon.properties). */
    public static final String URL_KEY = "db.url";
    public static final String USER_KEY = "db.user";
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
        return resolve(urlOption, userOption, env, Map.of());
    }

    /**
     * URL and user from the options when given, else from the environment, else from a configuration file's keys
     * {@value #URL_KEY} and {@value #USER_KEY}, else the embedded default (no user). The password comes from the
     * environment only.
     */
    public static ConnectionSettings resolve(String urlOption, String userOption, Map<String, String> env, Map<String, String> file) {
        String url = firstNonBlank(urlOption, env.get(URL_VARIABLE), file.get(URL_KEY), DEFAULT_URL);
        String user = firstNonBlank(userOption, env.get(USER_VARIABLE), file.get(USER_KEY), null);
        return new ConnectionSettings(url, user, env.get(PASSWORD_VARIABLE));
    }

    private static String firstNonBlank(String... candidates) {
        for (String c : candidates) {
            if (c != null && !c.isBlank()) {
                return c;
            }
        }
        return null;
    }

    /** User and password as JDBC connection properties, for a connection made outside the pool. */
    public Properties credentials() {
        Properties p = new Properties();
        if (user != null) {
            p.setProperty("user", user);
        }
        if (password != null) {
            p.setProperty("password", password);
        }
        return p;
    }

    public String maskedUrl() {
        return JdbcUrls.maskPassword(url);
    }

    @Override
    public String toString() {
        return "ConnectionSettings[url=" + maskedUrl() + ", user=" + user + ", password=" + (password == null ? "<none>" : "<masked>") + "]";
    }
}
