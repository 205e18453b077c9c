package org.kanon.schema.hierarchy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** Finds ../shared (the data sets next to the checkout) from the working directory, else from KANON_SHARED. */
final class SharedDatasets {

    private SharedDatasets() {
    }

    static Path dataset(String name) {
        Path beside = Paths.get("..", "shared", "datasets", name);
        if (Files.isDirectory(beside)) {
            return beside;
        }
        String shared = System.getenv("KANON_SHARED");
        return shared == null ? beside : Paths.get(shared, "datasets", name);
    }
}
