-- A scratch table private to the connection (frequency sets, Incognito's node and edge tables).
-- PostgreSQL: a temporary table lives until it is dropped or the session ends; rows survive commits by default.
-- Derby uses the sibling create-temp-table.derby.sql (DECLARE GLOBAL TEMPORARY TABLE; see stack.md).
-- {0} = the table's name (unqualified: PostgreSQL puts it in the session's pg_temp schema)
-- {1} = the column definitions, each "name type"
-- No ? binds.
CREATE TEMPORARY TABLE {0} ({1})
