-- Derby only: the four procedures of V5 re-created with their new EXTERNAL NAME. Their class moved out of the
-- command line into the application layer (org.kanon.engine.derby.DerbyProcedures), which they call directly
-- (issue 20). V5 stays as applied: Flyway checksums it. Same signatures, same result sets.

DROP PROCEDURE RUN_SPEC;
DROP PROCEDURE CHECK_K;
DROP PROCEDURE VERIFY_RELEASE;
DROP PROCEDURE DROP_RELEASE;

-- CALL KANON.RUN_SPEC('name'): runs a release specification like `kanon run`; one result row
-- (RUN_ID, STATUS, RELEASE_NAME, ERROR).
CREATE PROCEDURE RUN_SPEC(IN spec_name VARCHAR(128)) LANGUAGE JAVA PARAMETER STYLE JAVA MODIFIES SQL DATA
    DYNAMIC RESULT SETS 1 EXTERNAL NAME 'org.kanon.engine.derby.DerbyProcedures.runSpec';

-- CALL KANON.CHECK_K('table', 'a,b,c', k): is the table k-anonymous on those columns as they are? One result row
-- (ANONYMOUS, CLASSES, SMALLEST_CLASS, ROWS_IN_SMALL_CLASSES).
CREATE PROCEDURE CHECK_K(IN table_name VARCHAR(257), IN quasi_identifiers VARCHAR(4000), IN k INTEGER)
    LANGUAGE JAVA PARAMETER STYLE JAVA READS SQL DATA DYNAMIC RESULT SETS 1
    EXTERNAL NAME 'org.kanon.engine.derby.DerbyProcedures.checkK';

-- CALL KANON.VERIFY_RELEASE('name'): `kanon verify` from SQL; a first row ('verdict', 'verified' or 'NOT verified..'),
-- then one row per violation (CHECK_NAME, DETAIL).
CREATE PROCEDURE VERIFY_RELEASE(IN release_name VARCHAR(128)) LANGUAGE JAVA PARAMETER STYLE JAVA READS SQL DATA
    DYNAMIC RESULT SETS 1 EXTERNAL NAME 'org.kanon.engine.derby.DerbyProcedures.verifyRelease';

-- CALL KANON.DROP_RELEASE('name'): `kanon release drop` from SQL; the relation(s) and the register row go in one
-- transaction. One result row (RELEASE_NAME, RELATION).
CREATE PROCEDURE DROP_RELEASE(IN release_name VARCHAR(128)) LANGUAGE JAVA PARAMETER STYLE JAVA MODIFIES SQL DATA
    DYNAMIC RESULT SETS 1 EXTERNAL NAME 'org.kanon.engine.derby.DerbyProcedures.dropRelease';
