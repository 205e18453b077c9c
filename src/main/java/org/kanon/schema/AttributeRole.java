package org.kanon.schema;

/** The role of a column in anonymization; stored in the catalog as the constant's name. */
public enum AttributeRole {
    /** Names a person outright (name, SSN): dropped from every release. */
    IDENTIFYING,
    /** Can be joined with outside data (age, zip code): generalized. */
    QUASI_IDENTIFYING,
    /** What must not be learned about a person (disease, salary): kept, protected by the privacy model. */
    SENSITIVE,
    /** Everything else: kept as is. */
    INSENSITIVE
}
