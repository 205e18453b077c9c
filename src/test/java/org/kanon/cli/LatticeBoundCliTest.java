package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.DatabaseTest;

/** Full-domain searches are held to a lattice size up front; what runs out of memory anyway exits 3, never 1. */
class LatticeBoundCliTest {
    private static final int WIDE = 30;

    @TempDir
    Path tmp;

    /** WIDE columns c1..cN, 4 equal rows, each column with a one-level hierarchy (a -> *): a lattice of 2^WIDE nodes. */
    private CliRun wideTable(ConnectionSettings settings) throws IOException {
        String header = IntStream.rangeClosed(1, WIDE).mapToObj(i -> "c" + i).collect(Collectors.joining(","));
        String row = IntStream.rangeClosed(1, WIDE).mapToObj(i -> "a").collect(Collectors.joining(","));
        Path csv = Files.writeString(tmp.resolve("wide.csv"), header + "\n" + (row + "\n").repeat(4));
        Path dir = Files.createDirectories(tmp.resolve("hierarchies"));
        for (int i = 1; i <= WIDE; i++) {
            Files.writeString(dir.resolve("wide_c" + i + ".csv"), "a;*\n");
        }
        CliRun cli = new CliRun(settings);
        assertEquals(0, cli.run("import", csv.toString(), "--table", "wide").exitCode());
        CliRun.Result bound = cli.run("hierarchy", "import", "--table", "wide", "--dir", dir.toString(), "--prefix", "wide_");
        assertEquals(0, bound.exitCode(), bound.toString());
        return cli;
    }

    private static String qis(int n) {
        return IntStream.rangeClosed(1, n).mapToObj(i -> "c" + i).collect(Collectors.joining(","));
    }

    @DatabaseTest
    @DisplayName("30 QIs of height 1: refused at once with the lattice's size and what to do; --max-lattice lowers or raises the limit")
    void largeLatticeIsRefusedUpFront(ConnectionSettings settings) throws IOException {
        CliRun cli = wideTable(settings);
        for (String algorithm : List.of("incognito", "samarati", "bruteforce")) {
            CliRun.Result r = cli.run("anonymize", "--table", "wide", "--qi", qis(WIDE), "--k", "2", "--algorithm", algorithm);
            CliRun.assertRefused(r, "--qi: the generalization lattice of 30 quasi-identifiers has 1,073,741,824 nodes, above the limit of 1,000,000",
                    "full-domain search " + algorithm, "--max-lattice N", "mondrian");
        }
        CliRun.assertRefused(cli.run("anonymize", "--table", "wide", "--qi", qis(3), "--k", "2", "--max-lattice", "7"),
                "has 8 nodes, above the limit of 7");
        // a search within the limit runs; a search that does not walk the lattice is not held to it
        CliRun.Result small = cli.run("anonymize", "--table", "wide", "--qi", qis(3), "--k", "2", "--max-lattice", "8");
        assertEquals(ExitCodes.OK, small.exitCode(), small.toString());
        assertTrue(small.out().contains("nothing released (no --name): run again with --name R"), small.out());
        CliRun.Result mondrian = cli.run("anonymize", "--table", "wide", "--qi", qis(WIDE), "--k", "2", "--algorithm", "mondrian");
        assertEquals(ExitCodes.OK, mondrian.exitCode(), mondrian.toString());
        // a node that fails: the model as an adjective ("is not 2-anonymous", not "is not 2-anonymity")
        cli.withPaperTable("incognito-patients", "patients", "incognito-patients_");
        CliRun.Result failing = cli.run("release", "--table", "patients", "--qi", "birthdate,sex,zipcode", "--levels", "0,0,0",
                "--k", "2", "--name", "p0");
        assertEquals(ExitCodes.NOT_MET, failing.exitCode(), failing.toString());
        assertTrue(failing.out().contains(" is not 2-anonymous: "), failing.out());
    }

    @Test
    @DisplayName("a search that runs out of heap exits 3 with one line, not 1 ('not met') from an uncaught OutOfMemoryError")
    void outOfMemoryExits3WithOneLine() throws Exception {
        ConnectionSettings settings = new ConnectionSettings("jdbc:derby:" + tmp.resolve("db") + ";create=true", null, null);
        wideTable(settings);
        // bruteforce lists every node of the lattice first: 2^30 of them fill a 64 MB heap within seconds
        try (KanonProcess p = KanonProcess.start(settings, List.of("-Xmx64m"), "anonymize", "--table", "wide", "--qi", qis(WIDE), "--k", "2",
                "--algorithm", "bruteforce", "--max-lattice", "2000000000")) {
            assertEquals(ExitCodes.BUG, p.awaitExit(Duration.ofMinutes(3)), p.toString());
            assertEquals(1, p.err().lines().count(), p.toString());
            assertTrue(p.err().startsWith("kanon: out of memory ("), p.toString());
            assertEquals("", p.out(), p.toString());
        }
    }
}
