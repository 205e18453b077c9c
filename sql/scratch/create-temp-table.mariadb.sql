-- A scratch table (frequency sets, Incognito's node and edge tables), MariaDB form: a real table in kanon's catalog
-- database with a connection-unique name (MariaDBProfile.scratchTable), dropped by its owner when done. Not
-- TEMPORARY: older MariaDB servers cannot open a temporary table twice in one statement, as Incognito's self-joins do.
-- {0} = the table's name, qualified with the catalog database
-- {1} = the column definitions, each "name type"
-- No ? binds.
CREATE TABLE {0} ({1})
