-- A scratch table (frequency sets, Incognito's node and edge tables), Trino form: Trino has no temporary tables, so a
-- real table in kanon's schema of the URL's catalog with a connection-unique name (TrinoProfile.scratchTable), dropped
-- by its owner when done (and after a failure).
-- {0} = the table's name, qualified with kanon's schema
-- {1} = the column definitions, each "name type"
-- No ? binds.
CREATE TABLE {0} ({1})
