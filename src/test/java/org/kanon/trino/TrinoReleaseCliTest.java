package org.kanon.trino;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jooq.tools.json.JSONParser;
import org.kanon.cli.CliRun;
import org.kanon.cli.ExitCodes;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.privacy.KAnonymity;
import org.kanon.release.ReleaseRegister;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.testing.ReleaseVerifier;
import org.kanon.testing.TrinoTesting;

/**
 * Releases written on the Trino cluster, checked by the test's own SQL through plain JDBC (a GROUP BY over the
 * release relation), by ReleaseVerifier, and by {@code kanon verify}: a full-domain release (Incognito) and a local
 * recoding (kaca1). One 60-row table with 3 QIs, imported once for the class.
 */
class TrinoReleaseCliTest {
    private static final int ROWS = 60;
    private static final String QI = "a,b,c";

    @TempDir
    static Path tmp;

    private static ConnectionSettings settings;
    private static TrinoCli cli;
    private static String table;
    private static final List<String> releases = new ArrayList<>();
    private static Set<String> scratchBefore;

    @BeforeAll
    static void importTable() throws Exception {
        TrinoTesting.url();
        settings = TrinoTesting.settings();
        cli = new TrinoCli(settings);
        scratchBefore = TrinoTesting.scratchTables();
        table = TrinoTesting.unique("rel");
        TrinoTables.importWithHierarchies(cli, TrinoTables.csv(tmp, new Random(42), table, ROWS), table);
    }

    @AfterAll
    static void cleanUp() throws Exception {
        if (settings == null) {
            return;
        }
        try {
            for (String r : releases) {
                cli.run("release", "drop", r);
                TrinoTesting.dropRelease(r);
            }
            TrinoTesting.dropTableAndDimensions(table);
            assertEquals(Set.of(), TrinoTesting.scratchTablesLeftSince(scratchBefore), "no scratch table left in kanon");
        } finally {
            TrinoTesting.dropCatalog(settings);
        }
    }

    private static String release(String prefix) {
        String name = TrinoTesting.unique(prefix);
        releases.add(name);
        return name;
    }

    /** The classes of the release relation by the test's own GROUP BY over the QI columns: QI values and size, in order. */
    private static List<String> classes(String release) throws SQLException {
        List<String> classes = new ArrayList<>();
        String rel = TrinoTesting.qualified("kanon_release", release);
        try (Connection c = TrinoTesting.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT CAST(\"a\" AS VARCHAR), CAST(\"b\" AS VARCHAR), CAST(\"c\" AS VARCHAR), COUNT(*) FROM "
                     + rel + " GROUP BY 1, 2, 3 ORDER BY 1, 2, 3")) {
            while (rs.next()) {
                classes.add(rs.getString(1) + "|" + rs.getString(2) + "|" + rs.getString(3) + "|" + rs.getLong(4));
            }
        }
        return classes;
    }

    private static List<Long> classSizes(String release) throws SQLException {
        return classes(release).stream().map(c -> Long.parseLong(c.substring(c.lastIndexOf('|') + 1))).toList();
    }

    private static long count(String schema, String relation) throws SQLException {
        try (Connection c = TrinoTesting.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + TrinoTesting.qualified(schema, relation))) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void assertReleased(String name, int k) throws Exception {
        List<Long> sizes = classSizes(name);
        assertFalse(sizes.isEmpty(), "release " + name + " has rows");
        assertTrue(sizes.stream().allMatch(n -> n >= k), "every class of " + name + " has >= " + k + " rows: " + sizes);
        assertEquals(ROWS, sizes.stream().mapToLong(Long::longValue).sum(), "no row suppressed (suppression 0) nor added");
        assertEquals(ROWS, count(TrinoTesting.schema(), table), "the source is unchanged");
        try (Database db = Database.open(settings)) {
            SourceTable t = new TableResolver(db).resolve(table);
            ReleaseVerifier.verify(db, t, new ReleaseRegister(db).require(name), List.of("a", "b", "c"), new KAnonymity(k), Set.of());
        }
        CliRun.Result verify = cli.run("verify", name);
        assertEquals(ExitCodes.OK, verify.exitCode(), verify.toString());
        assertRisk(cli.run("risk", "--release", name, "--format", "json"), sizes);
    }

