package org.kanon.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.function.Function;
import org.jooq.Cursor;
import org.jooq.Record;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;

/**
 * Runs SQL text kanon did not build itself (a spec's source query, a re-check read from the catalog) without write
 * power. Its first word must be SELECT or WITH ({@link QueryStart}, read before anything runs: a CALL would run its
 * procedure before the database tells it is no query); past that the database decides, not a scan of the text:
 * <ul>
 *   <li>it is one statement: Derby prepares exactly one; on PostgreSQL the driver's own parser (the one that splits
 *       a text into the statements it sends) must find one, and the server then refuses a prepared statement that
 *       holds more (a second statement could otherwise COMMIT the read-only transaction and write in the next);
 *       DuckDB's driver would run every statement but the last as it prepares them, so DuckDB's own parser must find
 *       one SELECT first;</li>
 *   <li>it runs in a read-only transaction ({@code SET TRANSACTION READ ONLY} on PostgreSQL, {@code BEGIN TRANSACTION
 *       READ ONLY} on DuckDB, a read-only connection on Derby), so a data-modifying CTE, SELECT ... FOR UPDATE, a
 *       write through a function or DDL is refused by the database; the transaction is rolled back whatever
 *       happens;</li>
 *   <li>it is a query: the database describes the rows of the prepared statement (a CALL, whose procedure could
 *       write through a connection of its own, has no such description);</li>
 *   <li>it returns one result set and nothing after it.</li>
 * </ul>
 * Any refusal is bad input: one line naming {@code what} (exit 2).
 */
public final class ReadOnlyQuery {
    private final Database db;
    private final String what;

    /** {@code what} names the text in messages, e.g. "spec 'x': the source query". */
    public ReadOnlyQuery(Database db, String what) {
        this.db = db;
        this.what = what;
    }

    /**
     * Runs {@code sql} and hands its rows to {@code reader} (a lazy cursor: read them before returning); returns
     * what the reader returns, once the database has confirmed that nothing but those rows came back.
     */
    public <T> T read(String sql, Function<Cursor<Record>, T> reader) {
        return read(sql, 0, reader);
    }

    /**
     * Checks {@code sql} as {@link #read} would run it, reading at most one row: one statement, a query, accepted
     * by the database in a read-only transaction.
     */
    public void check(String sql) {
        read(sql, 1, rows -> null);
    }

    private <T> T read(String sql, int maxRows, Function<Cursor<Record>, T> reader) {
        String text = withoutFinalSemicolon(sql);
        // before the text reaches the database: a CALL would run its procedure (which may COMMIT and write) first
        QueryStart.refusal(text).ifPresent(why -> {
            throw new InvalidInputException(what + " must be one SELECT (or WITH ... SELECT); " + why);
        });
        // not a pooled connection: what the text may leave in its session (SELECT pg_advisory_lock(n)) ends with it
        try (Connection c = db.separateConnection()) {
            c.setAutoCommit(false);
            try {
                return readOnce(c, text, maxRows, reader);
            } finally {
                c.rollback();
            }
        } catch (SQLException e) {
            // the database's message may quote a row (a failed cast: 'invalid input syntax for type integer: "..."')
            // refused before any row was read (a second statement, a write in the read-only transaction), or failed on a row
            throw new InvalidInputException(what + (ErrorLine.beforeRows(e) ? " was refused by the database (it must be one SELECT, run read-only): "
                    : " failed in the database: ") + ErrorLine.ofDatabase(e));
        } catch (org.jooq.exception.DataAccessException e) {
            throw new InvalidInputException(what + " failed: " + ErrorLine.ofDatabase(e));
        }
    }

    private <T> T readOnce(Connection c, String text, int maxRows, Function<Cursor<Record>, T> reader) throws SQLException {
        int statements = db.profile().beginReadOnly(c, text);
        if (statements > 1) {
            throw new InvalidInputException(what + " must be one SELECT; the database driver splits it into " + statements + " statements");
        }
        try (PreparedStatement ps = c.prepareStatement(db.profile().readOnlyText(text))) {
            if (ps.getMetaData() == null) {
                // a CALL (Derby describes no result for it) could run a procedure that writes through its own connection
                throw new InvalidInputException(what + " must be one SELECT; the database describes no rows it returns (it is no query)");
            }
            ps.setFetchSize(1000);
            ps.setMaxRows(maxRows);
            if (!ps.execute()) {
                throw new InvalidInputException(what + " must be one SELECT; it returned no rows (it is no query)");
            }
            T result;
            try (ResultSet rs = ps.getResultSet(); Cursor<Record> rows = DSL.using(c, db.dialect()).fetchLazy(rs)) {
                result = reader.apply(rows);
            }
            if (ps.getMoreResults() || ps.getUpdateCount() != -1) {
                throw new InvalidInputException(what + " must be one SELECT; the database ran more than one statement");
            }
            return result;
        }
    }

    /** A final ';' ends the one statement; Derby would refuse it as a syntax error. */
    private static String withoutFinalSemicolon(String sql) {
        String text = sql == null ? "" : sql.strip();
        while (text.endsWith(";")) {
            text = text.substring(0, text.length() - 1).strip();
        }
        return text;
    }
}
