package org.kanon.ingest;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.jooq.CreateTableElementListStep;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.db.NameLock;
import org.kanon.db.DependentViews;
import org.kanon.db.SqlErrors;
import org.kanon.db.dialect.BulkLoader;
import org.kanon.db.dialect.DependentView;
import org.kanon.schema.SourceTable;

/**
 * Pass 2: in ONE transaction, drops the table being replaced, creates the new one and inserts every row: by the
 * profile's {@link BulkLoader} where it has one (PostgreSQL's COPY), else by JDBC batches of one prepared INSERT. Derby
 * and PostgreSQL both roll DDL back, so any failure leaves the database exactly as it was. Where DDL commits by
 * itself (MariaDB) {@link StagedTableWriter} fills a new table aside and swaps it in.
 */
final class TableWriter {
    /** Rows per executeBatch: large enough to amortise round trips, small enough to keep the driver's buffers small. */
    static final int BATCH_SIZE = 1000;

    private final Database db;

    TableWriter(Database db) {
        this.db = db;
    }

    /**
     * @param replacedUnderLock called once the name's lock is held: the existing table to drop first, or null; it
     *                          throws if the table may not be replaced
     * @param rows              a reader positioned before the first data row
     * @return the number of rows inserted
     */
    long write(Name table, Supplier<SourceTable> replacedUnderLock, CsvProfiler.FileProfile profile, CsvReader rows) {
        if (!db.profile().transactionalDdl()) {
            return new StagedTableWriter(db, this).write(table, replacedUnderLock, profile, rows);
        }
        SourceTable[] replaced = {null};
        try {
            return db.dsl().transactionResult(trx -> {
                DSLContext tx = trx.dsl();
                // concurrent imports of one name: a second one waits here, then finds the first one's table
                NameLock.acquire(tx, NameLock.Kind.TABLE, table.getName()[0], table.getName()[1]);
                replaced[0] = replacedUnderLock.get();
                if (replaced[0] != null) {
                    refuseIfViewsRead(tx, replaced[0]);
                    tx.dropTable(replaced[0].qualifiedName()).execute();
                }
                return createAndFill(tx, table, profile, rows);
            });
        } catch (InvalidInputException e) {
            throw e;
        } catch (RuntimeException e) {
            throw translate(e, table, replaced[0]);
        }
    }

    /** Creates {@code table} and inserts every row on the transaction's connection; returns the rows. */
    long createAndFill(DSLContext tx, Name table, CsvProfiler.FileProfile profile, CsvReader rows) {
        List<Field<?>> fields = create(tx, table, profile);
        // rendered once by jOOQ (quoted names, ? placeholders), then run as plain JDBC batches for speed
        Optional<BulkLoader> bulk = db.profile().bulkLoader();
        if (bulk.isPresent()) {
            String target = tx.render(DSL.table(table));
            List<String> columns = fields.stream().map(f -> tx.render(f.getQualifiedName())).toList();
            return tx.connectionResult(connection -> load(connection, bulk.get(), target, columns, profile, rows));
        }
        String insert = tx.render(tx.insertInto(DSL.table(table)).columns(fields).values(placeholders(fields)));
        return tx.connectionResult(connection -> insertAll(connection, insert, profile, rows));
    }

    /**
     * Views that read the table would be left broken: Derby and PostgreSQL refuse the DROP (translated below), but a
     * database that records no view dependencies (DuckDB binds a view when it is read) would drop the table under them.
     */
    private void refuseIfViewsRead(DSLContext tx, SourceTable table) {
        List<DependentView> readers = DependentViews.of(tx, table.schema(), table.name());
        if (!readers.isEmpty()) {
            throw new InvalidInputException("cannot replace " + table.displayName() + ": other objects depend on it (view(s) "
                    + String.join(", ", readers.stream().map(v -> v.schema() + "." + v.name()).toList()) + "); drop them first");
        }
    }

    private static List<Field<?>> create(DSLContext tx, Name table, CsvProfiler.FileProfile profile) {
        List<Field<?>> fields = new ArrayList<>();
        for (int i = 0; i < profile.names().size(); i++) {
            fields.add(DSL.field(DSL.name(profile.names().get(i)), profile.types().get(i).dataType()));
        }
        CreateTableElementListStep create = tx.createTable(table).columns(fields);
        create.execute();
        return fields;
    }

