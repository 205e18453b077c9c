package org.kanon.db;

import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import org.kanon.InvalidInputException;
import org.kanon.db.dialect.DatabaseProfiles;
import org.kanon.db.dialect.JdbcUrls;

/**
 * Where to connect. The password is only ever read from the environment ({@value #PASSWORD_VARIABLE}), so it
 * never appears in argv, shell history or process listings; {@link #toString()} masks it.
 */
public record ConnectionSettings(String url, String user, String password, ConnectionSettings catalog) {
    public static final String PASSWORD_VARIABLE = "KANON_DB_PASSWORD";
    public static final String URL_VARIABLE = "KANON_DB_URL";
    public static final String USER_VARIABLE = "KANON_DB_USER";
    /** Keys of a configuration file (kanon.properties). */
    public static final String URL_KEY = "db.url";
    public static final String USER_KEY = "db.user";
    /** Relative to the working directory, created on first use. */
    public static final String DEFAULT_URL = "jdbc:derby:kanon-db;create=true";
    /** Where kanon keeps its catalog for a database that cannot hold it (Trino): {@code --catalog-db}. */
    public static final String CATALOG_URL_VARIABLE = "KANON_CATALOG_DB_URL";
    public static final String CATALOG_PASSWORD_VARIABLE = "KANON_CATALOG_DB_PASSWORD";
    public static final String CATALOG_URL_KEY = "catalog.url";
    /** Relative to the working directory, created on first use, beside the default database. */
    public static final String DEFAULT_CATALOG_URL = "jdbc:derby:kanon-catalog;create=true";

    /** Settings whose catalog, if the database cannot keep it, is the default one ({@link #DEFAULT_CATALOG_URL}). */
    public ConnectionSettings(String url, String user, String password) {
        this(url, user, password, null);
    }

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
        return resolve(urlOption, userOption, null, env, file);
    }

    /**
     * As {@link #resolve(String, String, Map, Map)}, with where the catalog lives for a database that cannot keep it:
     * {@code catalogOption}, else env {@value #CATALOG_URL_VARIABLE}, else {@value #CATALOG_URL_KEY} of the file,
     * else {@value #DEFAULT_CATALOG_URL}; its password from env {@value #CATALOG_PASSWORD_VARIABLE} only.
     */
    public static ConnectionSettings resolve(String urlOption, String userOption, String catalogOption, Map<String, String> env,
                                             Map<String, String> file) {
        String url = firstNonBlank(urlOption, env.get(URL_VARIABLE), file.get(URL_KEY), DEFAULT_URL);
        String user = firstNonBlank(userOption, env.get(USER_VARIABLE), file.get(USER_KEY), null);
        String catalogUrl = firstNonBlank(catalogOption, env.get(CATALOG_URL_VARIABLE), file.get(CATALOG_URL_KEY), null);
        ConnectionSettings catalog = catalogUrl == null ? null
                : new ConnectionSettings(creating(catalogUrl), null, env.get(CATALOG_PASSWORD_VARIABLE));
        return new ConnectionSettings(creating(url), user, env.get(PASSWORD_VARIABLE), catalog);
    }

    /** A URL as given, with what its database needs to be created on first use (a new Derby folder); checked as a URL first. */
    private static String creating(String url) {
        return url.startsWith("jdbc:") ? DatabaseProfiles.forUrl(url).creatingUrl(url) : url;
    }

    /** Where kanon's catalog lives when the database cannot keep it. */
    public ConnectionSettings catalogSettings() {
        return catalog != null ? catalog : new ConnectionSettings(DEFAULT_CATALOG_URL, null, null);
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
        return "ConnectionSettings[url=" + maskedUrl() + ", user=" + user + ", password=" + (password == null ? "<none>" : "<masked>")
                + (catalog == null ? "" : ", catalog=" + catalog) + "]";
    }
}
