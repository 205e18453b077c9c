package org.kanon.ingest;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.jooq.DSLContext;
import org.jooq.Name;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.db.KanonSchemas;
import org.kanon.db.NameLock;
import org.kanon.db.Relations;
import org.kanon.db.SqlErrors;
import org.kanon.db.dialect.DependentView;
import org.kanon.schema.SourceTable;

/**
 * Pass 2 where CREATE and DROP commit by themselves (MariaDB), so one transaction cannot undo them: the rows go into
 * a new table in kanon's catalog namespace first, and only a complete table is moved to its name, by one RENAME
 * TABLE that swaps it with the table it replaces (atomic on MariaDB). Any failure before the swap drops the staged
 * table and leaves the database as it was; the replaced table is dropped after the swap.
 */
final class StagedTableWriter {
    /** MariaDB's ER_TOO_BIG_ROWSIZE: the sum of a row's declared VARCHAR widths is over 65,535 bytes. */
    private static final int ROW_SIZE_TOO_LARGE = 1118;
    private final Database db;
    private final TableWriter writer;

    StagedTableWriter(Database db, TableWriter writer) {
        this.db = db;
        this.writer = writer;
    }

    long write(Name table, Supplier<SourceTable> replacedUnderLock, CsvProfiler.FileProfile profile, CsvReader rows) {
        String catalog = db.identifiers().namespace(KanonSchemas.CATALOG);
        String token = Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
        Name staged = DSL.name(catalog, "import_" + token);
        Name retired = DSL.name(catalog, "replaced_" + token);
        SourceTable[] replaced = {null};
        boolean swapped = false;
        String schema = table.getName()[0];
        if (!db.dsl().fetchExists(DSL.selectOne().from(DSL.table(DSL.name("information_schema", "SCHEMATA")))
                .where(DSL.field(DSL.name("SCHEMA_NAME"), String.class).eq(schema)))) {
            // the RENAME below would fail with the engine's generic errno 168
            throw new InvalidInputException("cannot create " + String.join(".", table.getName()) + ": schema " + schema + " does not exist");
        }
        try {
            long inserted = db.dsl().transactionResult(trx -> {
                DSLContext tx = trx.dsl();
                NameLock.acquire(tx, NameLock.Kind.TABLE, table.getName()[0], table.getName()[1]);
                replaced[0] = replacedUnderLock.get();
                if (replaced[0] != null) {
                    refuseDependents(tx, replaced[0]);
                }
                return writer.createAndFill(tx, staged, profile, rows);
            });
            if (replaced[0] != null && db.profile().hasTransactions()) {
                // MariaDB swaps both names in one statement: a reader never finds the table missing
                db.dsl().query("RENAME TABLE {0} TO {1}, {2} TO {3}", replaced[0].qualifiedName(), retired, staged, table).execute();
            } else if (replaced[0] != null) {
                // a lake renames one table per statement: the name is missing for that moment
                db.dsl().alterTable(replaced[0].qualifiedName()).renameTo(retired).execute();
                db.dsl().alterTable(staged).renameTo(table).execute();
            } else {
                db.dsl().alterTable(staged).renameTo(table).execute();
            }
            swapped = true;
            if (replaced[0] != null) {
                db.dsl().dropTable(retired).execute();
            }
            return inserted;
        } catch (InvalidInputException e) {
            dropStaged(staged, swapped, e);
            throw e;
        } catch (RuntimeException e) {
            dropStaged(staged, swapped, e);
            java.sql.SQLException cause = SqlErrors.sqlException(e);
            if (cause != null && cause.getErrorCode() == ROW_SIZE_TOO_LARGE) {
                // refused by CREATE TABLE, before any row: the columns' declared widths, not a value
                throw new InvalidInputException(rows.file() + ":1: " + profile.names().size() + " columns of these widths are too wide for one "
                        + db.profile().displayName() + " row (at most 65,535 bytes of VARCHAR per row, 4 per character); "
                        + "fewer or narrower columns would fit; nothing was written");
            }
            throw writer.translate(e, table, replaced[0]);
        }
    }

    /**
     * MariaDB drops a table that views read without a word (the views fail later): refused as PostgreSQL refuses
     * it, naming the views.
     */
    private void refuseDependents(DSLContext tx, SourceTable replaced) {
        List<DependentView> views = db.profile().dependentViews(tx, replaced.schema(), replaced.name());
        if (!views.isEmpty()) {
            throw new InvalidInputException("cannot replace " + replaced.displayName() + ": other objects depend on it (view "
                    + String.join(", ", views.stream().map(v -> v.schema() + "." + v.name()).toList())
                    + " reads it); drop " + (views.size() == 1 ? "it" : "them").toLowerCase(Locale.ROOT) + " first");
        }
    }

    private void dropStaged(Name staged, boolean swapped, RuntimeException failure) {
        if (swapped) {
            return;
        }
        try {
            Relations.dropIfExists(db.dsl(), staged.first(), staged.last());
        } catch (RuntimeException e) {
            failure.addSuppressed(e);
        }
    }
}
