package org.kanon.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.kanon.InvalidInputException;
import org.kanon.db.ConnectionSettings;

/**
 * Settings from a file: {@code --config FILE}, else the file named by {@value #VARIABLE}, else {@value #FILE_NAME} in
 * the working directory when there is one. Lines {@code key=value} (or {@code key: value}); {@code #} and {@code !}
 * start a comment. Keys: {@value ConnectionSettings#URL_KEY}, {@value ConnectionSettings#USER_KEY} and
 * {@value #FORMAT_KEY} (text|json, the default of every {@code --format}). A password is never read from a file:
 * {@code db.password} is refused, pointing at {@value ConnectionSettings#PASSWORD_VARIABLE}. Any mistake is bad input
 * naming the file and the line.
 */
record KanonConfig(Path file, Map<String, String> values) {
    static final String FILE_NAME = "kanon.properties";
    static final String VARIABLE = "KANON_CONFIG";
    static final String FORMAT_KEY = "format";
    static final List<String> KEYS = List.of(ConnectionSettings.URL_KEY, ConnectionSettings.USER_KEY, ConnectionSettings.CATALOG_URL_KEY, FORMAT_KEY);
    static final KanonConfig NONE = new KanonConfig(null, Map.of());

    KanonConfig {
        values = Map.copyOf(values);
    }

    /** The file the option or the environment names (it must exist), else the working directory's, if any. */
    static KanonConfig locate(String option, Map<String, String> env, Path workingDirectory) {
        String named = env.get(VARIABLE);
        if (option != null) {
            return read(workingDirectory.resolve(option), "--config ");
        }
        if (named != null && !named.isBlank()) {
            return read(workingDirectory.resolve(named.trim()), VARIABLE + "=");
        }
        Path local = workingDirectory.resolve(FILE_NAME);
        return Files.exists(local) ? read(local, "") : NONE;
    }

    static KanonConfig read(Path file, String namedBy) {
        if (!Files.exists(file)) {
            throw new InvalidInputException(namedBy + file + ": file not found");
        }
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException(namedBy + file + ": not a file");
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InvalidInputException(namedBy + file + ": cannot read it (" + e.getClass().getSimpleName() + ")");
        }
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, Integer> lineOf = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith("!")) {
                continue;
            }
            String where = file + ":" + (i + 1) + ": ";
            int sep = separator(line);
            if (sep <= 0) {
                throw new InvalidInputException(where + "expected key=value, got '" + line + "'");
            }
            String key = line.substring(0, sep).strip();
            String value = line.substring(sep + 1).strip();
            if (key.equals("db.password")) {
                throw new InvalidInputException(where + "db.password: a password is never read from a file; set the environment variable "
                        + ConnectionSettings.PASSWORD_VARIABLE);
            }
            if (!KEYS.contains(key)) {
                throw new InvalidInputException(where + "unknown key '" + key + "' (known: " + String.join(", ", KEYS) + ")");
            }
            if (lineOf.containsKey(key)) {
                throw new InvalidInputException(where + "key '" + key + "' given twice (first on line " + lineOf.get(key) + ")");
            }
            if (key.equals(FORMAT_KEY)) {
                try {
                    KanonSubcommand.json(FORMAT_KEY, value);
                } catch (InvalidInputException e) {
                    throw new InvalidInputException(where + e.getMessage());
                }
            }
            lineOf.put(key, i + 1);
            values.put(key, value);
        }
        return new KanonConfig(file, values);
    }

    private static int separator(String line) {
        int eq = line.indexOf('=');
        int colon = line.indexOf(':');
        if (eq < 0) {
            return colon;
        }
        return colon < 0 ? eq : Math.min(eq, colon);
    }

    /** text or json when the file sets {@value #FORMAT_KEY}, else null. */
    String format() {
        String f = values.get(FORMAT_KEY);
        return f == null || f.isBlank() ? null : f;
    }
}
