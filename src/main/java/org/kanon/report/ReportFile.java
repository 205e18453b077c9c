package org.kanon.report;

import java.nio.file.Path;
import org.kanon.OutputFile;

/** Writes a report whole or not at all, through {@link OutputFile}: only to a regular file or a new path. */
public final class ReportFile {
    private static final String OPTION = "report";

    private ReportFile() {
    }

    /** Refuses a target the report cannot be written to before any work is done: a folder, a device, a file in no folder. */
    public static Path check(String option, String file) {
        return OutputFile.check(option, file);
    }

    public static void write(Path target, String html) {
        OutputFile.writeText(OPTION, target, html);
    }
}
