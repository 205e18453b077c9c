package org.kanon.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** The shared data folder (the Adult files, ARX's hierarchies): never copied into the repository. */
public final class SharedData {
    private SharedData() {
    }

    /** ../shared next to the repository, else $KANON_SHARED; skipped, naming both, when neither has the file. */
    public static Path file(String relative) {
        Path sibling = Path.of("..", "shared").resolve(relative);
        if (Files.isRegularFile(sibling)) {
            return sibling;
        }
        String env = System.getenv("KANON_SHARED");
        Path fromEnv = env == null || env.isBlank() ? null : Path.of(env).resolve(relative);
        assumeTrue(fromEnv != null && Files.isRegularFile(fromEnv), "shared data folder missing: need "
                + sibling.toAbsolutePath().normalize() + (fromEnv == null ? "" : " or " + fromEnv) + " (set KANON_SHARED)");
        return fromEnv;
    }
}
