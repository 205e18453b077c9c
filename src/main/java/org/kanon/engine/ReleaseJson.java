package org.kanon.engine;

import java.io.PrintWriter;
import java.util.Locale;
import org.kanon.release.ReleaseRecord;

/** A release's register entry as JSON, alike in release show, release list, release and anonymize. */
public final class ReleaseJson {
    private ReleaseJson() {
    }

    /** The lines {@code release} and {@code anonymize --name} print about a release just written. */
    public static void text(PrintWriter out, ReleaseRecord r) {
        out.printf("released %s as %s %s: %d of %s, %d suppressed (%s), %s, smallest %d%n", r.name(),
                r.kind().toLowerCase(Locale.ROOT), r.relation(), r.rowsOut(), Counts.rows(r.rowsIn()), r.rowsSuppressed(), r.suppressMode(),
                Counts.classes(r.classes()), r.smallestClass());
        out.printf("re-check (must return no row): %s%n", r.recheckSql());
    }

    /** Every field of the register but the sensitive values themselves. */
    public static JsonObject of(ReleaseRecord r) {
        return of(r, r.recheckSql());
    }

    /** ... with the re-check given (release show prints kanon's own, built again from the register). */
    public static JsonObject of(ReleaseRecord r, String recheckSql) {
        return new JsonObject().put("name", r.name()).put("relation", r.relation()).put("kind", r.kind().toLowerCase(Locale.ROOT))
                .put("sensitiveRelation", r.twoTables() ? r.relationSchema() + "." + r.sensitiveRelation() : null)
                .put("source", r.sourceSchema() + "." + r.sourceTable()).put("algorithm", r.algorithm())
                .put("quasiIdentifiers", r.quasiIdentifiers()).put("levels", r.levels()).put("k", r.k())
                .put("privacyModel", r.privacyModel()).put("sensitiveAttribute", r.sensitiveAttribute())
                .put("recoding", r.recoding().toLowerCase(Locale.ROOT))
                .put("suppression", r.suppression()).put("suppressionLimit", r.suppressionLimit()).put("suppressMode", r.suppressMode())
                .put("rowsIn", r.rowsIn()).put("rowsOut", r.rowsOut()).put("rowsSuppressed", r.rowsSuppressed())
                .put("classes", r.classes()).put("smallestClass", r.smallestClass())
                .put("createdAt", Timestamps.format(r.createdAt())).put("createdBy", r.createdBy())
                .put("recheckSql", recheckSql);
    }
}
