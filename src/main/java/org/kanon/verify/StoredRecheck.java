package org.kanon.verify;

import java.util.Optional;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.privacy.PrivacyModel;
import org.kanon.release.RegisteredRecheck;
import org.kanon.release.ReleaseRecord;
import org.kanon.schema.SourceTable;

/**
 * A release's re-check as kanon builds it from the register ({@link RegisteredRecheck}), beside the text the
 * register stores. The stored text is only ever compared, printed and flagged, never run: anyone who can write the
 * catalog could otherwise make {@code kanon verify} run their SQL with the engine's rights.
 */
public final class StoredRecheck {
    private final Database db;

    public StoredRecheck(Database db) {
        this.db = db;
    }

    /** The re-check kanon builds for {@code r} over {@code source}; empty when the register's model or columns are unreadable. */
    public Optional<String> regenerate(ReleaseRecord r, SourceTable source) {
        Optional<PrivacyModel> model = r.model();
        if (model.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(RegisteredRecheck.sql(db, r, source, model.get()));
        } catch (InvalidInputException e) {
            return Optional.empty(); // a registered column the source no longer has: reported by the other checks
        }
    }

    /** True when the stored text is not the statement kanon builds from the register (or none can be built). */
    public boolean altered(ReleaseRecord r, SourceTable source) {
        return !regenerate(r, source).map(sql -> sql.equals(r.recheckSql())).orElse(false);
    }
}
