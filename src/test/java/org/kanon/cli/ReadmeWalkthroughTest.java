package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.SharedData;
import org.kanon.testing.TestDatabases;

/**
 * The README's walk-through, command by command as printed there, on every database of the matrix: the connection
 * comes from the environment ({@code KANON_DB_URL}, {@code KANON_DB_USER}) as the README's "same commands on ..."
 * blocks set it, so the commands themselves are the README's text. Only what the README marks optional ({@code [..]})
 * is left out, and the few commands that name the reader's own files or table, or open an interactive console.
 */
class ReadmeWalkthroughTest {
    /** Commands the walk-through shows but that need what only the reader has; each must still be in the README. */
    private static final Set<String> READERS_OWN = Set.of(
            "hierarchy import --table adult --file my_zip.csv --column zip",       // the reader's own hierarchy file
            "verify --table other_tools_release --qi age,sex,zip --k 5",            // a table another tool made
            "sql",                                                                  // the interactive console
            "sql report.sql");                                                      // the reader's own script

    /** The walk-through's {@code bin/kanon} commands, continuation lines joined, comments and optional parts removed. */
    static List<List<String>> commands() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        String section = readme.substring(readme.indexOf("## Walk-through"), readme.indexOf("\n## ", readme.indexOf("## Walk-through") + 3));
        String block = section.substring(section.indexOf("```sh") + 5);
        block = block.substring(0, block.indexOf("```"));
        List<List<String>> commands = new ArrayList<>();
        for (String line : block.replace("\\\n", " ").split("\n")) {
            if (!line.startsWith("bin/kanon ")) {
                continue; // comments, echo $?, piped input
            }
            commands.add(words(line.substring("bin/kanon ".length()).replaceAll("\\[[^]]*]", "")));
        }
        return commands;
    }

    /** Shell words: white space separates, '...' quotes, # starts a comment. */
    private static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean quoted = false;
        boolean inWord = false;
        for (char c : text.toCharArray()) {
            if (quoted) {
                if (c == '\'') {
                    quoted = false;
                } else {
                    word.append(c);
                }
            } else if (c == '\'') {
                quoted = true;
                inWord = true;
            } else if (c == '#' && !inWord) {
                break;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    @Test
    void theReadersOwnCommandsAreStillInTheWalkthrough() throws IOException {
        List<String> all = commands().stream().map(c -> String.join(" ", c)).toList();
        for (String own : READERS_OWN) {
            assertTrue(all.contains(own), "README walk-through no longer shows: bin/kanon " + own + "\n" + all);
        }
        assertTrue(all.size() > 30, all.toString());
    }

    @DatabaseTest
    void theWalkthroughRunsAsWritten(TestDatabases.Kind kind, @TempDir Path dir) throws IOException {
        Path shared = SharedData.file("datasets/adult-uci/adult-45222.csv").getParent().getParent().getParent();
        ConnectionSettings settings = TestDatabases.fresh(kind);
        try {
            Map<String, String> env = new HashMap<>();
            env.put("KANON_DB_URL", settings.url());
            if (settings.user() != null) {
                env.put("KANON_DB_USER", settings.user());
            }
            if (settings.password() != null) {
                env.put(ConnectionSettings.PASSWORD_VARIABLE, settings.password());
            }
            int ran = 0;
            for (List<String> command : commands()) {
                if (READERS_OWN.contains(String.join(" ", command))) {
                    continue;
                }
                List<String> args = new ArrayList<>();
                for (String word : command) {
                    if (word.startsWith("../shared/")) {
                        word = shared.resolve(word.substring("../shared/".length())).toString();
                    } else if ((word.endsWith(".csv") || word.endsWith(".html")) && !word.contains("/")) {
                        word = dir.resolve(word).toString(); // an export's or a report's file: not into the repository
                    }
                    args.add(word);
                }
                CliRun.Result r = CliRun.execute(new Kanon().withEnvironment(env).withWorkingDirectory(CliRun.noConfigDirectory()),
                        args.toArray(String[]::new));
                // check answers 1 for "not k-anonymous": the README says so and prints $? after it
                int expected = args.get(0).equals("check") && r.exitCode() == 1 ? 1 : 0;
                assertEquals(expected, r.exitCode(), kind + ": bin/kanon " + String.join(" ", command) + "\n" + r);
                ran++;
            }
            assertTrue(ran > 25, "only " + ran + " commands ran");
        } finally {
            TestDatabases.dispose(settings);
        }
    }
}
