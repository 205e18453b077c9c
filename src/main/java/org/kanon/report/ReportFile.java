package org.kanon.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.kanon.InvalidInputException;

/** Writes a report whole or not at all: into a temporary file beside the target, then moved over it. */
public final class ReportFile {
    private ReportFile() {
    }

    /** Refuses a target the report cannot be written to before any work is done: a folder, or a file in no folder. */
    public static Path check(String option, String file) {
        Path path = Path.of(file).toAbsolutePath().normalize();
        if (Files.isDirectory(path)) {
            throw new InvalidInputException(option + ": " + file + " is a folder; name the HTML file to write");
        }
        Path folder = path.getParent();
        if (folder == null || !Files.isDirectory(folder)) {
            throw new InvalidInputException(option + ": folder " + folder + " does not exist");
        }
        if (!Files.isWritable(folder)) {
            throw new InvalidInputException(option + ": folder " + folder + " is not writable");
        }
        return path;
    }

    public static void write(Path target, String html) {
        Path tmp = null;
        try {
            tmp = Files.createTempFile(target.getParent(), ".kanon-report-", ".tmp");
            Files.writeString(tmp, html, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new InvalidInputException("cannot write the report " + target + ": " + e.getClass().getSimpleName(), e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the temporary file is ours; a failure to delete it leaves a dot-file, never a partial report
                }
            }
        }
    }
}
