package org.kanon.cli;

import picocli.CommandLine.Command;

@Command(name = "spec", description = {
        "Release specifications kept in the catalog (table KANON.SPECS): what to release, how, and under which name.",
        "A DBA may also write them with plain INSERTs (see README); `kanon run SPEC` or a request runs one."},
        subcommands = {SpecCreateCommand.class, SpecListCommand.class, SpecShowCommand.class, SpecExportCommand.class,
                SpecImportCommand.class, SpecDropCommand.class, SpecRunsCommand.class})
final class SpecCommand extends KanonSubcommand {
    @Override
    public Integer call() {
        spec.commandLine().usage(out());
        return ExitCodes.USAGE;
    }
}