    private static List<Field<?>> placeholders(List<Field<?>> fields) {
        List<Field<?>> values = new ArrayList<>(fields.size());
        for (Field<?> f : fields) {
            values.add(DSL.val(null, f));
        }
        return values;
    }

    /**
     * The database's bulk path, on the transaction's connection. The values go as text, each checked against its
     * type as {@link #bind} checks it. A refusal names the row's line, found by reading the file again up to the row
     * the database names, so nothing per row is kept; the database's message (it may quote the row) is dropped.
     */
    private long load(Connection connection, BulkLoader loader, String target, List<String> columns, CsvProfiler.FileProfile profile,
                      CsvReader rows) throws SQLException {
        List<ColumnType> types = profile.types();
        CsvReader.Row[] first = {null};
        CsvReader.Row[] last = {null};
        BulkLoader.Rows source = new BulkLoader.Rows() {
            @Override
            public boolean next() {
                if (!rows.next()) {
                    return false;
                }
                last[0] = rows.row();
                if (first[0] == null) {
                    first[0] = last[0];
                }
                return true;
            }

            @Override
            public String value(int column) {
                try {
                    return types.get(column).text(rows.value(column));
                } catch (NumberFormatException e) {
                    throw changed(rows, "line " + rows.line() + ", column '" + Values.shorten(profile.names().get(column))
                            + "' no longer fits " + types.get(column).sqlType());
                }
            }
        };
        long loaded;
        try {
            loaded = loader.load(connection, target, columns, source);
        } catch (SQLException refused) {
            long position = loader.refusedRow(refused);
            String lines = position > 0 ? Long.toString(lineOf(rows, position))
                    : first[0] == null ? "1" : first[0].line() + "-" + last[0].line();
            throw new InsertRefusal(db.profile(), rows.file()).atLines(lines, refused);
        }
        if (loaded != profile.rows()) {
            throw changed(rows, profile.rows() + " rows when checked, " + loaded + " rows now");
        }
        return loaded;
    }

    /** The line of the {@code position}-th data row (1-based), read again from the file; 0 if it has fewer rows now. */
    private static long lineOf(CsvReader rows, long position) {
        try (CsvReader again = CsvReader.open(rows.file(), rows.format())) {
            for (long i = 0; i < position; i++) {
                if (!again.next()) {
                    return 0;
                }
            }
            return again.line();
        }
    }

    private long insertAll(Connection connection, String insert, CsvProfiler.FileProfile profile, CsvReader rows)
            throws SQLException {
        if (!db.profile().batchesRows()) {
            return insertTogether(connection, insert, profile, rows);
        }
        List<CsvReader.Row> batch = new ArrayList<>(BATCH_SIZE);
        long inserted = 0;
        try (PreparedStatement statement = connection.prepareStatement(insert)) {
            while (rows.next()) {
                bind(statement, rows.row(), profile, rows);
                statement.addBatch();
                batch.add(rows.row());
                inserted++;
                if (batch.size() == BATCH_SIZE) {
                    flush(connection, statement, insert, batch, profile, rows);
                }
            }
            if (!batch.isEmpty()) {
                flush(connection, statement, insert, batch, profile, rows);
            }
        }
        if (inserted != profile.rows()) {
            throw changed(rows, profile.rows() + " rows when checked, " + inserted + " rows now");
        }
        return inserted;
    }

    /**
     * Where the driver runs a batch as one statement per row (Trino): each statement inserts many rows, {@code (?, ..),
     * (?, ..), ..} after the one-row INSERT's column list; a refused statement names its lines.
     */
    private long insertTogether(Connection connection, String insert, CsvProfiler.FileProfile profile, CsvReader rows)
            throws SQLException {
        int columns = profile.types().size();
        int perStatement = org.kanon.db.RowBatch.rowsPerStatement(columns);
        String head = insert.substring(0, insert.lastIndexOf('('));
        String tuple = insert.substring(insert.lastIndexOf('('));
        List<CsvReader.Row> batch = new ArrayList<>(perStatement);
        long inserted = 0;
        while (rows.next()) {
            batch.add(rows.row());
            inserted++;
            if (batch.size() == perStatement) {
                insertRows(connection, head, tuple, batch, profile, rows);
            }
        }
        if (!batch.isEmpty()) {
            insertRows(connection, head, tuple, batch, profile, rows);
        }
        if (inserted != profile.rows()) {
            throw changed(rows, profile.rows() + " rows when checked, " + inserted + " rows now");
        }
        return inserted;
    }

