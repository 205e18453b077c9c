package org.kanon.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The README's shell blocks as a shell reads them, for the tests that run them as printed: fenced blocks found by
 * section or by marker, lines with their continuations joined, and shell words. Words are what bash passes on:
 * {@code '...'} and {@code "..."} quote, {@code #} at a word's start ends the line, and the operators {@code |} and
 * {@code >} are words of their own. Any other character bash would treat specially outside quotes ({@code [ ] ; &
 * $ ( ) * ? ` < { }}) is refused, so a README line that only reads like a command (an optional part in brackets,
 * alternatives with |) fails the test instead of being skipped.
 */
public final class ReadmeShell {
    private static final String SPECIAL = "[];&$()*?`<{}";

    private ReadmeShell() {
    }

    public static String readme() {
        try {
            return Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The {@code ```sh} blocks of the section with this heading (up to the next heading of level 2). */
    public static List<String> blocks(String heading) {
        String readme = readme();
        int start = readme.indexOf("\n" + heading + "\n");
        if (start < 0) {
            throw new IllegalStateException("README.md has no section " + heading);
        }
        int end = readme.indexOf("\n## ", start + heading.length() + 1);
        String section = readme.substring(start, end < 0 ? readme.length() : end);
        List<String> blocks = new ArrayList<>();
        int at = 0;
        while ((at = section.indexOf("```sh\n", at)) >= 0) {
            int close = section.indexOf("\n```", at + 6);
            blocks.add(section.substring(at + 6, close + 1));
            at = close + 4;
        }
        return blocks;
    }

    /** The fenced block between {@code <!-- marker -->} and {@code <!-- /marker -->}, without its fences. */
    public static String marked(String marker) {
        String readme = readme();
        int start = readme.indexOf("<!-- " + marker + " -->\n");
        int end = readme.indexOf("<!-- /" + marker + " -->", start);
        if (start < 0 || end < 0) {
            throw new IllegalStateException("README.md has no block marked " + marker);
        }
        String block = readme.substring(readme.indexOf('\n', start) + 1, end);
        return block.substring(block.indexOf('\n') + 1, block.lastIndexOf("```"));
    }

    /** The block's lines as bash reads them: continuations joined; blank and comment-only lines left out. */
    public static List<String> lines(String block) {
        List<String> lines = new ArrayList<>();
        for (String line : block.replace("\\\n", " ").split("\n")) {
            String t = line.strip();
            if (!t.isEmpty() && !t.startsWith("#")) {
                lines.add(t);
            }
        }
        return lines;
    }

    /** The line's words; throws on a character bash would not pass on as written. */
    public static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        char quote = 0;
        boolean inWord = false;
        for (char c : line.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (c == '#' && !inWord) {
                break;
            } else if (Character.isWhitespace(c) || c == '|' || c == '>') {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
                if (c == '|' || c == '>') {
                    words.add(String.valueOf(c));
                }
            } else if (SPECIAL.indexOf(c) >= 0) {
                throw new IllegalArgumentException("bash would not run this as printed ('" + c + "'): " + line);
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("unclosed quote: " + line);
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
