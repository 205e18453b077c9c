package org.kanon.workflow;

import org.kanon.InvalidInputException;
import org.kanon.db.Database;

/**
 * The names a spec's runs will create, checked against the database when the spec is stored: a release name the
 * database would truncate (PostgreSQL keeps 63 bytes) is refused then, not at every run. A query's snapshot needs
 * no check: its name is made to fit ({@link SourceSnapshot}).
 */
public final class SpecNames {
    private SpecNames() {
    }

    /** When a spec is stored: its release name. */
    public static void check(Database db, Spec spec) {
        check(db, spec, spec.releaseName());
    }

    /** When a run starts: the version it releases ({@code NAME_v2}...), before any work. */
    static void check(Database db, Spec spec, String releaseName) {
        if (!db.identifiers().fits(releaseName)) {
            throw new InvalidInputException("spec '" + spec.name() + "': release name " + db.identifiers().tooLong(releaseName)
                    + "; choose a shorter one (later runs add _v2, _v3...)");
        }
    }
}
