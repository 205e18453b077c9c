-- A scratch table private to the connection (frequency sets, Incognito's node and edge tables), Derby form.
-- Derby has no CREATE TEMPORARY TABLE: a declared global temporary table lives in schema SESSION, needs explicit
-- column types (no AS SELECT), ON COMMIT PRESERVE ROWS to survive autocommit, and NOT LOGGED (required).
-- {0} = the table's name, qualified with SESSION
-- {1} = the column definitions, each "name type"
-- No ? binds.
DECLARE GLOBAL TEMPORARY TABLE {0} ({1}) ON COMMIT PRESERVE ROWS NOT LOGGED
