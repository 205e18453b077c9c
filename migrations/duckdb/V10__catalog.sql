-- DuckDB's whole catalog in one file (DuckDB runs none of the shared migrations/): the tables of the shared V1, V2,
-- V3, V4, V7 and V9 as they stand after V9, translated, applied into schema kanon like the others. The history ends
-- at version 10, as on Derby and PostgreSQL. What differs from the shared files and why:
--  * ids come from sequences (DuckDB has no GENERATED ... AS IDENTITY); an id may be given explicitly, which kanon
--    never does;
--  * no FOREIGN KEYs: DuckDB has no ON DELETE CASCADE, and refuses to delete a parent row even after its children were
--    deleted in the same transaction; kanon deletes the dependent rows itself;
--  * no index on requests(status, id): DuckDB scans with zone maps, and an ART index on a column kanon updates turns
--    each update into a delete and an insert;
--  * the PostgreSQL-own V5 (NOTIFY on a new request), V6 and V8 (security-barrier views) do not apply: DuckDB has no
--    notifications (workers poll) and no security barriers; V10's procedures are Derby's alone (DuckDB runs no Java).
-- Unquoted names keep the case they are written in (lower case, as the engine folds its own names for DuckDB).

CREATE SEQUENCE source_tables_id_seq;
CREATE SEQUENCE hierarchies_id_seq;
CREATE SEQUENCE releases_id_seq;
CREATE SEQUENCE runs_id_seq;
CREATE SEQUENCE specs_id_seq;
CREATE SEQUENCE spec_runs_id_seq;
CREATE SEQUENCE requests_id_seq;

-- A user table kanon has worked on. kanon never modifies it; it only records what it learned about it.
CREATE TABLE source_tables (
    id            INTEGER DEFAULT nextval('kanon.source_tables_id_seq') PRIMARY KEY,
    table_schema  VARCHAR(128) NOT NULL,
    table_name    VARCHAR(128) NOT NULL,
    row_count     BIGINT,
    registered_at TIMESTAMP NOT NULL,
    CONSTRAINT source_tables_name_uk UNIQUE (table_schema, table_name)
);

-- Columns with their role in anonymization (rows of a source_tables row; deleted with it by kanon).
CREATE TABLE source_attributes (
    source_id      INTEGER NOT NULL,
    column_name    VARCHAR(128) NOT NULL,
    position       INTEGER NOT NULL,
    data_type      VARCHAR(64) NOT NULL,
    attribute_role VARCHAR(20) NOT NULL,
    CONSTRAINT source_attributes_pk PRIMARY KEY (source_id, column_name),
    CONSTRAINT source_attributes_role_ck CHECK (attribute_role IN
        ('IDENTIFYING', 'QUASI_IDENTIFYING', 'SENSITIVE', 'INSENSITIVE'))
);

-- A generalization hierarchy bound to one column, materialized as a dimension table in schema kanon_dim.
CREATE TABLE hierarchies (
    id                INTEGER DEFAULT nextval('kanon.hierarchies_id_seq') PRIMARY KEY,
    source_id         INTEGER NOT NULL,
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
    hierarchy_id    INTEGER NOT NULL,
    level_no        INTEGER NOT NULL,
    column_name     VARCHAR(128) NOT NULL,
    distinct_values INTEGER NOT NULL,
    CONSTRAINT hierarchy_levels_pk PRIMARY KEY (hierarchy_id, level_no)
);

