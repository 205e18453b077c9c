-- SQL-driven release workflows: a DBA defines releases as rows (specs), asks for runs by inserting requests, and
-- reads what happened in spec_runs. One file for Derby and PostgreSQL, like the others.

-- A release specification. Exactly one of source_table / source_query names the data. The algorithm's further
-- options are the text of `kanon anonymize` options (for example '--seed 7 --executor memory'), checked when the
-- spec is created or imported by kanon and again when it runs.
CREATE TABLE specs (
    id                  INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
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

-- Which bound hierarchy a spec's column takes: the one bound to hierarchy_table.hierarchy_column. Needed for a
-- query source (its snapshot has no hierarchies of its own); for a table source it binds what is not bound yet.
CREATE TABLE spec_hierarchies (
    spec_id          INTEGER NOT NULL REFERENCES specs (id) ON DELETE CASCADE,
    column_name      VARCHAR(128) NOT NULL,
    hierarchy_table  VARCHAR(257) NOT NULL,
    hierarchy_column VARCHAR(128) NOT NULL,
    CONSTRAINT spec_hierarchies_pk PRIMARY KEY (spec_id, column_name)
);

-- One execution of a spec, from `kanon run`, a worker or CALL KANON.RUN_SPEC. Written RUNNING when it starts (so a
-- run that dies is visible) and completed when it ends.
CREATE TABLE spec_runs (
    id              INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    spec_name       VARCHAR(128) NOT NULL,
    request_id      INTEGER,
    status          VARCHAR(10) NOT NULL,
    release_name    VARCHAR(128),
    release_version INTEGER,
    -- the new version's name while the run holds it: two runs of one spec at once never pick the same version
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
    -- pushed forward while the run is alive; a RUNNING run past it died (recovered by the next run or worker)
    lease_until     TIMESTAMP,
    started_at      TIMESTAMP NOT NULL,
    finished_at     TIMESTAMP,
    CONSTRAINT spec_runs_reserved_uk UNIQUE (reserved_name),
    CONSTRAINT spec_runs_status_ck CHECK (status IN ('RUNNING', 'RELEASED', 'NOT_MET', 'FAILED'))
);

-- The request queue: INSERT INTO kanon.requests (spec_name) VALUES ('...') asks for a run of a spec;
-- (action, release_name) = ('VERIFY', 'r') a verification of release r, ('DROP', 'r') its removal. `kanon worker`
-- claims a request (FOR UPDATE SKIP LOCKED on PostgreSQL, a conditional UPDATE on Derby), carries it out and writes
-- the outcome back. A claimed request whose lease (pushed forward by its worker's heartbeats) runs out is retried
-- until max_attempts, then FAILED; one whose release committed before its worker died is completed instead.
CREATE TABLE requests (
    id              INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
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
CREATE INDEX requests_status_ix ON requests (status, id);
