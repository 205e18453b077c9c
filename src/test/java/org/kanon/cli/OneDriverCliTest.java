package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.PaperTables;

/**
 * A command talks to one database and loads only its driver: kanon connects through the profile's driver, never
 * DriverManager, whose first use would load and set up every JDBC driver on the class path (a third of a second of
 * each command's start-up, and again at exit for Derby's shutdown).
 */
class OneDriverCliTest {
    @TempDir
    Path tmp;

    @Test
    @DisplayName("a Derby command (boot, catalog, anonymize, shutdown) loads no other JDBC driver")
    void derbyCommandLoadsOnlyDerby() throws Exception {
        ConnectionSettings settings = new ConnectionSettings("jdbc:derby:" + tmp.resolve("db") + ";create=true", null, null);
        CliRun cli = new CliRun(settings);
        assertEquals(0, cli.run("import", PaperTables.PATIENTS_CSV.toString(), "--table", "patients").exitCode());
        assertEquals(0, cli.run("hierarchy", "import", "--table", "patients", "--dir", PaperTables.PAPERS.toString(),
                "--prefix", "incognito-patients_").exitCode());
        Path classes = tmp.resolve("classes.log");
        ConnectionSettings open = new ConnectionSettings("jdbc:derby:" + tmp.resolve("db"), null, null);
        try (KanonProcess p = KanonProcess.start(open, List.of("-Xlog:class+load:file=" + classes),
                "anonymize", "--table", "patients", "--qi", "sex,zipcode", "--k", "2")) {
            assertEquals(ExitCodes.OK, p.awaitExit(Duration.ofMinutes(2)), p.toString());
            assertTrue(p.out().contains("searched"), p.toString());
        }
        String loaded = Files.readString(classes);
        assertTrue(loaded.contains("org.apache.derby.iapi.jdbc.AutoloadedDriver"), "Derby's driver is loaded");
        for (String other : List.of("org.postgresql.Driver", "org.mariadb.jdbc.Driver", "com.mysql.cj.jdbc.Driver",
                "org.duckdb.DuckDBDriver", "io.trino.jdbc.TrinoDriver")) {
            assertFalse(loaded.contains(other + " "), other + " was loaded: DriverManager was used");
        }
    }
}
