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
import java.sql.ResultSetMetaData;
import java.sql.Types;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.List;

/**
 * A DuckDB connection as Derby's console ij needs it. DuckDB's driver throws SQLFeatureNotSupportedException from
 * getWarnings and clearWarnings, which ij calls after every statement and row: here they report none. It gives every
 * column a display size of 0, which ij takes for the width of the column (values cut to the width of its label): here
 * a column is as wide as its type needs, text as wide as ij allows. The statements, result sets and metadata the
 * connection hands out are wrapped the same way.
 */
final class DuckDbConsole implements InvocationHandler {
    private static final List<Class<?>> WRAPPED = List.of(Connection.class, CallableStatement.class, PreparedStatement.class,
            Statement.class, ResultSet.class, ResultSetMetaData.class, DatabaseMetaData.class);
    /** ij's own cap on a column's width (ij.maximumDisplayWidth). */
    private static final int TEXT_WIDTH = 128;

    private final Object target;

    private DuckDbConsole(Object target) {
        this.target = target;
    }

    static Connection wrap(Connection connection) {
        return (Connection) wrap(connection, Connection.class);
    }

    private static Object wrap(Object target, Class<?> type) {
        return Proxy.newProxyInstance(DuckDbConsole.class.getClassLoader(), new Class<?>[] {type}, new DuckDbConsole(target));
    }

    private static int displaySize(ResultSetMetaData meta, int column) throws java.sql.SQLException {
        return switch (meta.getColumnType(column)) {
            case Types.BOOLEAN, Types.BIT -> 5;
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER -> 11;
            case Types.BIGINT -> 20;
            case Types.DECIMAL, Types.NUMERIC -> Math.max(meta.getPrecision(column), 1) + 2;
            case Types.REAL, Types.FLOAT, Types.DOUBLE -> 24;
            case Types.DATE -> 10;
            case Types.TIME -> 15;
            case Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE -> 32;
            default -> TEXT_WIDTH;
        };
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        Object result;
        try {
            result = method.invoke(target, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof java.sql.SQLException sql && !(sql instanceof SQLFeatureNotSupportedException)
                    && sql.getSQLState() == null) {
                // ij shows the first line of a message: the error itself, with the state DuckDB's profile derives
                // (its first line: DuckDB adds the statement's text under it, which ij would print as well)
                String message = DuckDbProfile.unwrapped(String.valueOf(sql.getMessage())).strip();
                java.sql.SQLException shown = new java.sql.SQLException(message.lines().findFirst().orElse(message),
                        DuckDbProfile.INSTANCE.sqlState(sql), sql);
                throw shown;
            }
            if (e.getCause() instanceof SQLFeatureNotSupportedException && method.getParameterCount() == 0
                    && (method.getName().equals("getWarnings") || method.getName().equals("clearWarnings"))) {
                return null; // no warnings to report, none to clear
            }
            throw e.getCause();
        }
        if (result == null) {
            return null;
        }
        if (target instanceof ResultSetMetaData meta && method.getName().equals("getColumnDisplaySize") && (Integer) result <= 0) {
            return displaySize(meta, (Integer) args[0]);
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
