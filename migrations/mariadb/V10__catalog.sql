-- kanon's catalog on MariaDB (and MySQL), applied by Flyway into database <db>_kanon: the whole catalog in one file,
-- equal in content to the shared V1..V9 with PostgreSQL's own V5, V6, V8 and V10 where they apply, so the history
-- ends at version 10 as on the other databases. Translated: identities are AUTO_INCREMENT; texts longer than 1000
-- characters are TEXT (a row's VARCHARs share 65,535 bytes); times are DATETIME(6) (TIMESTAMP would be updated by
-- the server on every UPDATE and ends in 2038); every table is utf8mb4 with the binary collation, so names and values
-- compare exactly as on Derby and PostgreSQL. Left out: V5 (PostgreSQL's NOTIFY trigger: MariaDB has no
-- notifications, workers poll), V6 and V8 (security-barrier views: MariaDB has none; release views are TEMPTABLE
-- views instead) and V9's UPDATEs (no release predates this catalog). Names are unquoted and lower case, each qualified with
-- the catalog database (Flyway does not make it the connection's default database on MariaDB).

-- kanon's three databases compare names and values exactly (binary collation), whatever the server's default: the
-- dimension tables and releases created in them later inherit it. Flyway created them (or the DBA did, see
-- sql/mariadb/least-privilege.sql); the other two are named after this one.
ALTER DATABASE `${flyway:defaultSchema}` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;
ALTER DATABASE `${flyway:defaultSchema}_dim` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;
ALTER DATABASE `${flyway:defaultSchema}_release` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- A user table kanon has worked on. kanon never modifies it; it only records what it learned about it.
CREATE TABLE `${flyway:defaultSchema}`.source_tables (
    id            INTEGER AUTO_INCREMENT PRIMARY KEY,
    table_schema  VARCHAR(128) NOT NULL,
    table_name    VARCHAR(128) NOT NULL,
    row_count     BIGINT,
    registered_at DATETIME(6) NOT NULL,
    CONSTRAINT source_tables_name_uk UNIQUE (table_schema, table_name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Columns with their role in anonymization (the classic four of the k-anonymity literature).
CREATE TABLE `${flyway:defaultSchema}`.source_attributes (
    source_id      INTEGER NOT NULL,
    column_name    VARCHAR(128) NOT NULL,
    position       INTEGER NOT NULL,
    data_type      VARCHAR(64) NOT NULL,
    attribute_role VARCHAR(20) NOT NULL,
    CONSTRAINT source_attributes_pk PRIMARY KEY (source_id, column_name),
    CONSTRAINT source_attributes_source_fk FOREIGN KEY (source_id) REFERENCES `${flyway:defaultSchema}`.source_tables (id) ON DELETE CASCADE,
    CONSTRAINT source_attributes_role_ck CHECK (attribute_role IN
        ('IDENTIFYING', 'QUASI_IDENTIFYING', 'SENSITIVE', 'INSENSITIVE'))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- A generalization hierarchy bound to one column, materialized as a dimension table in <db>_kanon_dim.
CREATE TABLE `${flyway:defaultSchema}`.hierarchies (
    id                INTEGER AUTO_INCREMENT PRIMARY KEY,
    source_id         INTEGER NOT NULL,
    column_name       VARCHAR(128) NOT NULL,
    height            INTEGER NOT NULL,
    leaf_count        INTEGER NOT NULL,
    maps_null         BOOLEAN NOT NULL,
    dimension_schema  VARCHAR(128) NOT NULL,
    dimension_table   VARCHAR(128) NOT NULL,
    origin            TEXT NOT NULL,
    created_at        DATETIME(6) NOT NULL,
    CONSTRAINT hierarchies_column_uk UNIQUE (source_id, column_name),
    CONSTRAINT hierarchies_source_fk FOREIGN KEY (source_id) REFERENCES `${flyway:defaultSchema}`.source_tables (id) ON DELETE CASCADE,
    CONSTRAINT hierarchies_height_ck CHECK (height >= 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE `${flyway:defaultSchema}`.hierarchy_levels (
    hierarchy_id    INTEGER NOT NULL,
    level_no        INTEGER NOT NULL,
    column_name     VARCHAR(128) NOT NULL,
    distinct_values INTEGER NOT NULL,
    CONSTRAINT hierarchy_levels_pk PRIMARY KEY (hierarchy_id, level_no),
    CONSTRAINT hierarchy_levels_hierarchy_fk FOREIGN KEY (hierarchy_id) REFERENCES `${flyway:defaultSchema}`.hierarchies (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- The register of releases (V1, with V2, V3, V7 and V9's columns).
CREATE TABLE `${flyway:defaultSchema}`.releases (
    id                  INTEGER AUTO_INCREMENT PRIMARY KEY,
    release_name        VARCHAR(128) NOT NULL,
    source_schema       VARCHAR(128) NOT NULL,
    source_table        VARCHAR(128) NOT NULL,
    relation_schema     VARCHAR(128) NOT NULL,
    relation_name       VARCHAR(128) NOT NULL,
    relation_kind       VARCHAR(10) NOT NULL,
    algorithm           VARCHAR(64) NOT NULL,
    quasi_identifiers   TEXT NOT NULL,
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
    created_at          DATETIME(6) NOT NULL,
    recheck_sql         MEDIUMTEXT NOT NULL,
    privacy_model       VARCHAR(400) DEFAULT 'k-anonymity' NOT NULL,
    recoding            VARCHAR(10) DEFAULT 'GLOBAL' NOT NULL,
    sensitive_attribute VARCHAR(128),
    sensitive_values    TEXT,
    sensitive_relation  VARCHAR(128),
    partition_relation  VARCHAR(128),
    dropped_columns     MEDIUMTEXT,
    model_code          VARCHAR(400),
    CONSTRAINT releases_name_uk UNIQUE (release_name),
    CONSTRAINT releases_kind_ck CHECK (relation_kind IN ('VIEW', 'TABLE')),
    CONSTRAINT releases_k_ck CHECK (k >= 1),
    CONSTRAINT releases_recoding_ck CHECK (recoding IN ('GLOBAL', 'LOCAL', 'PERMUTED', 'ANATOMY'))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Every check and release that ran to a verdict.
CREATE TABLE `${flyway:defaultSchema}`.runs (
    id            INTEGER AUTO_INCREMENT PRIMARY KEY,
    command       VARCHAR(64) NOT NULL,
    source_schema VARCHAR(128) NOT NULL,
    source_table  VARCHAR(128) NOT NULL,
    parameters    TEXT NOT NULL,
    outcome       VARCHAR(32) NOT NULL,
    detail        TEXT,
    release_name  VARCHAR(128),
    run_by        VARCHAR(128) NOT NULL,
    started_at    DATETIME(6) NOT NULL,
    finished_at   DATETIME(6) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Release specifications (V4). created_by's default is CURRENT_USER as on the others (MariaDB 10.2+ takes an
-- expression as a default).
CREATE TABLE `${flyway:defaultSchema}`.specs (
    id                  INTEGER AUTO_INCREMENT PRIMARY KEY,
    spec_name           VARCHAR(128) NOT NULL,
    source_table        VARCHAR(257),
    source_query        MEDIUMTEXT,
    quasi_identifiers   TEXT NOT NULL,
    identifying         TEXT,
    k                   INTEGER NOT NULL,
    alpha               VARCHAR(32),
    l                   INTEGER,
    diversity           VARCHAR(16),
    sensitive_attribute VARCHAR(128),
    sensitive_value     VARCHAR(1000),
    suppression         VARCHAR(32) DEFAULT '0' NOT NULL,
    algorithm           VARCHAR(64) DEFAULT 'incognito' NOT NULL,
    select_criterion    VARCHAR(32) DEFAULT 'height' NOT NULL,
    options             TEXT,
    target_kind         VARCHAR(10) DEFAULT 'VIEW' NOT NULL,
    release_name        VARCHAR(100) NOT NULL,
    description         TEXT,
    created_by          VARCHAR(128) DEFAULT (CURRENT_USER()) NOT NULL,
    created_at          DATETIME(6) DEFAULT CURRENT_TIMESTAMP(6) NOT NULL,
    CONSTRAINT specs_name_uk UNIQUE (spec_name),
    CONSTRAINT specs_source_ck CHECK ((source_table IS NULL AND source_query IS NOT NULL)
                                   OR (source_table IS NOT NULL AND source_query IS NULL)),
    CONSTRAINT specs_k_ck CHECK (k >= 1),
    CONSTRAINT specs_kind_ck CHECK (target_kind IN ('VIEW', 'TABLE'))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE `${flyway:defaultSchema}`.spec_hierarchies (
    spec_id          INTEGER NOT NULL,
    column_name      VARCHAR(128) NOT NULL,
    hierarchy_table  VARCHAR(257) NOT NULL,
    hierarchy_column VARCHAR(128) NOT NULL,
    CONSTRAINT spec_hierarchies_pk PRIMARY KEY (spec_id, column_name),
    CONSTRAINT spec_hierarchies_spec_fk FOREIGN KEY (spec_id) REFERENCES `${flyway:defaultSchema}`.specs (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE `${flyway:defaultSchema}`.spec_runs (
    id              INTEGER AUTO_INCREMENT PRIMARY KEY,
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
    chosen          TEXT,
    result          MEDIUMTEXT,
    error           TEXT,
    run_by          VARCHAR(128) NOT NULL,
    worker          VARCHAR(200),
    lease_until     DATETIME(6),
    started_at      DATETIME(6) NOT NULL,
    finished_at     DATETIME(6),
    CONSTRAINT spec_runs_reserved_uk UNIQUE (reserved_name),
    CONSTRAINT spec_runs_status_ck CHECK (status IN ('RUNNING', 'RELEASED', 'NOT_MET', 'FAILED'))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- The request queue: claimed by FOR UPDATE SKIP LOCKED (MariaDB 10.6+); workers poll (no NOTIFY).
CREATE TABLE `${flyway:defaultSchema}`.requests (
    id              INTEGER AUTO_INCREMENT PRIMARY KEY,
    action          VARCHAR(10) DEFAULT 'RUN' NOT NULL,
    spec_name       VARCHAR(128),
    replace_release BOOLEAN DEFAULT FALSE NOT NULL,
    status          VARCHAR(10) DEFAULT 'QUEUED' NOT NULL,
    attempts        INTEGER DEFAULT 0 NOT NULL,
    max_attempts    INTEGER DEFAULT 2 NOT NULL,
    requested_by    VARCHAR(128) DEFAULT (CURRENT_USER()) NOT NULL,
    requested_at    DATETIME(6) DEFAULT CURRENT_TIMESTAMP(6) NOT NULL,
    claimed_by      VARCHAR(200),
    claimed_at      DATETIME(6),
    heartbeat_at    DATETIME(6),
    lease_until     DATETIME(6),
    finished_at     DATETIME(6),
    run_id          INTEGER,
    release_name    VARCHAR(128),
    error           TEXT,
    CONSTRAINT requests_action_ck CHECK ((action = 'RUN' AND spec_name IS NOT NULL)
                                      OR (action IN ('VERIFY', 'DROP') AND release_name IS NOT NULL)),
    CONSTRAINT requests_status_ck CHECK (status IN ('QUEUED', 'RUNNING', 'DONE', 'NOT_MET', 'FAILED')),
    CONSTRAINT requests_attempts_ck CHECK (max_attempts >= 1)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
CREATE INDEX requests_status_ix ON `${flyway:defaultSchema}`.requests (status, id);

-- MariaDB only: the rows kanon locks to hold a name for a transaction (MariaDB has no advisory transaction locks;
-- GET_LOCK would outlive the transaction). One row per name key, made on first use.
CREATE TABLE `${flyway:defaultSchema}`.name_locks (
    lock_key BIGINT PRIMARY KEY
) ENGINE=InnoDB;
