package org.kanon.release;

import java.time.LocalDateTime;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import org.kanon.db.CatalogTable;
import org.kanon.db.Database;
import org.kanon.db.Varchars;
import org.kanon.schema.SourceTable;

/** Records each check and release that reached a verdict in the catalog's RUNS table. */
public final class RunLog {
    private final Database db;
    private final CatalogTable runs;

    public RunLog(Database db) {
        this.db = db;
        this.runs = new CatalogTable(db, "runs");
    }

    public void record(DSLContext ctx, String command, SourceTable source, String parameters, String outcome,
                       String detail, String releaseName, LocalDateTime startedAt) {
        String user = ctx.select(org.kanon.db.dialect.DatabaseProfiles.of(ctx.dialect()).currentUser()).fetchOne(0, String.class);
        db.catalogDsl(ctx).insertInto(runs.table())
                .set(runs.field("command", String.class), command)
                .set(runs.field("source_schema", String.class), source.schema())
                .set(runs.field("source_table", String.class), source.name())
                .set(runs.field("parameters", String.class), Varchars.fit(parameters, 4000))
                .set(runs.field("outcome", String.class), outcome)
                .set(runs.field("detail", String.class), Varchars.fit(detail, 4000))
                .set(runs.field("release_name", String.class), releaseName)
                .set(runs.field("run_by", String.class), user == null ? "?" : user)
                .set(runs.field("started_at", LocalDateTime.class), startedAt)
                .set(runs.field("finished_at", LocalDateTime.class), LocalDateTime.now())
                .execute();
    }
}
