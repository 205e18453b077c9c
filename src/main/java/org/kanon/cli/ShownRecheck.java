package org.kanon.cli;

import org.kanon.db.Database;
import org.kanon.engine.JsonObject;
import org.kanon.engine.ReleaseJson;
import org.kanon.release.ReleaseRecord;
import org.kanon.schema.TableResolver;
import org.kanon.verify.StoredRecheck;

/**
 * The re-check a command prints for a registered release: kanon's own statement, built again from the register, so
 * a user who pastes it runs one SELECT; {@code stored} says how the register's text compares: "kanon's" (the same),
 * "altered" (it differs, and is not printed: never run it), "unconfirmed" (kanon cannot build it again, e.g. the
 * source is gone; the stored text is printed, with a warning).
 */
record ShownRecheck(String sql, String stored) {
    static final String ALTERED = "altered";
    static final String UNCONFIRMED = "unconfirmed";

    static ShownRecheck of(Database db, ReleaseRecord r) {
        return new TableResolver(db).find(new TableResolver.TableName(r.sourceSchema(), r.sourceTable(), true))
                .flatMap(source -> new StoredRecheck(db).regenerate(r, source))
                .map(sql -> new ShownRecheck(sql, sql.equals(r.recheckSql()) ? "kanon's" : ALTERED))
                .orElse(new ShownRecheck(r.recheckSql(), UNCONFIRMED));
    }

    /** The release as JSON with this re-check and how the stored one compares ({@code recheckSqlStored}). */
    JsonObject json(ReleaseRecord r) {
        return ReleaseJson.of(r, sql).put("recheckSqlStored", stored);
    }
}
