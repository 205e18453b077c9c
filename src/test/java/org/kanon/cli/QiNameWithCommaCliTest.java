package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.DatabaseTest;

/**
 * Issue 32, item 13: a quasi-identifier whose column name holds a comma. The register keeps the QI list as one text;
 * it was joined and split on commas, so {@code verify} and {@code metrics} looked for columns "a" and "b". Given in
 * double quotes on the command line, the name is released, verified and measured like any other, by a full-domain
 * search (a view) and by a local recoding (a table).
 */
class QiNameWithCommaCliTest {
    private static final String CSV = """
            "a,b",zip,disease
            x,53715,flu
            x,53715,cold
            y,53710,flu
            y,53710,cough
            x,53706,flu
            x,53706,cold
            """;

    @DatabaseTest
    void aCommaInAQiNameIsReleasedVerifiedAndMeasured(ConnectionSettings settings, @TempDir Path dir) throws IOException {
        CliRun cli = new CliRun(settings);
        Path file = dir.resolve("commas.csv");
        Files.writeString(file, CSV);
        ok(cli, "import", file.toString(), "--table", "commas");
        ok(cli, "hierarchy", "build", "--table", "commas", "--column", "a,b", "--spec", "suppress");
        ok(cli, "hierarchy", "build", "--table", "commas", "--column", "zip", "--spec", "mask");
        ok(cli, "anonymize", "--table", "commas", "--qi", "\"a,b\",zip", "--k", "2", "--name", "commas_view");
        ok(cli, "anonymize", "--table", "commas", "--qi", "\"a,b\",zip", "--k", "2", "--algorithm", "kaca1", "--name", "commas_local");
        for (String release : new String[] {"commas_view", "commas_local"}) {
            CliRun.Result shown = ok(cli, "release", "show", release);
            assertTrue(shown.out().toLowerCase(Locale.ROOT).contains("quasi-identifiers: \"a,b\",zip"), shown.toString());
            CliRun.Result verified = ok(cli, "verify", release);
            assertTrue(verified.out().contains("verified"), verified.toString());
            CliRun.Result metrics = ok(cli, "metrics", "--release", release);
            assertTrue(metrics.out().contains("a,b"), metrics.toString());
            ok(cli, "risk", "--release", release);
        }
    }

    private static CliRun.Result ok(CliRun cli, String... args) {
        CliRun.Result r = cli.run(args);
        assertEquals(ExitCodes.OK, r.exitCode(), String.join(" ", args) + "\n" + r);
        return r;
    }
}
