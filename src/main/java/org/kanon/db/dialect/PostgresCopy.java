package org.kanon.db.dialect;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * PostgreSQL's bulk path: {@code COPY table (columns) FROM STDIN (FORMAT csv)} through the driver's CopyManager,
 * streamed in chunks of {@value #CHUNK_CHARS} characters, so memory stays constant whatever the file's size. The
 * text is written by commons-csv's PostgreSQL format: every value quoted (so {@code \.} or an empty string cannot be
 * mistaken for the end of data or for NULL), NULL as nothing at all.
 */
final class PostgresCopy implements BulkLoader {
    /** Characters buffered before a chunk goes to the server: a few round trips per megabyte, a small buffer. */
    static final int CHUNK_CHARS = 1 << 16;
    /** The server's context for an error in COPY: "COPY name, line 7, column c: ..."; the line is the row's position. */
    private static final Pattern COPY_LINE = Pattern.compile("^COPY [^\\n]*?, line (\\d+)");
    private static final CSVFormat FORMAT = CSVFormat.POSTGRESQL_CSV;

    @Override
    public long load(Connection connection, String table, List<String> columns, Rows rows) throws SQLException {
        String sql = "COPY " + table + " (" + String.join(", ", columns) + ") FROM STDIN (FORMAT csv)";
        CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(sql);
        StringBuilder buffer = new StringBuilder(CHUNK_CHARS + 4096);
        long loaded = 0;
        try {
            CSVPrinter printer = new CSVPrinter(buffer, FORMAT);
            int width = columns.size();
            while (rows.next()) {
                for (int i = 0; i < width; i++) {
                    printer.print(rows.value(i));
                }
                printer.println();
                loaded++;
                if (buffer.length() >= CHUNK_CHARS) {
                    send(copy, buffer);
                }
            }
            send(copy, buffer);
            copy.endCopy();
        } catch (IOException e) {
            // a StringBuilder never throws it
            throw cancelled(copy, new UncheckedIOException(e));
        } catch (SQLException e) {
            throw cancelled(copy, e);
        } catch (RuntimeException e) {
            throw cancelled(copy, e);
        }
        return loaded;
    }

    /**
     * A failure of ours (a row that no longer fits its type) leaves the COPY open: cancelled, the server drops the
     * rows it has. A refusal of the server has ended it already.
     */
    private static <E extends Exception> E cancelled(CopyIn copy, E failure) {
        try {
            if (copy.isActive()) {
                copy.cancelCopy();
            }
        } catch (SQLException e) {
            failure.addSuppressed(e);
        }
        return failure;
    }

    private static void send(CopyIn copy, StringBuilder buffer) throws SQLException {
        byte[] bytes = buffer.toString().getBytes(StandardCharsets.UTF_8);
        copy.writeToCopy(bytes, 0, bytes.length);
        buffer.setLength(0);
    }

    @Override
    public long refusedRow(SQLException refusal) {
        ServerErrorMessage server = refusal instanceof PSQLException p ? p.getServerErrorMessage() : null;
        String where = server == null ? null : server.getWhere();
        Matcher line = COPY_LINE.matcher(where == null ? "" : where);
        return line.find() ? Long.parseLong(line.group(1)) : 0;
    }
}
