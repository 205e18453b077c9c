package org.kanon.db;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A source query's first word, read as every database could read the text before it. */
class QueryStartTest {

    @Test
    void aSelectOrWithPassesBehindWhitespaceCommentsAndParentheses() {
        for (String query : List.of("SELECT 1", "select*from t", "  \n\tWITH x AS (SELECT 1) SELECT * FROM x", "-- a comment\nSELECT 1",
                "-- a comment\r\nSELECT 1", "/* plain */SELECT 1", "((SELECT 1) UNION (SELECT 2))",
                "/*+ a hint */ select 1", "Select\n1")) {
            assertTrue(QueryStart.refusal(query).isEmpty(), query);
        }
    }

    @Test
    void anythingElseIsRefusedNamingWhatItBeginsWith() {
        assertEquals("it begins with CALL", QueryStart.refusal("CALL db_kanon.p()").orElseThrow());
        assertEquals("it begins with SHOW", QueryStart.refusal("  show tables").orElseThrow());
        assertEquals("it begins with VALUES", QueryStart.refusal("VALUES 1").orElseThrow());
        assertEquals("it holds no statement", QueryStart.refusal(" -- only a comment").orElseThrow());
        assertEquals("it holds no statement", QueryStart.refusal(null).orElseThrow());
        for (String query : List.of("EXPLAIN SELECT 1", "DO 0", "TABLE t", "DELETE FROM t", "SELECTX 1", "SELECT_1", "WITH_ x",
                "\"SELECT\" 1", "FROM t", "PRAGMA x", "SUMMARIZE t", "/* never closed SELECT 1")) {
            assertTrue(QueryStart.refusal(query).isPresent(), query);
        }
    }

    /**
     * A text that one database reads as SELECT and another as CALL is refused: MariaDB ends a line comment at a line
     * feed only and does not nest block comments; Derby and PostgreSQL end it at a carriage return too and nest them.
     */
    @Test
    void aTextReadTwoWaysIsRefused() {
        for (String query : List.of("-- a\rSELECT 1\nCALL p()", "-- a\rCALL p((\nSELECT 1))", "/* /* */ CALL p(( */ SELECT 1))",
                "/* /* */ SELECT 1 /* */ CALL p()*/", "/*! CALL p() */ SELECT 1", "/*M!100000 CALL p() */ SELECT 1",
                "# a MariaDB comment\nSELECT 1",
                "/* a /* nested */ comment */ SELECT 1")) {
            assertTrue(QueryStart.refusal(query).isPresent(), query);
        }
    }
}
