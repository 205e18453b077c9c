package org.kanon.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.kanon.InvalidInputException;

/** Issue 32, item 13: a list of column names survives the register's one text, whatever the names hold. */
class NameListTest {
    @Test
    void plainNamesAreWrittenAsBefore() {
        assertEquals("age,sex,marital-status", NameList.join(List.of("age", "sex", "marital-status")));
        assertEquals(List.of("age", "sex", "marital-status"), NameList.parse("age,sex,marital-status"));
        assertEquals(List.of("age", "sex"), NameList.parse(" age , sex"), "a plain list as users type it");
    }

    @Test
    void namesWithCommasQuotesAndBlanksRoundTrip() {
        List<String> names = List.of("a,b", "say \"hi\"", " padded ", "zip", "", "\"");
        String text = NameList.join(names);
        assertEquals("\"a,b\",\"say \"\"hi\"\"\",\" padded \",zip,\"\",\"\"\"\"", text);
        assertEquals(names, NameList.parse(text));
    }

    @Test
    void aBrokenQuotedListIsRefused() {
        assertThrows(InvalidInputException.class, () -> NameList.parse("\"a,b"));
        assertThrows(InvalidInputException.class, () -> NameList.parse("\"a\"b,c"));
    }
}
