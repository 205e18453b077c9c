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

    public static void check(Database db, Spec spec) {
        if (!db.identifiers().fits(spec.releaseName())) {
            throw new InvalidInputException("spec '" + spec.name() + "': release name " + db.identifiers().tooLong(spec.releaseName())
                    + "; choose a shorter one (later runs add _v2, _v3...)");
        }
    }
}