    private void insertRows(Connection connection, String head, String tuple, List<CsvReader.Row> batch,
                            CsvProfiler.FileProfile profile, CsvReader rows) throws SQLException {
        String text = head + String.join(", ", java.util.Collections.nCopies(batch.size(), tuple));
        try (PreparedStatement statement = connection.prepareStatement(text)) {
            int offset = 0;
            for (CsvReader.Row row : batch) {
                bind(statement, offset, row, profile, rows);
                offset += profile.types().size();
            }
            statement.executeUpdate();
        } catch (SQLException refused) {
            throw new InsertRefusal(db.profile(), rows.file()).inBatch(batch, refused);
        }
        batch.clear();
    }

    private static void bind(PreparedStatement statement, CsvReader.Row row, CsvProfiler.FileProfile profile, CsvReader rows)
            throws SQLException {
        bind(statement, 0, row, profile, rows);
    }

    private static void bind(PreparedStatement statement, int offset, CsvReader.Row row, CsvProfiler.FileProfile profile, CsvReader rows)
            throws SQLException {
        List<ColumnType> types = profile.types();
        for (int i = 0; i < types.size(); i++) {
            try {
                types.get(i).bind(statement, offset + i + 1, row.value(i));
            } catch (NumberFormatException e) {
                throw changed(rows, "line " + row.line() + ", column '" + Values.shorten(profile.names().get(i))
                        + "' no longer fits " + types.get(i).sqlType());
            }
        }
    }

    /**
     * Runs one batch. The driver's error for a refused batch quotes the INSERT with its values, which are personal
     * data, so it never leaves this method: the batch is undone to a savepoint and re-run row by row to find the
     * line the database refuses, and only that line and the database's reason are reported.
     */
    private void flush(Connection connection, PreparedStatement statement, String insert, List<CsvReader.Row> batch,
                       CsvProfiler.FileProfile profile, CsvReader rows) throws SQLException {
        if (!db.profile().hasSavepoints()) {
            try {
                statement.executeBatch();
            } catch (SQLException refused) {
                // the transaction is lost with its batch (the caller rolls it back): the batch's lines are named
                throw new InsertRefusal(db.profile(), rows.file()).inBatch(batch, refused);
            }
            batch.clear();
            return;
        }
        Savepoint before = connection.setSavepoint();
        try {
            statement.executeBatch();
        } catch (SQLException refused) {
            connection.rollback(before);
            throw new InsertRefusal(db.profile(), rows.file()).locate(connection, insert, batch, refused,
                    (single, row) -> bind(single, row, profile, rows));
        }
        connection.releaseSavepoint(before);
        batch.clear();
    }

    private static InvalidInputException changed(CsvReader rows, String detail) {
        return new InvalidInputException(rows.file() + ": the file changed while it was being imported (" + detail
                + "); nothing was written");
    }

    /** Database errors a user can act on become one-line messages; anything else stays a bug. */
    RuntimeException translate(RuntimeException e, Name table, SourceTable replaced) {
        String state = SqlErrors.sqlState(e);
        String display = String.join(".", table.getName());
        if ("X0Y32".equals(state) || "42P07".equals(state) || "42S01".equals(state)) {
            // created by someone else between our check and our CREATE TABLE
            return new InvalidInputException("table " + display + " already exists; use --replace to overwrite", e);
        }
        if (replaced != null && ("X0Y23".equals(state) || "X0Y25".equals(state) || "2BP01".equals(state))) {
            return new InvalidInputException("cannot replace " + replaced.displayName() + ": other objects depend on it ("
                    + SqlErrors.describe(SqlErrors.sqlException(e), db.settings().password()) + ")", e);
        }
        if ("3F000".equals(state) || "42Y07".equals(state)) {
            return new InvalidInputException("cannot create " + display + ": schema " + table.getName()[0] + " does not exist", e);
        }
        return SqlErrors.translate(e, db.settings());
    }
}
