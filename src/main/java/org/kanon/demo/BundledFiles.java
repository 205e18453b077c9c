package org.kanon.demo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The top-level {@code datasets/} folder travels inside the jar (under {@code kanon/datasets/}); the demo copies
 * the files it needs into its working folder so that it can use the same file-based import a user would.
 */
final class BundledFiles {
    private static final String ROOT = "kanon/datasets/";

    private BundledFiles() {
    }

    static boolean exists(String path) {
        return BundledFiles.class.getClassLoader().getResource(ROOT + path) != null;
    }

    static Path copy(String path, Path dir) {
        try (InputStream in = BundledFiles.class.getClassLoader().getResourceAsStream(ROOT + path)) {
            if (in == null) {
                throw new IllegalStateException("bundled dataset file missing from the build: datasets/" + path);
            }
            Path target = dir.resolve(path.substring(path.lastIndexOf('/') + 1));
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            throw new IllegalStateException("cannot copy datasets/" + path + " to " + dir, e);
        }
    }
}
