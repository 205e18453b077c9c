package org.kanon.ingest;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.jooq.CreateTableElementListStep;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.db.SqlErrors;
import org.kanon.schema.SourceTable;

/**
 * Pass 2: in ONE transaction, drops the table being replaced, creates the new one and inserts every row. Derby
 * and PostgreSQL both roll DDL back, so any failure leaves the database exactly as it was.
 */
final class TableWriter {
    /** Rows per executeBatch: large enough to amortise round trips, small enough to keep the driver's buffers small. */
    static final int BATCH_SIZE = 1000;

    private final Database db;

    TableWriter(Database db) {
        this.db = db;
    }

    /**
     * @param replaced the existing table to drop first, or null
     * @param rows     a reader positioned before the first data row
     * @return the number of rows inserted
     */
    long write(Name table, SourceTable replaced, CsvProfiler.FileProfile profile, CsvReader rows) {
        try {
            return db.dsl().transactionResult(trx -> {
                DSLContext tx = trx.dsl();
                if (replaced != null) {
                    tx.dropTable(replaced.qualifiedName()).execute();
                }
                List<Field<?>> fields = create(tx, table, profile);
                // rendered once by jOOQ (quoted names, ? placeholders), then run as plain JDBC batches for speed
                String insert = tx.render(tx.insertInto(DSL.table(table)).columns(fields).values(placeholders(fields)));
                return tx.connectionResult(connection -> insertAll(connection, insert, profile, rows));
            });
        } catch (InvalidInputException e) {
            throw e;
        } catch (RuntimeException e) {
            throw translate(e, table, replaced);
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

    private static long insertAll(Connection connection, String insert, CsvProfiler.FileProfile profile, CsvReader rows)
            throws SQLException {
        List<ColumnType> types = profile.types();
        int width = types.size();
        long inserted = 0;
        try (PreparedStatement statement = connection.prepareStatement(insert)) {
            int pending = 0;
            while (rows.next()) {
                for (int i = 0; i < width; i++) {
                    try {
                        types.get(i).bind(statement, i + 1, rows.value(i));
                    } catch (NumberFormatException e) {
                        throw changed(rows, "line " + rows.line() + ", column '" + Values.shorten(profile.names().get(i))
                                + "' no longer fits " + types.get(i).sqlType());
                    }
                }
                statement.addBatch();
                inserted++;
                if (++pending == BATCH_SIZE) {
                    statement.executeBatch();
                    pending = 0;
                }
            }
            if (pending > 0) {
                statement.executeBatch();
            }
        }
        if (inserted != profile.rows()) {
            throw changed(rows, profile.rows() + " rows when checked, " + inserted + " rows now");
        }
        return inserted;
    }

    private static InvalidInputException changed(CsvReader rows, String detail) {
        return new InvalidInputException(rows.file() + ": the file changed while it was being imported (" + detail
                + "); nothing was written");
    }

    /** Database errors a user can act on become one-line messages; anything else stays a bug. */
    private RuntimeException translate(RuntimeException e, Name table, SourceTable replaced) {
        String state = SqlErrors.sqlState(e);
        String display = String.join(".", table.getName());
        if ("X0Y32".equals(state) || "42P07".equals(state)) {
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
