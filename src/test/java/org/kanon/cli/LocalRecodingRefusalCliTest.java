package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.DatabaseTest;

/**
 * A local-recoding algorithm that cannot start (a class of the fully generalized table fails the model: a QI without
 * hierarchy keeps each row's own value as its top) says which QIs have several top values and how many, and the
 * size of the failing class, never the class's values.
 */
class LocalRecodingRefusalCliTest {
    @TempDir
    Path tmp;

    @DatabaseTest
    void aFailingTopClassIsNamedByItsQisNeverItsValues(ConnectionSettings settings) throws Exception {
        Path file = Files.writeString(tmp.resolve("t.csv"), "c,age\nSECRETVAL1,30\nSECRETVAL1,40\nSECRETVAL2,50\n");
        CliRun cli = new CliRun(settings);
        CliRun.Result imported = cli.run("import", file.toString(), "--table", "t");
        assertEquals(0, imported.exitCode(), imported.toString());
        for (String algorithm : new String[] {"mondrian", "topdown"}) {
            CliRun.Result r = cli.run("anonymize", "--table", "t", "--qi", "c,age", "--k", "2", "--algorithm", algorithm, "--name", "r");
            CliRun.assertRefused(r, "of 1 row(s), does not satisfy");
            assertTrue(r.err().toLowerCase(java.util.Locale.ROOT).contains("c (2 top values)"), algorithm + ": " + r);
            assertFalse(r.toString().contains("SECRETVAL"), algorithm + ": " + r);
        }
    }
}
