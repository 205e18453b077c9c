package org.kanon.db;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import javax.sql.DataSource;

/**
 * The pool as kanon borrows from it where a database has no transactions for writes ({@link
 * org.kanon.db.dialect.DatabaseProfile#hasTransactions()}: a lake catalog on Trino writes only in auto-commit). A
 * request for a transaction is ignored, so every statement commits by itself, as the database would have it anyway;
 * what a failed writer created is dropped by the writer (see {@code transactionalDdl()}), not rolled back.
 */
final class AutoCommitDataSource {
    private AutoCommitDataSource() {
    }

    static DataSource wrap(DataSource pool) {
        return (DataSource) Proxy.newProxyInstance(DataSource.class.getClassLoader(), new Class<?>[] {DataSource.class},
                (proxy, method, args) -> {
                    Object result = invoke(pool, method, args);
                    return result instanceof Connection c ? autoCommitting(c) : result;
                });
    }

    private static Connection autoCommitting(Connection connection) {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "setAutoCommit", "commit", "rollback", "releaseSavepoint" -> null;
                    case "getAutoCommit" -> true;
                    case "setSavepoint" -> null;
                    case "unwrap" -> ((Class<?>) args[0]).isInstance(proxy) ? proxy : connection.unwrap((Class<?>) args[0]);
                    default -> invoke(connection, method, args);
                });
    }

    private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
