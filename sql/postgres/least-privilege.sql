-- Least privilege for kanon on PostgreSQL (issue 8, item 7): a DBA script for psql, not an engine template.
--
-- Run once per database as a superuser (or a role with CREATEROLE that owns the database and the source schema),
-- connected to the database kanon works in, after the source tables exist:
--
--   psql -v ON_ERROR_STOP=1 -d mydb -v source=clinic -f sql/postgres/least-privilege.sql
--
-- psql variables (all optional):
--   engine  the role kanon runs as (default kanon_engine): LOGIN; reads the source schema, owns kanon's schemas
--   reader  the consumer of releases (default kanon_reader): LOGIN; reads kanon_release only
--   source  the schema holding the tables to anonymize (default public)
--
-- What it grants, and nothing more:
--   engine  CONNECT and TEMPORARY on the database (TEMPORARY: the sql executor's scratch tables live in pg_temp);
--           USAGE on the source schema and SELECT on its tables (now and, by default privileges, those the running
--           role creates later): no INSERT, UPDATE, DELETE, TRUNCATE, no CREATE in the source schema;
--           ownership of the schemas kanon, kanon_dim and kanon_release, created here, so the engine needs no CREATE
--           on the database: Flyway finds them and fills kanon (catalog and history), the engine writes dimension
--           tables into kanon_dim and releases into kanon_release.
--   reader  CONNECT on the database; USAGE on kanon_release and SELECT on every table and view there, including
--           every release the engine creates later (default privileges FOR ROLE engine). Nothing on kanon (the
--           register and the private partition records of two-table releases), kanon_dim or the source schema.
--           A release view runs with its owner's (the engine's) rights, so the reader needs no right on the source.
--           kanon makes every release view a security barrier, so the reader's own conditions (a pg_temp function, a
--           failing cast) only ever see the rows the view lets through, and wraps it in SELECT * FROM (..) OFFSET 0,
--           so that no condition of the reader's, not even a leakproof one, runs below the view's filter (EXPLAIN
--           ANALYZE would count the suppressed rows it matched); views made by kanon before it did (issue 19) are
--           changed so here, so running the script again protects them.
--
-- Passwords are not set here (nothing secret in a script): ALTER ROLE ... PASSWORD, or psql's \password, and give
-- kanon its password in the environment variable KANON_DB_PASSWORD. Existing rights of PUBLIC are left as they
-- are (PostgreSQL 15+ grants PUBLIC no CREATE on schema public; older servers do: REVOKE CREATE ON SCHEMA public
-- FROM PUBLIC there). Running the script again changes nothing.

\set ON_ERROR_STOP on
\if :{?engine}
\else
\set engine kanon_engine
\endif
\if :{?reader}
\else
\set reader kanon_reader
\endif
\if :{?source}
\else
\set source public
\endif

-- the two roles (cluster-wide), created when missing
SELECT format('CREATE ROLE %I LOGIN', :'engine') WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'engine') \gexec
SELECT format('CREATE ROLE %I LOGIN', :'reader') WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'reader') \gexec

-- this database: connect (both), temporary tables (engine)
SELECT format('GRANT CONNECT, TEMPORARY ON DATABASE %I TO %I', current_database(), :'engine') \gexec
SELECT format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), :'reader') \gexec

-- the source: read-only for the engine
GRANT USAGE ON SCHEMA :"source" TO :"engine";
GRANT SELECT ON ALL TABLES IN SCHEMA :"source" TO :"engine";
ALTER DEFAULT PRIVILEGES IN SCHEMA :"source" GRANT SELECT ON TABLES TO :"engine";

-- kanon's own schemas, owned by the engine
CREATE SCHEMA IF NOT EXISTS kanon AUTHORIZATION :"engine";
CREATE SCHEMA IF NOT EXISTS kanon_dim AUTHORIZATION :"engine";
CREATE SCHEMA IF NOT EXISTS kanon_release AUTHORIZATION :"engine";
ALTER SCHEMA kanon OWNER TO :"engine";
ALTER SCHEMA kanon_dim OWNER TO :"engine";
ALTER SCHEMA kanon_release OWNER TO :"engine";
REVOKE ALL ON SCHEMA kanon, kanon_dim, kanon_release FROM PUBLIC;

-- releases: readable by the consumer, now and later
GRANT USAGE ON SCHEMA kanon_release TO :"reader";
GRANT SELECT ON ALL TABLES IN SCHEMA kanon_release TO :"reader";
ALTER DEFAULT PRIVILEGES FOR ROLE :"engine" IN SCHEMA kanon_release GRANT SELECT ON TABLES TO :"reader";

-- release views made before kanon marked them: security barriers too (a view filters personal data by its WHERE)
SELECT format('ALTER VIEW %I.%I SET (security_barrier = true)', schemaname, viewname) FROM pg_views
 WHERE schemaname = 'kanon_release' \gexec
-- ... and wrapped in SELECT * FROM (..) OFFSET 0, as kanon makes them now: a barrier still lets leakproof conditions
-- (disease = 'Flu') below its filter, where EXPLAIN ANALYZE counts the filtered-out rows they match
SELECT format('CREATE OR REPLACE VIEW %I.%I WITH (security_barrier = true) AS SELECT * FROM (%s) released OFFSET 0',
              schemaname, viewname, rtrim(definition, E'; \n\t'))
  FROM pg_views WHERE schemaname = 'kanon_release' AND rtrim(definition, E'; \n\t') !~* '\mOFFSET 0$' \gexec
