package org.kanon.db.dialect;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.List;

/**
 * A JDBC connection whose objects report no warnings where the driver refuses to be asked (DuckDB's throws
 * SQLFeatureNotSupportedException from getWarnings and clearWarnings, which Derby's console ij calls after every
 * statement and row): the statements, result sets and metadata it hands out are wrapped the same way.
 */
final class WithoutWarnings implements InvocationHandler {
    private static final List<Class<?>> WRAPPED = List.of(Connection.class, CallableStatement.class, PreparedStatement.class,
            Statement.class, ResultSet.class, DatabaseMetaData.class);

    private final Object target;

    private WithoutWarnings(Object target) {
        this.target = target;
    }

    static Connection wrap(Connection connection) {
        return (Connection) wrap(connection, Connection.class);
    }

    private static Object wrap(Object target, Class<?> type) {
        return Proxy.newProxyInstance(WithoutWarnings.class.getClassLoader(), new Class<?>[] {type}, new WithoutWarnings(target));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        Object result;
        try {
            result = method.invoke(target, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof SQLFeatureNotSupportedException && method.getParameterCount() == 0
                    && (method.getName().equals("getWarnings") || method.getName().equals("clearWarnings"))) {
                return null; // no warnings to report, none to clear
            }
            throw e.getCause();
        }
        if (result == null) {
            return null;
        }
        for (Class<?> type : WRAPPED) {
            if (method.getReturnType() == type || (method.getReturnType().isAssignableFrom(type) && type.isInstance(result)
                    && method.getReturnType() != Object.class)) {
                return wrap(result, type);
            }
        }
        return result;
    }
}