    /** `kanon risk` on Trino agrees with the test's own GROUP BY: rows, classes, smallest class, uniques, average risk. */
    private static void assertRisk(CliRun.Result risk, List<Long> sizes) throws Exception {
        assertEquals(ExitCodes.OK, risk.exitCode(), risk.toString());
        Map<?, ?> o = (Map<?, ?>) new JSONParser().parse(risk.out().trim());
        long rows = sizes.stream().mapToLong(Long::longValue).sum();
        assertEquals(rows, o.get("rows"));
        assertEquals((long) sizes.size(), o.get("classes"));
        assertEquals(sizes.stream().mapToLong(Long::longValue).min().orElse(0), o.get("smallestClass"));
        assertEquals(sizes.stream().filter(n -> n == 1).count(), o.get("sampleUniques"));
        assertEquals((double) sizes.size() / rows, (Double) ((Map<?, ?>) o.get("prosecutor")).get("average"), 1e-12);
    }

    @Test
    @DisplayName("Trino: kanon risk of the source table equals the test's own GROUP BY over it")
    void riskOfTheSource() throws Exception {
        List<Long> sizes = new ArrayList<>();
        try (Connection c = TrinoTesting.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + TrinoTesting.qualified(TrinoTesting.schema(), table)
                     + " GROUP BY \"a\", \"b\", \"c\"")) {
            while (rs.next()) {
                sizes.add(rs.getLong(1));
            }
        }
        assertRisk(cli.run("risk", "--table", table, "--qi", QI, "--format", "json"), sizes);
    }

    @Test
    @DisplayName("Trino: anonymize --name (Incognito, k=3) releases a view whose classes all have >= 3 rows, all 60 rows; kanon verify exits 0")
    void fullDomainRelease() throws Exception {
        String name = release("inc");
        CliRun.Result r = cli.run("anonymize", "--table", table, "--qi", QI, "--k", "3", "--name", name);
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        assertTrue(r.out().contains("released " + name), r.out());
        assertTrue(TrinoTesting.tables("kanon_release").contains(name), "the relation is in " + TrinoTesting.catalog() + ".kanon_release");
        assertReleased(name, 3);
        CliRun.Result list = cli.run("release", "list");
        assertEquals(ExitCodes.OK, list.exitCode(), list.toString());
        assertTrue(list.out().contains(name), list.out());
    }

    @Test
    @DisplayName("Trino: a materialized release (--materialize, k=2) is a table of all 60 rows in classes >= 2; kanon verify exits 0")
    void materializedRelease() throws Exception {
        String name = release("mat");
        CliRun.Result r = cli.run("anonymize", "--table", table, "--qi", QI, "--k", "2", "--name", name, "--materialize");
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        assertReleased(name, 2);
    }

    @Test
    @DisplayName("Trino: a kaca1 local recoding (k=3) releases all 60 rows in classes >= 3, each cell generalizing its source value; kanon verify exits 0")
    void localRecodingRelease() throws Exception {
        String name = release("kaca");
        CliRun.Result r = cli.run("anonymize", "--table", table, "--qi", QI, "--k", "3", "--algorithm", "kaca1",
                "--seed", "3", "--name", name);
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        assertTrue(r.out().contains("with kaca1"), r.out());
        assertReleased(name, 3);
    }

    @Test
    @DisplayName("Trino: a second release under an existing name is refused (exit 2, one line), the first one untouched")
    void existingNameRefused() throws Exception {
        String name = release("dup");
        assertEquals(ExitCodes.OK, cli.run("anonymize", "--table", table, "--qi", QI, "--k", "2", "--name", name).exitCode());
        List<String> before = classes(name);
        CliRun.Result again = cli.run("anonymize", "--table", table, "--qi", QI, "--k", "3", "--name", name);
        TrinoAssertions.assertRefused(again, "already exists", "--replace");
        assertEquals(before, classes(name), "the first release is untouched");
        CliRun.Result verify = cli.run("verify", name);
        assertEquals(ExitCodes.OK, verify.exitCode(), verify.toString());
    }
}