-- The register of releases (V1, with V2's models and recodings, V3's two-table relations, V7's dropped columns and
-- V9's model code).
CREATE TABLE releases (
    id                  INTEGER DEFAULT nextval('kanon.releases_id_seq') PRIMARY KEY,
    release_name        VARCHAR(128) NOT NULL,
    source_schema       VARCHAR(128) NOT NULL,
    source_table        VARCHAR(128) NOT NULL,
    relation_schema     VARCHAR(128) NOT NULL,
    relation_name       VARCHAR(128) NOT NULL,
    relation_kind       VARCHAR(10) NOT NULL,
    algorithm           VARCHAR(64) NOT NULL,
    quasi_identifiers   VARCHAR(4000) NOT NULL,
    levels              VARCHAR(1000) NOT NULL,
    k                   INTEGER NOT NULL,
    suppression         VARCHAR(64) NOT NULL,
    suppression_limit   BIGINT NOT NULL,
    suppress_mode       VARCHAR(10) NOT NULL,
    rows_in             BIGINT NOT NULL,
    rows_out            BIGINT NOT NULL,
    rows_suppressed     BIGINT NOT NULL,
    classes             BIGINT NOT NULL,
    smallest_class      BIGINT NOT NULL,
    created_by          VARCHAR(128) NOT NULL,
    created_at          TIMESTAMP NOT NULL,
    recheck_sql         VARCHAR(32000) NOT NULL,
    privacy_model       VARCHAR(400) DEFAULT 'k-anonymity' NOT NULL,
    recoding            VARCHAR(10) DEFAULT 'GLOBAL' NOT NULL,
    sensitive_attribute VARCHAR(128),
    sensitive_values    VARCHAR(4000),
    sensitive_relation  VARCHAR(128),
    partition_relation  VARCHAR(128),
    dropped_columns     VARCHAR(32000),
    model_code          VARCHAR(400),
    CONSTRAINT releases_name_uk UNIQUE (release_name),
    CONSTRAINT releases_kind_ck CHECK (relation_kind IN ('VIEW', 'TABLE')),
    CONSTRAINT releases_k_ck CHECK (k >= 1),
    CONSTRAINT releases_recoding_ck CHECK (recoding IN ('GLOBAL', 'LOCAL', 'PERMUTED', 'ANATOMY'))
);

-- Every check and release that ran to a verdict.
CREATE TABLE runs (
    id            INTEGER DEFAULT nextval('kanon.runs_id_seq') PRIMARY KEY,
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

-- SQL-driven release workflows (V4): specs, their hierarchies, their runs and the request queue.
CREATE TABLE specs (
    id                  INTEGER DEFAULT nextval('kanon.specs_id_seq') PRIMARY KEY,
    spec_name           VARCHAR(128) NOT NULL,
    source_table        VARCHAR(257),
    source_query        VARCHAR(32000),
    quasi_identifiers   VARCHAR(4000) NOT NULL,
    identifying         VARCHAR(4000),
    k                   INTEGER NOT NULL,
    alpha               VARCHAR(32),
    l                   INTEGER,
    diversity           VARCHAR(16),
    sensitive_attribute VARCHAR(128),
    sensitive_value     VARCHAR(1000),
    suppression         VARCHAR(32) DEFAULT '0' NOT NULL,
    algorithm           VARCHAR(64) DEFAULT 'incognito' NOT NULL,
    select_criterion    VARCHAR(32) DEFAULT 'height' NOT NULL,
    options             VARCHAR(4000),
    target_kind         VARCHAR(10) DEFAULT 'VIEW' NOT NULL,
    release_name        VARCHAR(100) NOT NULL,
    description         VARCHAR(4000),
    created_by          VARCHAR(128) DEFAULT CURRENT_USER NOT NULL,
    created_at          TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL,
    CONSTRAINT specs_name_uk UNIQUE (spec_name),
    CONSTRAINT specs_source_ck CHECK ((source_table IS NULL AND source_query IS NOT NULL)
                                   OR (source_table IS NOT NULL AND source_query IS NULL)),
    CONSTRAINT specs_k_ck CHECK (k >= 1),
    CONSTRAINT specs_kind_ck CHECK (target_kind IN ('VIEW', 'TABLE'))
);

CREATE TABLE spec_hierarchies (
    spec_id          INTEGER NOT NULL,
    column_name      VARCHAR(128) NOT NULL,
    hierarchy_table  VARCHAR(257) NOT NULL,
    hierarchy_column VARCHAR(128) NOT NULL,
    CONSTRAINT spec_hierarchies_pk PRIMARY KEY (spec_id, column_name)
);

CREATE TABLE spec_runs (
    id              INTEGER DEFAULT nextval('kanon.spec_runs_id_seq') PRIMARY KEY,
    spec_name       VARCHAR(128) NOT NULL,
    request_id      INTEGER,
    status          VARCHAR(10) NOT NULL,
    release_name    VARCHAR(128),
    release_version INTEGER,
    reserved_name   VARCHAR(128),
    rows_in         BIGINT,
    rows_out        BIGINT,
    rows_suppressed BIGINT,
    classes         BIGINT,
    chosen          VARCHAR(4000),
    result          VARCHAR(32000),
    error           VARCHAR(4000),
    run_by          VARCHAR(128) NOT NULL,
    worker          VARCHAR(200),
    lease_until     TIMESTAMP,
    started_at      TIMESTAMP NOT NULL,
    finished_at     TIMESTAMP,
    CONSTRAINT spec_runs_reserved_uk UNIQUE (reserved_name),
    CONSTRAINT spec_runs_status_ck CHECK (status IN ('RUNNING', 'RELEASED', 'NOT_MET', 'FAILED'))
);

-- The request queue: INSERT INTO kanon.requests (spec_name) VALUES ('...') asks for a run of a spec. On DuckDB a
-- worker claims a request with a conditional UPDATE (as on Derby) and polls for new ones.
CREATE TABLE requests (
    id              INTEGER DEFAULT nextval('kanon.requests_id_seq') PRIMARY KEY,
    action          VARCHAR(10) DEFAULT 'RUN' NOT NULL,
    spec_name       VARCHAR(128),
    replace_release BOOLEAN DEFAULT FALSE NOT NULL,
    status          VARCHAR(10) DEFAULT 'QUEUED' NOT NULL,
    attempts        INTEGER DEFAULT 0 NOT NULL,
    max_attempts    INTEGER DEFAULT 2 NOT NULL,
    requested_by    VARCHAR(128) DEFAULT CURRENT_USER NOT NULL,
    requested_at    TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL,
    claimed_by      VARCHAR(200),
    claimed_at      TIMESTAMP,
    heartbeat_at    TIMESTAMP,
    lease_until     TIMESTAMP,
    finished_at     TIMESTAMP,
    run_id          INTEGER,
    release_name    VARCHAR(128),
    error           VARCHAR(4000),
    CONSTRAINT requests_action_ck CHECK ((action = 'RUN' AND spec_name IS NOT NULL)
                                      OR (action IN ('VERIFY', 'DROP') AND release_name IS NOT NULL)),
    CONSTRAINT requests_status_ck CHECK (status IN ('QUEUED', 'RUNNING', 'DONE', 'NOT_MET', 'FAILED')),
    CONSTRAINT requests_attempts_ck CHECK (max_attempts >= 1)
);
