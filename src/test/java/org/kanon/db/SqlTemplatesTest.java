package org.kanon.db;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jooq.SQLDialect;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Every template under sql/ documents its placeholders and loads for both dialects. */
class SqlTemplatesTest {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{(\\d+)}");

    private static List<String> templates() throws Exception {
        Path root = Path.of("sql");
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".sql"))
                    .map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .filter(p -> !p.startsWith("postgres/") && !p.startsWith("mariadb/")) // DBA scripts for psql/mariadb, not templates the engine loads
                    .sorted().toList();
        }
    }

    private static Set<String> placeholders(String text) {
        Set<String> found = new TreeSet<>();
        Matcher m = PLACEHOLDER.matcher(text);
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }

    @Test
    @DisplayName("style.md section 3: each template's header names every {n} its statement uses, and only those")
    void headersNameEveryPlaceholder() throws Exception {
        List<String> all = templates();
        assertTrue(all.contains("incognito/join-candidates.sql"), all.toString());
        for (String path : all) {
            String source = SqlTemplates.source(path);
            assertTrue(source.startsWith("--"), path + " starts with a header comment");
            String body = SqlTemplates.stripHeader(source);
            String header = source.substring(0, source.indexOf(body));
            assertEquals(placeholders(body), placeholders(header), path);
            assertFalse(body.contains("--"), path + ": comments only in the header");
            assertTrue(header.contains("? bind"), path + ": the header says which ? binds there are");
        }
    }

    @Test
    @DisplayName("a .derby.sql sibling replaces the generic template on Derby only")
    void dialectSiblings() {
        assertTrue(SqlTemplates.load("scratch/create-temp-table.sql", SQLDialect.DERBY).startsWith("DECLARE GLOBAL TEMPORARY TABLE"));
        assertTrue(SqlTemplates.load("scratch/create-temp-table.sql", SQLDialect.POSTGRES).startsWith("CREATE TEMPORARY TABLE"));
        // MariaDB: scratch tables are real tables (a temporary one cannot be opened twice in a statement before 10.11),
        assertTrue(SqlTemplates.load("scratch/create-temp-table.sql", SQLDialect.MARIADB).startsWith("CREATE TABLE {0}"));
        assertTrue(SqlTemplates.load("scratch/create-temp-table.sql", SQLDialect.TRINO).startsWith("CREATE TABLE {0}"));
        assertThrows(IllegalStateException.class, () -> SqlTemplates.load("incognito/missing.sql", SQLDialect.DERBY));
    }
}
