package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/**
 * Every file kanon writes (report, export, spec export) goes only to a regular file or a new path: a target that
 * exists as something else (a fifo, as /dev/full is a device; a link to one; a folder) is refused with exit 2 naming
 * it, and is left as it was. A rename over it would have replaced it with a plain file (issue 32, item 21).
 */
class OutputFileCliTest {
    @TempDir
    Path dir;

    private Path fifo(String name) throws Exception {
        Path fifo = dir.resolve(name);
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertEquals(0, p.waitFor());
        assertTrue(isFifo(fifo));
        return fifo;
    }

    private static boolean isFifo(Path path) throws Exception {
        return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther();
    }

    @DatabaseTest(only = TestDatabases.Kind.DERBY)
    @DisplayName("report --html, anonymize --report, export --csv and spec export refuse a fifo, a link to a device and a folder; a regular file is replaced")
    void onlyRegularFilesOrNewPaths(ConnectionSettings settings) throws Exception {
        CliRun cli = new CliRun(settings).withPaperTable("incognito-patients", "patients", PaperTables.PATIENTS_PREFIX);
        assertEquals(0, cli.run("anonymize", "--table", "patients", "--qi", "birthdate,sex,zipcode", "--k", "2", "--name", "r2").exitCode());
        assertEquals(0, cli.run("spec", "create", "k2", "--table", "patients", "--qi", "birthdate,sex,zipcode", "--k", "2",
                "--release", "p2").exitCode());
        Path fifo = fifo("out.fifo");
        Path linkToDevice = Files.createSymbolicLink(dir.resolve("null-link"), Path.of("/dev/null"));
        Path folder = Files.createDirectory(dir.resolve("folder"));

        for (Path target : new Path[]{fifo, linkToDevice, folder}) {
            CliRun.assertRefused(cli.run("report", "--release", "r2", "--html", target.toString()), "--html: ", target.toString());
            CliRun.assertRefused(cli.run("anonymize", "--table", "patients", "--qi", "birthdate,sex,zipcode", "--k", "2", "--name", "r3",
                    "--replace", "--report", target.toString()), "--report: ", target.toString());
            CliRun.assertRefused(cli.run("export", "patients", "--csv", target.toString(), "--replace"), "--csv: ", target.toString());
            CliRun.assertRefused(cli.run("spec", "export", target.toString()), target.toString());
        }
        assertTrue(isFifo(fifo), "the fifo is still a fifo");
        assertTrue(Files.isSymbolicLink(linkToDevice), "the link is still a link");
        assertTrue(Files.isDirectory(folder));
        try (var files = Files.list(dir)) {
            assertEquals(3, files.count(), "no temporary file left behind");
        }

        // a regular file is replaced whole, and a new path written
        Path html = Files.writeString(dir.resolve("old.html"), "old");
        CliRun.Result written = cli.run("report", "--release", "r2", "--html", html.toString());
        assertEquals(ExitCodes.OK, written.exitCode(), written.toString());
        assertTrue(Files.readString(html).startsWith("<!DOCTYPE html>"), "replaced");
        assertEquals(ExitCodes.OK, cli.run("export", "patients", "--csv", dir.resolve("new.csv").toString()).exitCode());
        assertTrue(Files.isRegularFile(dir.resolve("new.csv")));
        assertEquals(ExitCodes.OK, cli.run("spec", "export", dir.resolve("specs.csv").toString()).exitCode());
        assertTrue(Files.readString(dir.resolve("specs.csv")).contains("k2"));
    }
}
