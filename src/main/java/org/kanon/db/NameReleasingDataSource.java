package org.kanon.db;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import com.zaxxer.hikari.HikariDataSource;
import javax.sql.DataSource;
import org.kanon.db.dialect.DatabaseProfile;

/**
 * The pool as jOOQ borrows from it where a database holds names by the session ({@link
 * DatabaseProfile#namesHeldBySession()}): a connection gives back the names it holds as it returns to the pool, i.e.
 * once the transaction that took them has committed or rolled back, so no name outlives its transaction in the pool.
 */
final class NameReleasingDataSource {
    private NameReleasingDataSource() {
    }

    static DataSource wrap(HikariDataSource pool, DatabaseProfile profile) {
        return (DataSource) Proxy.newProxyInstance(DataSource.class.getClassLoader(), new Class<?>[] {DataSource.class},
                (proxy, method, args) -> {
                    Object result = invoke(pool, method, args);
                    return result instanceof Connection c ? releasingOnClose(c, pool, profile) : result;
                });
    }

    private static Connection releasingOnClose(Connection connection, HikariDataSource pool, DatabaseProfile profile) {
        InvocationHandler handler = (proxy, method, args) -> {
            if (method.getName().equals("close") && method.getParameterCount() == 0 && !connection.isClosed()) {
                try {
                    profile.releaseNames(connection);
                } catch (SQLException e) {
                    // a connection that cannot give its names back must not serve again: closing its session frees them
                    pool.evictConnection(connection);
                    throw e;
                }
            }
            return invoke(connection, method, args);
        };
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, handler);
    }

    private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
