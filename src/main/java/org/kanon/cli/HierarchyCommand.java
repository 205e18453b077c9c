package org.kanon.cli;

import picocli.CommandLine.Command;

@Command(name = "hierarchy", description = "Bind generalization hierarchies to columns (stored as dimension tables in KANON_DIM).",
        subcommands = {HierarchyImportCommand.class, HierarchyBuildCommand.class, HierarchyListCommand.class})
final class HierarchyCommand extends KanonSubcommand {
    @Override
    public Integer call() {
        // a subcommand is missing: usage, as for any bad input, on stderr (stdout stays for results)
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.USAGE;
    }
}
