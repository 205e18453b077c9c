package org.kanon.db.dialect;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Connections from a profile's own JDBC driver ({@link DatabaseProfile#driverClassName()}). {@link DriverManager}'s
 * first use loads every driver the class path registers as a service (the Trino, MySQL and MariaDB drivers' static
 * set-up among them), which cost a third of each command's start-up and more at exit; a command talks to one database.
 */
public final class DirectDriver {
    private static final Map<String, Driver> DRIVERS = new ConcurrentHashMap<>();

    private DirectDriver() {
    }

    /** A connection to {@code url} with {@code properties} (user, password, driver settings). */
    public static Connection connect(DatabaseProfile profile, String url, Properties properties) throws SQLException {
        Connection c = driver(profile).connect(url, properties);
        if (c == null) {
            // as DriverManager says it, so a mistyped URL reads the same wherever it fails
            throw new SQLException("No suitable driver found for " + JdbcUrls.maskPassword(url), "08001");
        }
        return c;
    }

    /** A data source for a connection pool: every connection made by {@link #connect} with the same properties. */
    public static DataSource dataSource(DatabaseProfile profile, String url, Properties properties) {
        return new Source(profile, url, properties);
    }

    private static Driver driver(DatabaseProfile profile) throws SQLException {
        try {
            return DRIVERS.computeIfAbsent(profile.driverClassName(), DirectDriver::instantiate);
        } catch (IllegalStateException e) {
            throw new SQLException(e.getMessage(), "08001", e.getCause());
        }
    }

    private static Driver instantiate(String className) {
        try {
            return (Driver) Class.forName(className).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new IllegalStateException("the JDBC driver " + className + " cannot be loaded", e);
        }
    }

    private static final class Source implements DataSource {
        private final DatabaseProfile profile;
        private final String url;
        private final Properties properties;
        private PrintWriter log;

        Source(DatabaseProfile profile, String url, Properties properties) {
            this.profile = profile;
            this.url = url;
            this.properties = properties;
        }

        @Override
        public Connection getConnection() throws SQLException {
            return connect(profile, url, properties);
        }

        @Override
        public Connection getConnection(String username, String password) throws SQLException {
            Properties p = new Properties();
            p.putAll(properties);
            if (username != null) {
                p.setProperty("user", username);
            }
            if (password != null) {
                p.setProperty("password", password);
            }
            return connect(profile, url, p);
        }

        @Override
        public PrintWriter getLogWriter() {
            return log;
        }

        @Override
        public void setLogWriter(PrintWriter out) {
            log = out;
        }

        /** What a driver reads for its connect timeout, as the pool's own driver source sets it. */
        @Override
        public void setLoginTimeout(int seconds) {
            DriverManager.setLoginTimeout(seconds);
        }

        @Override
        public int getLoginTimeout() {
            return DriverManager.getLoginTimeout();
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            throw new SQLFeatureNotSupportedException();
        }

        @Override
        public <T> T unwrap(Class<T> type) throws SQLException {
            if (type.isInstance(this)) {
                return type.cast(this);
            }
            throw new SQLException("not a wrapper of " + type.getName());
        }

        @Override
        public boolean isWrapperFor(Class<?> type) {
            return type.isInstance(this);
        }
    }
}
