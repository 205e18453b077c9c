package org.kanon.db;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.QueryPart;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.kanon.db.dialect.DatabaseProfile;

/**
 * Temporary tables on one connection held for the lifetime of this object: temporary tables are private to a
 * connection (Derby's SESSION schema, PostgreSQL's pg_temp), so everything that reads or writes them must go
 * through {@link #dsl()}. Nothing is created in kanon's catalog and no migration is needed. Tables still alive at
 * {@link #close()} are dropped before the connection goes back to the pool, so the next user of that connection
 * never meets them.
 */
public final class ScratchTables implements AutoCloseable {
    private final Database db;
    private final Connection connection;
    private final DSLContext dsl;
    private final Set<Name> live = new LinkedHashSet<>();
    private int counter;

    private ScratchTables(Database db, Connection connection) {
        this.db = db;
        this.connection = connection;
        this.dsl = DSL.using(connection, db.dialect(), db.dsl().settings());
    }

    public static ScratchTables open(Database db) {
        try {
            ScratchTables tables = new ScratchTables(db, db.dataSource().getConnection());
            tables.dropAbandoned();
            return tables;
        } catch (SQLException e) {
            throw SqlErrors.translate(e, db.settings());
        }
    }

    /** What a killed process left where scratch tables are real tables (Trino), dropped before new ones are made. */
    private void dropAbandoned() {
        for (Name abandoned : db.profile().abandonedScratchTables(dsl, db.identifiers().namespace(KanonSchemas.CATALOG))) {
            dsl.dropTableIfExists(abandoned).execute();
        }
    }

    /** The context bound to this object's connection: the only one that sees its tables. */
    public DSLContext dsl() {
        return dsl;
    }

    public SQLDialect dialect() {
        return db.dialect();
    }

    public DatabaseProfile profile() {
        return db.profile();
    }

    /** A plain name folded like every name kanon makes up, so templates may spell it unquoted. */
    public Name name(String... parts) {
        return db.identifiers().name(parts);
    }

    /** Creates {@code prefix_N} with the given columns (name and data type of each field); one statement. */
    public Table<?> create(String prefix, List<? extends Field<?>> columns) {
        String plain = db.identifiers().fold(prefix + "_" + (++counter));
        Name name = db.profile().scratchTable(db.identifiers().namespace(KanonSchemas.CATALOG), plain);
        List<QueryPart> definitions = new ArrayList<>();
        for (Field<?> c : columns) {
            definitions.add(DSL.sql("{0} {1}", DSL.name(c.getUnqualifiedName().last()),
                    DSL.keyword(db.profile().scratchColumnType(c.getDataType(), dsl.configuration()))));
        }
        dsl.query(SqlTemplates.load("scratch/create-temp-table.sql", db.profile()), name, DSL.list(definitions)).execute();
        live.add(name);
        return DSL.table(name);
    }

    /**
     * Indexes {@code columns} of a table made by {@link #create} (dropped with it); one statement. For scratch tables
     * that joins read many times over: where the optimizer has no index it may join them as a cross product first.
     */
    public void index(Table<?> table, List<? extends Field<?>> columns) {
        Name name = table.getQualifiedName();
        if (!live.contains(name)) {
            throw new IllegalStateException(name + " is not a live scratch table");
        }
        Name index = DSL.name(db.identifiers().fold(name.last() + "_i" + (++counter))); // in the table's schema
        dsl.createIndex(index).on(table, columns.stream()
                .map(c -> DSL.field(DSL.name(c.getUnqualifiedName().last()))).toList()).execute();
    }

    /** Drops a table made by {@link #create}; one statement. */
    public void drop(Table<?> table) {
        Name name = table.getQualifiedName();
        if (!live.remove(name)) {
            throw new IllegalStateException(name + " is not a live scratch table");
        }
        dsl.dropTable(name).execute();
    }

    public int liveTables() {
        return live.size();
    }

    @Override
    public void close() {
        boolean clean = true;
        for (Name name : List.copyOf(live)) {
            try {
                dsl.dropTable(name).execute();
                live.remove(name);
            } catch (RuntimeException e) {
                clean = false;
            }
        }
        try {
            if (!clean && db.dataSource() instanceof HikariDataSource pool) {
                pool.evictConnection(connection); // a leftover temporary table must not reach the next borrower
            } else {
                connection.close();
            }
        } catch (SQLException e) {
            throw SqlErrors.translate(e, db.settings());
        }
    }
}
