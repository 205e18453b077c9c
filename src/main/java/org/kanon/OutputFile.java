package org.kanon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The one door every file kanon writes goes through (reports, exports, spec files). A file appears whole or not at
 * all: written aside, then renamed into place. A rename replaces whatever has the name, so a target that exists and is
 * not a regular file (a device such as /dev/full, a fifo, a folder, a link to one of these) is refused before any work:
 * renaming over /dev/full as root would replace the device with a file (issue 32, item 21).
 */
public final class OutputFile {
    private OutputFile() {
    }

    /**
     * The target as an absolute path, refused (naming {@code option} and the path) when it exists and is not a regular
     * file, or when its folder does not exist or cannot be written.
     */
    public static Path check(String option, Path file) {
        Path path = file.toAbsolutePath().normalize();
        refuseIrregular(option, path);
        Path folder = path.getParent();
        if (folder == null || !Files.isDirectory(folder)) {
            throw new InvalidInputException(option + ": folder " + folder + " does not exist");
        }
        if (!Files.isWritable(folder)) {
            throw new InvalidInputException(option + ": folder " + folder + " is not writable");
        }
        return path;
    }

    /** {@link #check(String, Path)} of a path given as text. */
    public static Path check(String option, String file) {
        return check(option, Path.of(file));
    }

    /** A new path, or an existing regular file (links followed); anything else is refused. */
    public static void refuseIrregular(String option, Path path) {
        if (Files.isDirectory(path)) {
            throw new InvalidInputException(option + ": " + path + " is a folder; name the file to write");
        }
        if (Files.exists(path) && !Files.isRegularFile(path)) {
            throw new InvalidInputException(option + ": " + path + " exists and is not a regular file (a device, fifo or socket);"
                    + " kanon writes only a regular file or a new path");
        }
    }

    /** A hidden temporary file in the target's folder, for {@link #moveIntoPlace}. */
    public static Path temporary(String option, Path target) {
        Path folder = target.getParent();
        try {
            return Files.createTempFile(folder, "." + target.getFileName(), ".part");
        } catch (IOException e) {
            throw new InvalidInputException(option + ": cannot write in " + folder + ": " + e.getClass().getSimpleName(), e);
        }
    }

    /**
     * Renames a finished temporary file to the target, checked again just before (the target may have changed since
     * the first check). Without {@code replace} an existing target is refused, never silently replaced.
     */
    public static void moveIntoPlace(String option, Path tmp, Path target, boolean replace) {
        refuseIrregular(option, target);
        try {
            if (!replace) {
                // not ATOMIC_MOVE: a rename would silently replace a file created since the check
                Files.move(tmp, target);
                return;
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (FileAlreadyExistsException e) {
            throw new InvalidInputException(option + ": " + target + " already exists; use --replace to overwrite it", e);
        } catch (IOException e) {
            throw new InvalidInputException(option + ": cannot write " + target + ": " + e.getClass().getSimpleName(), e);
        }
    }

    /** Text written whole to the target (checked as {@link #check(String, Path)}), replacing a regular file. */
    public static void writeText(String option, Path target, String text) {
        Path path = check(option, target);
        Path tmp = temporary(option, path);
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            moveIntoPlace(option, tmp, path, true);
        } catch (IOException e) {
            throw new InvalidInputException(option + ": cannot write " + path + ": " + e.getClass().getSimpleName(), e);
        } finally {
            deleteQuietly(tmp);
        }
    }

    /** Removes a temporary file that was not moved into place. */
    public static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // best effort: a temporary file is hidden and ends in .part, never taken for a finished one
        }
    }
}
