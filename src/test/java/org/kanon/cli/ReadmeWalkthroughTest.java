package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.ReadmeShell;
import org.kanon.testing.SharedData;
import org.kanon.testing.TestDatabases;

/**
 * The README's walk-through, every line of its command block as printed, on every database of the matrix: the
 * connection comes from the environment ({@code KANON_DB_URL}, {@code KANON_DB_USER}) as the README's "same commands
 * on ..." block sets it, so the commands themselves are the README's text. {@code bin/kanon} runs in-process; the
 * block's other lines are {@code echo $?}, {@code echo '...' > FILE} and {@code echo '...' | bin/kanon ...}, which this
 * test does itself; any other line, or a character bash would not pass on as written (an optional part in
 * brackets, alternatives with |), fails it. Files the walk-through writes go to a temporary folder. Also the
 * derivation of Adult's 45,222-row file from UCI's two files, run by bash.
 */
class ReadmeWalkthroughTest {
    private static final String SECTION = "## Walk-through";

    /** The walk-through's command block: the one that starts at step 1. */
    static List<String> lines() {
        for (String block : ReadmeShell.blocks(SECTION)) {
            if (block.startsWith("# 1. ")) {
                return ReadmeShell.lines(block);
            }
        }
        throw new IllegalStateException("README.md's walk-through has no block starting with step 1");
    }

    @Test
    void everyLineIsOneBashRunsAsPrinted() {
        List<String> lines = lines();
        int commands = 0;
        for (String line : lines) {
            if (!line.startsWith("echo $?")) {
                List<String> words = ReadmeShell.words(line); // throws on [optional] parts, a|b, ...
                commands += words.contains("bin/kanon") ? 1 : 0;
            }
        }
        assertTrue(commands > 30, lines.toString());
    }

    @Test
    void adultIsDerivedFromUcisFilesAsPrinted(@TempDir Path dir) throws Exception {
        Path uci = SharedData.file("datasets/adult-uci/adult-45222.csv").getParent();
        Path copy = Files.createDirectories(dir.resolve("shared/datasets/adult-uci"));
        Files.copy(uci.resolve("adult.data"), copy.resolve("adult.data"));
        Files.copy(uci.resolve("adult.test"), copy.resolve("adult.test"));
        Path checkout = Files.createDirectories(dir.resolve("kanon"));
        Process bash = new ProcessBuilder("bash", "-euo", "pipefail", "-c", ReadmeShell.marked("adult-derivation"))
                .directory(checkout.toFile()).redirectErrorStream(true).start();
        long started = System.nanoTime();
        bash.onExit().thenRun(() -> org.kanon.testing.TestCosts.add(org.kanon.testing.TestCosts.Cost.SUBPROCESS, System.nanoTime() - started));
        String output = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, bash.waitFor(), output);
        byte[] derived = Files.readAllBytes(copy.resolve("adult-45222.csv"));
        assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(Files.readAllBytes(uci.resolve("adult-45222.csv")))),
                HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(derived)));
        assertTrue(ReadmeShell.readme().contains("md5 12d84651fc92f7a0b3e17263f6648da0"), "the README's md5 is the file's");
    }

    @DatabaseTest
    void theWalkthroughRunsAsWritten(TestDatabases.Kind kind, ConnectionSettings settings, @TempDir Path dir) throws IOException {
        Path shared = SharedData.file("datasets/adult-uci/adult-45222.csv").getParent().getParent().getParent();
        Map<String, String> env = new HashMap<>();
        env.put("KANON_DB_URL", settings.url());
        if (settings.user() != null) {
            env.put("KANON_DB_USER", settings.user());
        }
        if (settings.password() != null) {
            env.put(ConnectionSettings.PASSWORD_VARIABLE, settings.password());
        }
        int ran = 0;
        for (String line : lines()) {
            if (line.startsWith("echo $?")) {
                continue; // the exit code of the line before, which was checked there
            }
            List<String> words = ReadmeShell.words(line);
            String stdin = "";
            if (words.get(0).equals("echo") && words.size() == 4 && words.get(2).equals(">")) {
                Files.writeString(Path.of(local(words.get(3), shared, dir)), words.get(1) + "\n");
                continue;
            }
            if (words.get(0).equals("echo") && words.get(2).equals("|")) {
                stdin = words.get(1) + "\n";
                words = words.subList(3, words.size());
            }
            if (!words.get(0).equals("bin/kanon")) {
                fail("the walk-through has a line this test does not run: " + line);
            }
            List<String> args = new ArrayList<>();
            Path stdout = null;
            for (int i = 1; i < words.size(); i++) {
                if (words.get(i).equals(">")) {
                    stdout = Path.of(local(words.get(++i), shared, dir));
                } else {
                    args.add(local(words.get(i), shared, dir));
                }
            }
            CliRun.Result r = withStdin(stdin, () -> CliRun.execute(
                    new Kanon().withEnvironment(env).withWorkingDirectory(CliRun.noConfigDirectory()), args.toArray(String[]::new)));
            if (stdout != null) {
                Files.writeString(stdout, r.out());
            }
            // check answers 1 for "not k-anonymous": the README says so and prints $? after it
            int expected = args.get(0).equals("check") && r.exitCode() == 1 ? 1 : 0;
            assertEquals(expected, r.exitCode(), kind + ": " + line + "\n" + r);
            ran++;
        }
        assertTrue(ran > 30, "only " + ran + " commands ran");
    }

    /** A word as a path where the walk-through means one: ../shared as the workspace's; a bare file name into dir. */
    private static String local(String word, Path shared, Path dir) {
        if (word.startsWith("../shared/")) {
            return shared.resolve(word.substring("../shared/".length())).toString();
        }
        if (word.matches("[\\w-]+\\.(csv|html|sql)")) {
            return dir.resolve(word).toString(); // an export, a report, a script: not into the repository
        }
        return word;
    }

    private static CliRun.Result withStdin(String text, java.util.function.Supplier<CliRun.Result> run) {
        InputStream stdin = System.in;
        System.setIn(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        try {
            return run.get();
        } finally {
            System.setIn(stdin);
        }
    }
}
