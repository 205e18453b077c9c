package org.kanon.release;

import java.time.LocalDateTime;

/** A row of the release register (catalog table RELEASES). */
public record ReleaseRecord(String name, String sourceSchema, String sourceTable, String relationSchema,
                            String relationName, String kind, String algorithm, String quasiIdentifiers, String levels,
                            int k, String suppression, long suppressionLimit, String suppressMode, long rowsIn,
                            long rowsOut, long rowsSuppressed, long classes, long smallestClass, String createdBy,
                            LocalDateTime createdAt, String recheckSql) {

    public String relation() {
        return relationSchema + "." + relationName;
    }
}
