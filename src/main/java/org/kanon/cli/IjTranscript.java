package org.kanon.cli;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.kanon.db.dialect.JdbcUrls;
import org.kanon.db.SqlErrors;

/**
 * The output stream Derby's ij writes to under {@code kanon sql}: passes ij's transcript on line by line, without
 * the connection list ij prints before its first prompt (it shows the URL), with passwords masked in ij's own lines
 * (never in a query's result), and, for a script, reports each failed statement on stderr with the line it starts on.
 * <p>
 * ij echoes every statement of a script verbatim after its prompt ({@code ij> } + the statement's text + {@code ;}),
 * so the line of a statement is found by locating that echo in the script, from where the previous one ended. ij's
 * error lines start with {@code ERROR <SQLState>:}, {@code ERROR (no SQLState):} (a driver that sets none: DuckDB),
 * {@code IJ ERROR:} or {@code JAVA ERROR:}
 * (derbytools' toolsmessages.properties, English only). The exit code does not depend on this: it is ij's own count
 * of failed statements.
 */
final class IjTranscript extends OutputStream {
    private static final Pattern PROMPT = Pattern.compile("^ij(\\([^)]*\\))?> ");
    private static final Pattern ERROR = Pattern.compile("^(ERROR [0-9A-Z]{5}:|ERROR \\(no SQLState\\):|IJ ERROR:|JAVA ERROR:)");
    /** The lines ij writes itself, which may show a URL: never a row of a result. */
    private static final Pattern OWN = Pattern.compile("^(ij(\\([^)]*\\))?> |> |(IJ |JAVA )?(ERROR|WARNING)\\b|CONNECTION\\d+\\*? )");

    private final String script;
    private final String label;
    private final PrintWriter out;
    private final PrintWriter err;
    private final String password;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

    private boolean seenPrompt;
    /** Where in the script the next statement's search starts. */
    private int cursor;
    /** Script offset just after the echoed text of the current statement while its echo continues, else -1. */
    private int echoEnd = -1;
    private String echoLast = "";
    private int statementLine;
    private boolean statementFailed;
    private int failures;
    private int lineCountedTo;
    private int linesBefore;

    /** For a script: its text (line ends as given to ij) and the name to report errors under. */
    static IjTranscript forScript(String script, String label, PrintWriter out, PrintWriter err, String password) {
        return new IjTranscript(script, label, out, err, password);
    }

    /** For the interactive console: prompts pass on every flush, nothing is located. */
    static IjTranscript interactive(PrintWriter out, String password) {
        return new IjTranscript(null, null, out, null, password);
    }

    private IjTranscript(String script, String label, PrintWriter out, PrintWriter err, String password) {
        this.script = script;
        this.label = label;
        this.out = out;
        this.err = err;
        this.password = password;
    }

    /** The failed statements reported on stderr. */
    int failures() {
        return failures;
    }

    @Override
    public void write(int b) {
        if (b == '\n') {
            line(pending.toString(StandardCharsets.UTF_8));
            pending.reset();
        } else if (b != '\r') {
            pending.write(b);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            write(b[i]);
        }
    }

    /**
     * ij flushes after each prompt. At a terminal the prompt must show now; in a script its echo follows on the same
     * line, so the partial line waits for it.
     */
    @Override
    public void flush() {
        if (script == null && pending.size() > 0) {
            String partial = pending.toString(StandardCharsets.UTF_8);
            pending.reset();
            seenPrompt |= PROMPT.matcher(partial).find() || partial.equals("> ");
            if (seenPrompt) {
                out.print(safe(partial));
            }
        }
        out.flush();
    }

    /** Passes on what is left; the prompt ij prints after the last statement of a script is dropped. */
    @Override
    public void close() {
        String rest = pending.toString(StandardCharsets.UTF_8);
        pending.reset();
        if (!rest.isEmpty() && !(script != null && PROMPT.matcher(rest).replaceFirst("").isEmpty())) {
            line(rest);
        }
        out.flush();
    }

    private void line(String line) {
        var prompt = PROMPT.matcher(line);
        if (prompt.find()) {
            seenPrompt = true;
            if (script != null) {
                statement(line.substring(prompt.end()));
            }
        } else if (!seenPrompt) {
            return; // ij's list of connections: it shows the URL
        } else if (script != null) {
            if (echoEnd >= 0 && !echoLast.endsWith(";") && script.startsWith("\n" + line, echoEnd)) {
                echoEnd += 1 + line.length();
                echoLast = line;
                cursor = echoEnd;
            } else {
                echoEnd = -1;
                if (!statementFailed && ERROR.matcher(line).find()) {
                    statementFailed = true;
                    failures++;
                    err.println("kanon: " + label + (statementLine > 0 ? ":" + statementLine : "") + ": " + safe(line).stripTrailing());
                    err.flush();
                }
            }
        }
        out.println(safe(line));
    }

    /** A new statement echoed after the prompt: its first line, found in the script from the cursor on. */
    private void statement(String firstLine) {
        statementFailed = false;
        echoEnd = -1;
        statementLine = 0;
        if (firstLine.isEmpty()) {
            return;
        }
        int at = script.indexOf(firstLine, cursor);
        if (at < 0) {
            return;
        }
        cursor = at + firstLine.length();
        echoEnd = cursor;
        echoLast = firstLine;
        statementLine = lineOf(firstCodeOffset(at));
    }

    /** Skips the blank and {@code --} comment lines ij keeps in front of a statement's text. */
    private int firstCodeOffset(int at) {
        int i = at;
        while (i < script.length()) {
            int end = script.indexOf('\n', i);
            String text = (end < 0 ? script.substring(i) : script.substring(i, end)).strip();
            if (!(text.isEmpty() || text.startsWith("--")) || end < 0) {
                return i;
            }
            i = end + 1;
        }
        return at;
    }

    /** The 1-based line of an offset; offsets only grow, so lines are counted once. */
    private int lineOf(int offset) {
        if (offset < lineCountedTo) {
            lineCountedTo = 0;
            linesBefore = 0;
        }
        for (int i = lineCountedTo; i < offset; i++) {
            if (script.charAt(i) == '\n') {
                linesBefore++;
            }
        }
        lineCountedTo = offset;
        return linesBefore + 1;
    }

    /**
     * A line of ij's own with the password of every JDBC URL in it masked and, in an error, warning or connection
     * list, the password itself wherever it stands as a whole token. The echo of a statement is the script's own
     * text; any other line is a query's result and passes exactly as the database returned it.
     */
    private String safe(String line) {
        if (!OWN.matcher(line).find()) {
            return line;
        }
        return JdbcUrls.maskPasswordsIn(PROMPT.matcher(line).find() ? line : SqlErrors.maskToken(line, password));
    }
}
