package org.kanon.trino;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.kanon.cli.CliRun;
import org.kanon.cli.ExitCodes;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.TestDatabases;
import org.kanon.testing.TrinoTesting;

/**
 * Federation: a table kept in PostgreSQL, read through the cluster's {@code postgresql} catalog as
 * {@code --table postgresql.public.T} while kanon writes into the URL's catalog (iceberg): hierarchies bound, a
 * release written into iceberg.kanon_release, checked by the test's own GROUP BY and by {@code kanon verify}.
 */
class TrinoFederationCliTest {
    /** The PostgreSQL database behind the cluster's postgresql catalog (bin/trino-cluster: KANON_TRINO_PG_DATABASE). */
    private static String pgUrl() {
        String url = System.getenv("KANON_TEST_TRINO_PG_URL");
        return url == null || url.isBlank() ? "jdbc:postgresql://127.0.0.1:5432/postgres" : url;
    }

    @Test
    @DisplayName("Trino: --table postgresql.public.T (40 rows in PostgreSQL) is bound and released k=2 into iceberg; every class >= 2, verify exits 0")
    void releaseOfAPostgresTable() throws Exception {
        assumeTrue(TrinoTesting.hasCatalog("postgresql"), "the cluster has no postgresql catalog (bin/trino-cluster adds it when "
                + "~/.m2 holds io.trino:trino-server:476:tar.gz or KANON_TRINO_POSTGRESQL=1): federation test skipped");
        String table = TrinoTesting.unique("fed");
        String source = "postgresql.public." + table;
        String release = TrinoTesting.unique("fedrel");
        ConnectionSettings settings = TrinoTesting.settings();
        TrinoCli cli = new TrinoCli(settings);
        int rows = 40;
        try (Connection pg = DriverManager.getConnection(pgUrl(), TestDatabases.pgUser(), null)) {
            try (Statement s = pg.createStatement()) {
                s.execute("CREATE TABLE public." + table + " (a integer, b integer, c varchar(10), d integer)");
            }
            Random random = new Random(11);
            String[] colors = {"red", "green", "blue"};
            try (PreparedStatement insert = pg.prepareStatement("INSERT INTO public." + table + " VALUES (?, ?, ?, ?)")) {
                for (int r = 0; r < rows; r++) {
                    insert.setInt(1, random.nextInt(40));
                    insert.setInt(2, 53000 + random.nextInt(3) * 10 + random.nextInt(4));
                    insert.setString(3, colors[random.nextInt(colors.length)]);
                    insert.setInt(4, random.nextInt(3));
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            try {
                String[][] specs = {{"a", "interval:5,10,20"}, {"b", "mask:2"}, {"c", "suppress"}};
                for (String[] spec : specs) {
                    CliRun.Result bound = cli.run("hierarchy", "build", "--table", source, "--column", spec[0], "--spec", spec[1]);
                    assertEquals(ExitCodes.OK, bound.exitCode(), bound.toString());
                }
                CliRun.Result r = cli.run("anonymize", "--table", source, "--qi", "a,b,c", "--k", "2", "--name", release);
                assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
                assertTrue(TrinoTesting.tables("kanon_release").contains(release), "released into " + TrinoTesting.catalog() + ".kanon_release");
                List<Long> sizes = new ArrayList<>();
                try (Connection c = TrinoTesting.connect(); Statement s = c.createStatement();
                     ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + TrinoTesting.qualified("kanon_release", release)
                             + " GROUP BY \"a\", \"b\", \"c\"")) {
                    while (rs.next()) {
                        sizes.add(rs.getLong(1));
                    }
                }
                assertFalse(sizes.isEmpty());
                assertTrue(sizes.stream().allMatch(n -> n >= 2), "every class >= 2: " + sizes);
                assertEquals(rows, sizes.stream().mapToLong(Long::longValue).sum(), "all rows released (suppression 0)");
                CliRun.Result verify = cli.run("verify", release);
                assertEquals(ExitCodes.OK, verify.exitCode(), verify.toString());
                assertFalse(TrinoTesting.tables(TrinoTesting.schema()).contains(table), "nothing copied into the lake's schema");
            } finally {
                try {
                    cli.run("release", "drop", release);
                    TrinoTesting.dropRelease(release);
                    TrinoTesting.dropDimensionsContaining(table);
                } finally {
                    try (Statement s = pg.createStatement()) {
                        s.execute("DROP TABLE IF EXISTS public." + table);
                    }
                    TrinoTesting.dropCatalog(settings);
                }
            }
        }
    }
}
