package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/** The report's re-check section prints a kanon command; run as printed (in-process), it verifies the release. */
class ReportRecheckCliTest {
    private static final Pattern PRINTED = Pattern.compile("or: (kanon verify [^<]*)</p>");

    @TempDir
    Path dir;

    @DatabaseTest(only = TestDatabases.Kind.DERBY)
    @DisplayName("the command the report prints to re-check the release runs as printed and verifies it (exit 0)")
    void printedVerifyCommandRuns(ConnectionSettings settings) throws Exception {
        CliRun cli = new CliRun(settings).withPaperTable("incognito-patients", "patients", PaperTables.PATIENTS_PREFIX);
        for (String name : List.of("p2", "it's p2")) {
            CliRun.Result made = cli.run("anonymize", "--table", "patients", "--qi", "birthdate,sex,zipcode", "--k", "2", "--name", name);
            assertEquals(ExitCodes.OK, made.exitCode(), made.toString());
            Path html = dir.resolve("r.html");
            assertEquals(ExitCodes.OK, cli.run("report", "--release", name, "--html", html.toString()).exitCode());
            Matcher m = PRINTED.matcher(Files.readString(html));
            assertTrue(m.find(), "a kanon command in the re-check section");
            List<String> words = shellWords(unescape(m.group(1)));
            assertEquals("kanon", words.get(0));
            CliRun.Result verified = cli.run(words.subList(1, words.size()).toArray(String[]::new));
            assertEquals(ExitCodes.OK, verified.exitCode(), m.group(1) + ": " + verified);
        }
    }

    private static String unescape(String html) {
        return html.replace("&#39;", "'").replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    }

    /** Words as a POSIX shell splits them, for what the report prints: blanks between words, single quotes, backslash outside quotes. */
    private static List<String> shellWords(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == ' ') {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
                continue;
            }
            word = word == null ? new StringBuilder() : word;
            if (c == '\'') {
                int end = line.indexOf('\'', i + 1);
                word.append(line, i + 1, end);
                i = end;
            } else if (c == '\\') {
                word.append(line.charAt(++i));
            } else {
                word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }
}
