package org.kanon.release;

import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import org.kanon.privacy.ModelCode;
import org.kanon.privacy.PrivacyModel;
import org.kanon.schema.NameList;

/**
 * A row of the release register (catalog table RELEASES). {@code privacyModel} describes the model the release
 * satisfies for people (as {@code PrivacyModel.toString()}), {@code modelCode} is the same model for kanon (as
 * {@link PrivacyModel#code}, catalog V9; read back by {@link #model}); {@code recoding} is {@link #GLOBAL} (one
 * level per QI, in {@code levels}) or {@link #LOCAL} (each row's values at their own levels), or a two-table kind.
 * {@code sensitiveAttribute} is the release's column of the model's sensitive attribute (null for k-anonymity) and
 * {@code sensitiveValues} the values of a simple (alpha,k) model's sensitive class, one per line (null otherwise).
 * Built with {@link #builder()}.
 */
public record ReleaseRecord(String name, String sourceSchema, String sourceTable, String relationSchema,
                            String relationName, String kind, String algorithm, String quasiIdentifiers, String levels,
                            int k, String suppression, long suppressionLimit, String suppressMode, long rowsIn,
                            long rowsOut, long rowsSuppressed, long classes, long smallestClass, String createdBy,
                            LocalDateTime createdAt, String recheckSql, String privacyModel, String modelCode, String recoding,
                            String sensitiveAttribute, String sensitiveValues, String sensitiveRelation,
                            String partitionRelation) {

    public static final String GLOBAL = "GLOBAL";
    public static final String LOCAL = "LOCAL";
    /** Permutation anonymization: PQT in {@code relationName}, PST in {@code sensitiveRelation}. */
    public static final String PERMUTATION = "PERMUTED";
    /** Anatomy: QIT in {@code relationName}, ST in {@code sensitiveRelation}. */
    public static final String ANATOMY = "ANATOMY";

    public static Builder builder() {
        return new Builder();
    }

    /** Whether the release is two tables joined by a group id (permutation anonymization or Anatomy). */
    public boolean twoTables() {
        return sensitiveRelation != null;
    }

    public String relation() {
        return relationSchema + "." + relationName;
    }

    /**
     * The privacy model the release was registered under, with its sensitive attribute and class; empty when the
     * register's model is none kanon reads (the release cannot be judged). From {@code modelCode}; a row without one
     * goes through {@link LegacyModelText}.
     */
    public Optional<PrivacyModel> model() {
        String code = modelCode != null ? modelCode : LegacyModelText.code(this);
        return ModelCode.decode(code, sensitiveAttribute, sensitiveValueList());
    }

    /** The quasi-identifiers' column names, in the register's order (stored as a {@link NameList}). */
    public List<String> qiNames() {
        return NameList.parse(quasiIdentifiers);
    }

    /** The registered level per QI of a full-domain release; null for another recoding or levels that do not parse. */
    public int[] globalLevels() {
        if (!GLOBAL.equals(recoding) || levels == null) {
            return null;
        }
        String[] parts = levels.split(",");
        int[] out = new int[parts.length];
        try {
            for (int i = 0; i < parts.length; i++) {
                out[i] = Integer.parseInt(parts[i].trim());
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return out;
    }

    /** The values of the sensitive class as {@link #sensitiveValues} stores them. */
    public static String joinValues(List<String> values) {
        return values.isEmpty() ? null : String.join("\n", values);
    }

    public List<String> sensitiveValueList() {
        return sensitiveValues == null ? List.of() : List.of(sensitiveValues.split("\n", -1));
    }

    /** The fields of a register row, named; {@link #build} makes the record. */
    public static final class Builder {
        private String name;
        private String sourceSchema;
        private String sourceTable;
        private String relationSchema;
        private String relationName;
        private String kind;
        private String algorithm;
        private String quasiIdentifiers;
        private String levels;
        private int k;
        private String suppression;
        private long suppressionLimit;
        private String suppressMode;
        private long rowsIn;
        private long rowsOut;
        private long rowsSuppressed;
        private long classes;
        private long smallestClass;
        private String createdBy;
        private LocalDateTime createdAt;
        private String recheckSql;
        private String privacyModel;
        private String modelCode;
        private String recoding;
        private String sensitiveAttribute;
        private String sensitiveValues;
        private String sensitiveRelation;
        private String partitionRelation;

        private Builder() {
        }

        public Builder name(String v) { name = v; return this; }
        public Builder sourceSchema(String v) { sourceSchema = v; return this; }
        public Builder sourceTable(String v) { sourceTable = v; return this; }
        public Builder relationSchema(String v) { relationSchema = v; return this; }
        public Builder relationName(String v) { relationName = v; return this; }
        public Builder kind(String v) { kind = v; return this; }
        public Builder algorithm(String v) { algorithm = v; return this; }
        public Builder quasiIdentifiers(String v) { quasiIdentifiers = v; return this; }
        public Builder levels(String v) { levels = v; return this; }
        public Builder k(int v) { k = v; return this; }
        public Builder suppression(String v) { suppression = v; return this; }
        public Builder suppressionLimit(long v) { suppressionLimit = v; return this; }
        public Builder suppressMode(String v) { suppressMode = v; return this; }
        public Builder rowsIn(long v) { rowsIn = v; return this; }
        public Builder rowsOut(long v) { rowsOut = v; return this; }
        public Builder rowsSuppressed(long v) { rowsSuppressed = v; return this; }
        public Builder classes(long v) { classes = v; return this; }
        public Builder smallestClass(long v) { smallestClass = v; return this; }
        public Builder createdBy(String v) { createdBy = v; return this; }
        public Builder createdAt(LocalDateTime v) { createdAt = v; return this; }
        public Builder recheckSql(String v) { recheckSql = v; return this; }
        public Builder privacyModel(String v) { privacyModel = v; return this; }
        public Builder modelCode(String v) { modelCode = v; return this; }
        public Builder recoding(String v) { recoding = v; return this; }
        public Builder sensitiveAttribute(String v) { sensitiveAttribute = v; return this; }
        public Builder sensitiveValues(String v) { sensitiveValues = v; return this; }
        public Builder sensitiveRelation(String v) { sensitiveRelation = v; return this; }
        public Builder partitionRelation(String v) { partitionRelation = v; return this; }

        /** The model, as people read it ({@code privacyModel}) and as kanon reads it back ({@code modelCode}). */
        public Builder model(PrivacyModel m) {
            privacyModel = m.toString();
            modelCode = m.code();
            return this;
        }

        public ReleaseRecord build() {
            return new ReleaseRecord(name, sourceSchema, sourceTable, relationSchema, relationName, kind, algorithm, quasiIdentifiers,
                    levels, k, suppression, suppressionLimit, suppressMode, rowsIn, rowsOut, rowsSuppressed, classes, smallestClass,
                    createdBy, createdAt, recheckSql, privacyModel, modelCode, recoding, sensitiveAttribute, sensitiveValues,
                    sensitiveRelation, partitionRelation);
        }
    }
}
