package org.kanon.cli;

import java.util.List;
import java.util.Map;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Ansi.Text;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.ColorScheme;
import picocli.CommandLine.Help.TextTable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Help whose option and command lists wrap only at spaces. picocli wraps at the JDK's line break opportunities, which
 * include the dot and the slash inside a word: {@code ./kanon-db} came out as {@code .} and {@code /kanon-db} on two
 * lines, {@code KANON.SPECS} as {@code KANON.} and {@code SPECS}, and a path copied from the help no longer worked.
 */
final class HelpWrapping extends Help {
    HelpWrapping(CommandSpec spec, ColorScheme colorScheme) {
        super(spec, colorScheme);
    }

    @Override
    public Layout createDefaultLayout(List<OptionSpec> options, List<PositionalParamSpec> positionals, ColorScheme scheme) {
        Layout layout = super.createDefaultLayout(options, positionals, scheme);
        return new Layout(scheme, AtSpaces.of(layout.textTable(), scheme), layout.optionRenderer(), layout.parameterRenderer());
    }

    @Override
    public TextTable createTextTable(Map<?, ?> map) {
        return AtSpaces.of(super.createTextTable(map), colorScheme());
    }

    /** The commands and their summaries (the first line of each one's description) as picocli lists them, wrapped at spaces. */
    @Override
    public String commandList(Map<String, Help> subcommands) {
        if (subcommands.isEmpty()) {
            return "";
        }
        int longest = subcommands.keySet().stream().mapToInt(String::length).max().orElse(0);
        int width = commandSpec().usageMessage().width();
        TextTable table = AtSpaces.of(TextTable.forColumns(colorScheme(), new Column(longest + 2, 2, Column.Overflow.SPAN),
                new Column(width - (longest + 2), 2, Column.Overflow.WRAP)), colorScheme());
        subcommands.forEach((name, help) -> table.addRowValues(colorScheme().commandText(name), colorScheme().text(summary(help))));
        return table.toString();
    }

    /** The description under the usage line, each of its lines wrapped at spaces only (picocli breaks them as the lists). */
    @Override
    public String description(Object... params) {
        String[] lines = commandSpec().usageMessage().description();
        if (lines.length == 0) {
            return "";
        }
        int width = commandSpec().usageMessage().width();
        // the source cuts a long description into lines anywhere; they flow together up to a line that ends a sentence
        StringBuilder out = new StringBuilder();
        StringBuilder paragraph = new StringBuilder();
        for (String line : lines) {
            String text = String.format(line, params);
            paragraph.append(paragraph.length() == 0 || text.isEmpty() ? "" : " ").append(text);
            if (text.isEmpty() || text.endsWith(".") || text.endsWith(":") || text.contains("\n")) {
                for (String part : paragraph.toString().split("\\R", -1)) {
                    wrap(part, width, out);
                }
                paragraph.setLength(0);
            }
        }
        if (paragraph.length() > 0) {
            wrap(paragraph.toString(), width, out);
        }
        return out.toString();
    }

    private static void wrap(String text, int width, StringBuilder out) {
        int start = 0;
        do {
            int end = text.length();
            if (end - start > width) {
                int space = text.lastIndexOf(' ', start + width);
                end = space > start ? space : AtSpaces.nextSpace(text, start + width);
            }
            out.append(text, start, end).append(System.lineSeparator());
            start = end;
            while (start < text.length() && text.charAt(start) == ' ') {
                start++;
            }
        } while (start < text.length());
    }

    private static String summary(Help help) {
        String[] header = help.commandSpec().usageMessage().header();
        String[] description = help.commandSpec().usageMessage().description();
        return header.length > 0 ? header[0] : description.length > 0 ? description[0] : "";
    }

    /** A table that breaks a too-long value at its spaces before picocli sees it; a word longer than a line stays whole. */
    static final class AtSpaces extends TextTable {
        private final ColorScheme scheme;

        private AtSpaces(ColorScheme scheme, Column[] columns) {
            super(scheme, columns);
            this.scheme = scheme;
        }

        static AtSpaces of(TextTable like, ColorScheme scheme) {
            AtSpaces table = new AtSpaces(scheme, like.columns());
            table.indentWrappedLines = like.indentWrappedLines;
            table.setAdjustLineBreaksForWideCJKCharacters(like.isAdjustLineBreaksForWideCJKCharacters());
            return table;
        }

        @Override
        public Cell putValue(int row, int col, Text value) {
            Column column = columns()[col];
            // one column less than picocli's own limit, so it never has a reason to break a line again
            int room = column.width - column.indent - indentWrappedLines - 1;
            if (value == null || column.overflow != Column.Overflow.WRAP || room < 20 || value.plainString().length() <= room) {
                return super.putValue(row, col, value);
            }
            String plain = value.plainString();
            String indent = " ".repeat(indentWrappedLines);
            Cell at = null;
            int start = 0;
            while (start < plain.length()) {
                int end = plain.length();
                if (end - start > room) {
                    int space = plain.lastIndexOf(' ', start + room);
                    end = space > start ? space : nextSpace(plain, start + room);
                }
                Text line = value.substring(start, end);
                if (at == null) {
                    at = super.putValue(row, col, line);
                } else { // a line of its own below, indented as picocli indents a wrapped line
                    if (at.row + 1 >= rowCount()) {
                        addEmptyRow();
                    }
                    at = super.putValue(at.row + 1, col, scheme.text(indent).concat(line));
                }
                start = end;
                while (start < plain.length() && plain.charAt(start) == ' ') {
                    start++;
                }
            }
            return at;
        }

        private static int nextSpace(String plain, int from) {
            int space = plain.indexOf(' ', from);
            return space < 0 ? plain.length() : space;
        }
    }
}
