package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.SharedData;

/**
 * A command that runs out of heap inside the database (Derby's sort of Adult's nine QIs in 40 MB) exits 3 with one
 * line, and leaves its embedded Derby shut down: the next command opens it without a recovery.
 */
class OutOfMemoryCliTest {
    @TempDir
    Path tmp;

    @Test
    @DisplayName("risk of Adult's 9 QIs in a 40 MB heap: exit 3, one line, Derby shut down cleanly (no lock file, no recovery next)")
    void outOfMemoryExits3AndShutsDerbyDown() throws Exception {
        Path csv = SharedData.file("datasets/adult-uci/adult-45222.csv");
        Path folder = tmp.resolve("db");
        ConnectionSettings settings = new ConnectionSettings("jdbc:derby:" + folder + ";create=true", null, null);
        assertEquals(ExitCodes.OK, new CliRun(settings).run("import", csv.toString(), "--table", "adult").exitCode());
        try (KanonProcess p = KanonProcess.start(settings, List.of("-Xmx40m"), "risk", "--table", "adult", "--qi",
                "age,sex,race,marital-status,education,native-country,workclass,occupation,salary-class")) {
            assertEquals(ExitCodes.BUG, p.awaitExit(Duration.ofMinutes(2)), p.toString());
            assertEquals(1, p.err().lines().count(), p.toString());
            assertTrue(p.err().startsWith("kanon: out of memory (Java heap space): give kanon more heap (KANON_JAVA_OPTS=-Xmx"), p.toString());
            assertFalse(p.err().contains("Exception"), p.toString());
        }
        // Derby's lock file is what tells the next boot that the database was not shut down and must be recovered
        assertFalse(Files.exists(folder.resolve("db.lck")), "the out-of-memory exit shut Derby down");
        CliRun.Result next = new CliRun(settings).run("release", "list");
        assertEquals(ExitCodes.OK, next.exitCode(), next.toString());
    }
}
