-- Least privilege for kanon on MariaDB (and MySQL): a DBA script for the mysql/mariadb client, not an engine template.
--
-- Run once per database kanon connects to, as a user with CREATE USER and GRANT OPTION (root), after the source
-- tables exist. The parameters are session variables set before the script:
--
--   mariadb -u root -e "SET @db = 'clinic'; SOURCE sql/mariadb/least-privilege.sql"
--
-- Variables (all but @db optional):
--   @db      the database kanon connects to (jdbc:mariadb://host/<db>); its catalog lives in <db>_kanon, <db>_kanon_dim
--            and <db>_kanon_release (MariaDB has no schemas inside a database: each namespace is a database)
--   @engine  the account kanon runs as (default kanon_engine, host '%'): reads the source, owns kanon's databases
--   @reader  the consumer of releases (default kanon_reader, host '%'): reads <db>_kanon_release only
--   @source  the database holding the tables to anonymize (default @db)
--
-- What it grants, and nothing more:
--   engine  SELECT on the source database's tables (now and later: a database-level grant): no INSERT, UPDATE,
--           DELETE, DROP, no CREATE there; every right on the three databases of kanon, created here (utf8mb4, binary
--           collation), so the engine needs no global CREATE: Flyway finds them and fills <db>_kanon (catalog and
--           history, and the scratch tables of the sql executor), the engine writes dimension tables into
--           <db>_kanon_dim and releases into <db>_kanon_release.
--   reader  SELECT and SHOW VIEW on <db>_kanon_release (a database-level grant: every release, including those the
--           engine creates later). Nothing on <db>_kanon (the register and the private partition records of
--           two-table releases), <db>_kanon_dim or the source. A release view is SQL SECURITY DEFINER: it runs with
--           the engine's rights, so the reader needs no right on the source; and ALGORITHM=TEMPTABLE: the server
--           materializes the view's rows before the reader's own conditions run, so those conditions only ever see
--           the rows the view lets through (MariaDB has no security-barrier views; this is its equivalent).
--
-- Passwords are not set here (nothing secret in a script): ALTER USER ... IDENTIFIED BY, and give kanon its
-- password in the environment variable KANON_DB_PASSWORD. Running the script again changes nothing.

SET @engine = COALESCE(@engine, 'kanon_engine');
SET @reader = COALESCE(@reader, 'kanon_reader');
SET @source = COALESCE(@source, @db);

-- the two accounts, created when missing (no password: set one as above)
SET @s = CONCAT('CREATE USER IF NOT EXISTS ', QUOTE(@engine), '@''%''');
PREPARE s FROM @s; EXECUTE s; DEALLOCATE PREPARE s;
SET @s = CONCAT('CREATE USER IF NOT EXISTS ', QUOTE(@reader), '@''%''');
PREPARE s FROM @s; EXECUTE s; DEALLOCATE PREPARE s;

-- kanon's own databases
SET @s = CONCAT('CREATE DATABASE IF NOT EXISTS `', REPLACE(CONCAT(@db, '_kanon'), '`', '``'), '` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin');
PREPARE s FROM @s; EXECUTE s; DEALLOCATE PREPARE s;
SET @s = CONCAT('CREATE DATABASE IF NOT EXISTS `', REPLACE(CONCAT(@db, '_kanon_dim'), '`', '``'), '` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin');
PREPARE s FROM @s; EXECUTE s; DEALLOCATE PREPARE s;
SET @s = CONCAT('CREATE DATABASE IF NOT EXISTS `', REPLACE(CONCAT(@db, '_kanon_release'), '`', '``'), '` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin');
PREPARE s FROM @s; EXECUTE s; DEALLOCATE PREPARE s;

-- the source: read-only for the engine
SET @s = CONCAT('GRANT SELECT, SHOW VIEW ON `', REPLACE(@source, '`', '``'), '`.* TO ', QUOTE(@engine), '@''%''');
PREPARE s FROM @s; EXECUTE s; DEALLOCATE PREPARE s;

-- kanon's databases: everything for the engine
SET @s = CONCAT('GRANT ALL PRIVILEGES ON `', REPLACE(CONCAT(@db, '_kanon'), '`', '``'), '`.* TO ', QUOTE(@engine), '@''%''');
PREPARE s FROM @s; EXECUTE s; DEALLOCATE PREPARE s;
SET @s = CONCAT('GRANT ALL PRIVILEGES ON `', REPLACE(CONCAT(@db, '_kanon_dim'), '`', '``'), '`.* TO ', QUOTE(@engine), '@''%''');
PREPARE s FROM @s; EXECUTE s; DEALLOCATE PREPARE s;
SET @s = CONCAT('GRANT ALL PRIVILEGES ON `', REPLACE(CONCAT(@db, '_kanon_release'), '`', '``'), '`.* TO ', QUOTE(@engine), '@''%''');
PREPARE s FROM @s; EXECUTE s; DEALLOCATE PREPARE s;

-- releases: readable by the consumer, now and later
SET @s = CONCAT('GRANT SELECT, SHOW VIEW ON `', REPLACE(CONCAT(@db, '_kanon_release'), '`', '``'), '`.* TO ', QUOTE(@reader), '@''%''');
PREPARE s FROM @s; EXECUTE s; DEALLOCATE PREPARE s;
