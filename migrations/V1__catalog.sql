-- kanon's own catalog, applied by Flyway into schema KANON (Derby) / kanon (PostgreSQL) on every connection.
-- One file for both databases: only types and syntax both accept. Names are unquoted, so Derby stores them upper
-- case and PostgreSQL lower case; the engine folds its own names the same way (org.kanon.db.Identifiers).

-- A user table kanon has worked on. kanon never modifies it; it only records what it learned about it.
CREATE TABLE source_tables (
    id            INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    table_schema  VARCHAR(128) NOT NULL,
    table_name    VARCHAR(128) NOT NULL,
    row_count     BIGINT,
    registered_at TIMESTAMP NOT NULL,
    CONSTRAINT source_tables_name_uk UNIQUE (table_schema, table_name)
);

-- Columns with their role in anonymization (the classic four of the k-anonymity literature).
CREATE TABLE source_attributes (
    source_id      INTEGER NOT NULL REFERENCES source_tables (id) ON DELETE CASCADE,
    column_name    VARCHAR(128) NOT NULL,
    position       INTEGER NOT NULL,
    data_type      VARCHAR(64) NOT NULL,
    attribute_role VARCHAR(20) NOT NULL,
    CONSTRAINT source_attributes_pk PRIMARY KEY (source_id, column_name),
    CONSTRAINT source_attributes_role_ck CHECK (attribute_role IN
        ('IDENTIFYING', 'QUASI_IDENTIFYING', 'SENSITIVE', 'INSENSITIVE'))
);

-- A generalization hierarchy bound to one column, materialized as a dimension table in schema KANON_DIM
-- (Incognito, Figure 4): key column V (the raw value, typed like the source column) and L0..Lh (text).
CREATE TABLE hierarchies (
    id                INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    source_id         INTEGER NOT NULL REFERENCES source_tables (id) ON DELETE CASCADE,
    column_name       VARCHAR(128) NOT NULL,
    height            INTEGER NOT NULL,
    leaf_count        INTEGER NOT NULL,
    maps_null         BOOLEAN NOT NULL,
    dimension_schema  VARCHAR(128) NOT NULL,
    dimension_table   VARCHAR(128) NOT NULL,
    origin            VARCHAR(2000) NOT NULL,
    created_at        TIMESTAMP NOT NULL,
    CONSTRAINT hierarchies_column_uk UNIQUE (source_id, column_name),
    CONSTRAINT hierarchies_height_ck CHECK (height >= 0)
);

CREATE TABLE hierarchy_levels (
    hierarchy_id    INTEGER NOT NULL REFERENCES hierarchies (id) ON DELETE CASCADE,
    level_no        INTEGER NOT NULL,
    column_name     VARCHAR(128) NOT NULL,
    distinct_values INTEGER NOT NULL,
    CONSTRAINT hierarchy_levels_pk PRIMARY KEY (hierarchy_id, level_no)
);

-- The register of releases: what was published, from what, under which guarantee, by whom, and the SQL that
-- re-checks it by hand.
CREATE TABLE releases (
    id                INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    release_name      VARCHAR(128) NOT NULL,
    source_schema     VARCHAR(128) NOT NULL,
    source_table      VARCHAR(128) NOT NULL,
    relation_schema   VARCHAR(128) NOT NULL,
    relation_name     VARCHAR(128) NOT NULL,
    relation_kind     VARCHAR(10) NOT NULL,
    algorithm         VARCHAR(64) NOT NULL,
    quasi_identifiers VARCHAR(4000) NOT NULL,
    levels            VARCHAR(1000) NOT NULL,
    k                 INTEGER NOT NULL,
    suppression       VARCHAR(64) NOT NULL,
    suppression_limit BIGINT NOT NULL,
    suppress_mode     VARCHAR(10) NOT NULL,
    rows_in           BIGINT NOT NULL,
    rows_out          BIGINT NOT NULL,
    rows_suppressed   BIGINT NOT NULL,
    classes           BIGINT NOT NULL,
    smallest_class    BIGINT NOT NULL,
    created_by        VARCHAR(128) NOT NULL,
    created_at        TIMESTAMP NOT NULL,
    recheck_sql       VARCHAR(32000) NOT NULL,
    CONSTRAINT releases_name_uk UNIQUE (release_name),
    CONSTRAINT releases_kind_ck CHECK (relation_kind IN ('VIEW', 'TABLE')),
    CONSTRAINT releases_k_ck CHECK (k >= 1)
);

-- Every check and release that ran to a verdict.
CREATE TABLE runs (
    id            INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    command       VARCHAR(64) NOT NULL,
    source_schema VARCHAR(128) NOT NULL,
    source_table  VARCHAR(128) NOT NULL,
    parameters    VARCHAR(4000) NOT NULL,
    outcome       VARCHAR(32) NOT NULL,
    detail        VARCHAR(4000),
    release_name  VARCHAR(128),
    run_by        VARCHAR(128) NOT NULL,
    started_at    TIMESTAMP NOT NULL,
    finished_at   TIMESTAMP NOT NULL
);
