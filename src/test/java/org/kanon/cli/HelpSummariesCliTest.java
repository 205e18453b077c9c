package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The help a newcomer reads first: every command's summary (the line `kanon --help` lists it with) is a whole sentence,
 * no database list leaves any out, and no path, file or dotted name is split over two lines (issue 32, item 9).
 */
class HelpSummariesCliTest {
    private static List<CommandLine> all(CommandLine cl) {
        List<CommandLine> found = new ArrayList<>(List.of(cl));
        cl.getSubcommands().values().forEach(sub -> found.addAll(all(sub)));
        return found;
    }

    private static String qualifiedName(CommandSpec spec) {
        return spec.qualifiedName(" ");
    }

    @Test
    @DisplayName("every command's summary is one whole sentence ending in a full stop, listed whole in its parent's help")
    void summariesAreSentences() {
        for (CommandLine cl : all(Kanon.commandLine(new Kanon()))) {
            // picocli lists a command by its header's first line, else its description's (the help command has a header)
            String[] header = cl.getCommandSpec().usageMessage().header();
            String[] description = cl.getCommandSpec().usageMessage().description();
            assertTrue(header.length + description.length > 0, qualifiedName(cl.getCommandSpec()));
            String summary = header.length > 0 ? header[0] : description[0];
            assertTrue(summary.endsWith("."), qualifiedName(cl.getCommandSpec()) + ": " + summary);
            assertFalse(summary.contains("Derby or PostgreSQL"), summary);
            CommandLine parent = cl.getParent();
            if (parent != null) {
                String listed = CliRun.execute(new Kanon(), parentArgs(parent)).out().replaceAll("\\s+", " ");
                assertTrue(listed.contains(" " + cl.getCommandName() + " " + summary.replaceAll("\\s+", " ")),
                        qualifiedName(cl.getCommandSpec()) + " listed whole: " + summary + "\n" + listed);
            }
        }
    }

    private static String[] parentArgs(CommandLine parent) {
        List<String> args = new ArrayList<>(List.of(parent.getCommandSpec().qualifiedName(" ").split(" ")));
        args.remove(0); // kanon
        args.add("--help");
        return args.toArray(String[]::new);
    }

    @Test
    @DisplayName("no help text says 'Derby or PostgreSQL' where all databases are meant, and no path or dotted name is split by wrapping")
    void pathsAreNeverSplit() {
        for (CommandLine cl : all(Kanon.commandLine(new Kanon()))) {
            CommandSpec spec = cl.getCommandSpec();
            Set<String> texts = new LinkedHashSet<>(List.of(spec.usageMessage().description()));
            for (OptionSpec o : spec.options()) {
                texts.addAll(List.of(o.description()));
            }
            String parentArgs = String.join(" ", parentArgs(cl));
            CliRun.Result help = CliRun.execute(new Kanon(), parentArgs.split(" "));
            assertEquals(ExitCodes.OK, help.exitCode(), parentArgs + ": " + help);
            for (String text : texts) {
                assertFalse(text.contains("Derby or PostgreSQL"), parentArgs + ": " + text);
                for (String word : text.split("\\s+")) {
                    String token = word.replaceAll("^[(\\[`'\"]+|[)\\]`'\",;:.]+$", "");
                    if (token.matches(".*\\w[./]\\w.*|\\./\\w.*")) {
                        assertTrue(help.out().contains(token), parentArgs + ": '" + token + "' split over two lines:\n" + help.out());
                    }
                }
            }
        }
    }
}
