package org.kanon.release;

import java.time.LocalDateTime;

/**
 * A row of the release register (catalog table RELEASES). {@code privacyModel} describes the model the release
 * satisfies (as {@code PrivacyModel.toString()}); {@code recoding} is {@link #GLOBAL} (one level per QI, in
 * {@code levels}) or {@link #LOCAL} (each row's values at their own levels).
 */
public record ReleaseRecord(String name, String sourceSchema, String sourceTable, String relationSchema,
                            String relationName, String kind, String algorithm, String quasiIdentifiers, String levels,
                            int k, String suppression, long suppressionLimit, String suppressMode, long rowsIn,
                            long rowsOut, long rowsSuppressed, long classes, long smallestClass, String createdBy,
                            LocalDateTime createdAt, String recheckSql, String privacyModel, String recoding) {

    public static final String GLOBAL = "GLOBAL";
    public static final String LOCAL = "LOCAL";

    public String relation() {
        return relationSchema + "." + relationName;
    }
}
