package org.kanon.release;

import java.time.LocalDateTime;

/**
 * A row of the release register (catalog table RELEASES). {@code privacyModel} describes the model the release
 * satisfies (as {@code PrivacyModel.toString()}); {@code recoding} is {@link #GLOBAL} (one level per QI, in
 * {@code levels}) or {@link #LOCAL} (each row's values at their own levels). {@code sensitiveAttribute} is the
 * release's column of the model's sensitive attribute (null for k-anonymity) and {@code sensitiveValues} the values
 * of a simple (alpha,k) model's sensitive class, one per line (null otherwise).
 */
public record ReleaseRecord(String name, String sourceSchema, String sourceTable, String relationSchema,
                            String relationName, String kind, String algorithm, String quasiIdentifiers, String levels,
                            int k, String suppression, long suppressionLimit, String suppressMode, long rowsIn,
                            long rowsOut, long rowsSuppressed, long classes, long smallestClass, String createdBy,
                            LocalDateTime createdAt, String recheckSql, String privacyModel, String recoding,
                            String sensitiveAttribute, String sensitiveValues, String sensitiveRelation,
                            String partitionRelation) {

    public static final String GLOBAL = "GLOBAL";
    public static final String LOCAL = "LOCAL";
    /** Permutation anonymization: PQT in {@code relationName}, PST in {@code sensitiveRelation}. */
    public static final String PERMUTATION = "PERMUTED";
    /** Anatomy: QIT in {@code relationName}, ST in {@code sensitiveRelation}. */
    public static final String ANATOMY = "ANATOMY";

    /** A single-table release (no sensitive table, no partition record). */
    public ReleaseRecord(String name, String sourceSchema, String sourceTable, String relationSchema,
                         String relationName, String kind, String algorithm, String quasiIdentifiers, String levels,
                         int k, String suppression, long suppressionLimit, String suppressMode, long rowsIn,
                         long rowsOut, long rowsSuppressed, long classes, long smallestClass, String createdBy,
                         LocalDateTime createdAt, String recheckSql, String privacyModel, String recoding,
                         String sensitiveAttribute, String sensitiveValues) {
        this(name, sourceSchema, sourceTable, relationSchema, relationName, kind, algorithm, quasiIdentifiers, levels, k, suppression,
                suppressionLimit, suppressMode, rowsIn, rowsOut, rowsSuppressed, classes, smallestClass, createdBy, createdAt, recheckSql,
                privacyModel, recoding, sensitiveAttribute, sensitiveValues, null, null);
    }

    /** Whether the release is two tables joined by a group id (permutation anonymization or Anatomy). */
    public boolean twoTables() {
        return sensitiveRelation != null;
    }

    public String relation() {
        return relationSchema + "." + relationName;
    }

    /** The values of the sensitive class as {@link #sensitiveValues} stores them. */
    public static String joinValues(java.util.List<String> values) {
        return values.isEmpty() ? null : String.join("\n", values);
    }

    public java.util.List<String> sensitiveValueList() {
        return sensitiveValues == null ? java.util.List.of() : java.util.List.of(sensitiveValues.split("\n", -1));
    }
}
