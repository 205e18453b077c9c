package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `kanon demo`: runs again in the same folder, and refuses the connection options it would ignore. */
class DemoCliTest {
    @TempDir
    Path dir;

    private static CliRun.Result demo(String... args) {
        return CliRun.execute(new Kanon().withWorkingDirectory(CliRun.noConfigDirectory()), args);
    }

    @Test
    @DisplayName("demo --dir X run twice: the second run drops the first run's release and makes it again (was: cannot replace APP.CENSUS)")
    void runsTwiceInOneFolder() {
        Path folder = dir.resolve("demo");
        CliRun.Result first = demo("demo", "--dir", folder.toString());
        assertEquals(ExitCodes.OK, first.exitCode(), first.toString());
        CliRun.Result second = demo("demo", "--dir", folder.toString());
        assertEquals(ExitCodes.OK, second.exitCode(), second.toString());
        assertTrue(second.out().contains("dropped release census_k5 of an earlier run"), second.out());
        assertTrue(Files.isRegularFile(folder.resolve("census_k5.html")));
    }

    @Test
    @DisplayName("demo --db, --user, --catalog-db: refused (exit 2, one line naming the option), not silently ignored")
    void connectionOptionsAreRefused() {
        for (String[] option : new String[][]{{"--db", "jdbc:derby:memory:demo-elsewhere;create=true"}, {"--user", "someone"},
                {"--catalog-db", "jdbc:derby:memory:demo-catalog;create=true"}}) {
            Path folder = dir.resolve("refused");
            CliRun.Result r = demo("demo", option[0], option[1], "--dir", folder.toString());
            CliRun.assertRefused(r, option[0] + ": the demo makes its own Derby database");
            assertFalse(Files.exists(folder), "nothing done");
            r = demo(option[0], option[1], "demo", "--dir", folder.toString());
            CliRun.assertRefused(r, option[0] + ": the demo makes its own Derby database");
        }
    }
}
