package org.kanon.ingest;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.kanon.InvalidInputException;
import org.kanon.db.Identifiers;

/**
 * Turns the header's fields into the column names the table gets: trimmed, plain names folded to the database's
 * case ({@code age} becomes {@code AGE} on Derby), anything else kept exactly ({@code marital-status}).
 */
final class ColumnNames {
    private ColumnNames() {
    }

    static List<String> from(List<String> header, Path file, long line, Identifiers identifiers) {
        List<String> names = new ArrayList<>(header.size());
        // keyed case-insensitively: Derby would collide on folded plain names, and SourceTable.column matches
        // user-typed names case-insensitively, so "Name" and "name" could not be told apart later anyway
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            String raw = header.get(i).strip();
            int position = i + 1;
            if (raw.isEmpty()) {
                throw new InvalidInputException(file + ":" + line + ": column " + position + " has an empty name");
            }
            String name = identifiers.fold(raw);
            if (name.getBytes(StandardCharsets.UTF_8).length > Identifiers.MAX_LENGTH) {
                // PostgreSQL would silently truncate it, Derby accepts 128: refuse on both so a file imports the same way
                throw new InvalidInputException(file + ":" + line + ": column " + position + " name '" + Values.shorten(raw)
                        + "' is longer than " + Identifiers.MAX_LENGTH + " bytes");
            }
            String unkept = identifiers.unkept(name);
            if (unkept != null) {
                throw new InvalidInputException(file + ":" + line + ": column " + position + " name '" + Values.shorten(raw)
                        + "' holds " + unkept);
            }
            Integer earlier = seen.putIfAbsent(name.toLowerCase(Locale.ROOT), position);
            if (earlier != null) {
                throw new InvalidInputException(file + ":" + line + ": duplicate column name '" + Values.shorten(raw)
                        + "' (columns " + earlier + " and " + position + ")");
            }
            names.add(name);
        }
        return names;
    }
}
