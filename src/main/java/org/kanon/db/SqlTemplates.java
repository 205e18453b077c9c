package org.kanon.db;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jooq.SQLDialect;
import org.kanon.db.dialect.DatabaseProfile;
import org.kanon.db.dialect.DatabaseProfiles;

/**
 * Loads the statements kept as templates under the top-level {@code sql/} folder (in the jar under
 * {@code kanon/sql/}). A dialect sibling ({@code x.derby.sql}, {@code x.postgres.sql}) wins over {@code x.sql}
 * when present. The leading comment block is the template's documentation and is cut off, so the database never
 * parses the header's {@code {n}} and {@code ?} mentions. The text is meant for jOOQ's plain-SQL templating:
 * {@code {n}} for names and lists of fields, {@code ?} for values.
 */
public final class SqlTemplates {
    public static final String ROOT = "kanon/sql/";
    private static final Map<String, String> CACHE = new ConcurrentHashMap<>();

    private SqlTemplates() {
    }

    /** The statement of {@code path} (relative to sql/, e.g. {@code incognito/join-candidates.sql}) for a dialect. */
    public static String load(String path, SQLDialect dialect) {
        return load(path, DatabaseProfiles.of(dialect));
    }

    /** The statement of {@code path} for the database of {@code profile}: its variant when it ships one. */
    public static String load(String path, DatabaseProfile profile) {
        return CACHE.computeIfAbsent(profile.templateVariant() + ":" + path, key -> read(path, profile));
    }

    /** The whole file as shipped, header included (for tests that check headers against placeholders). */
    public static String source(String path) {
        String text = resource(path);
        if (text == null) {
            throw new IllegalStateException("missing SQL template " + ROOT + path);
        }
        return text;
    }

    private static String read(String path, DatabaseProfile profile) {
        if (!path.endsWith(".sql")) {
            throw new IllegalArgumentException("not a template path: " + path);
        }
        String sibling = path.substring(0, path.length() - ".sql".length()) + "." + profile.templateVariant() + ".sql";
        String text = resource(sibling);
        return stripHeader(text != null ? text : source(path));
    }

    /** Drops the leading lines that are blank or {@code --} comments, and a trailing semicolon. */
    static String stripHeader(String text) {
        String[] lines = text.split("\r?\n", -1);
        int first = 0;
        while (first < lines.length && (lines[first].isBlank() || lines[first].trim().startsWith("--"))) {
            first++;
        }
        String body = String.join("\n", java.util.Arrays.asList(lines).subList(first, lines.length)).strip();
        return body.endsWith(";") ? body.substring(0, body.length() - 1).strip() : body;
    }

    private static String resource(String path) {
        try (InputStream in = SqlTemplates.class.getClassLoader().getResourceAsStream(ROOT + path)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read SQL template " + ROOT + path, e);
        }
    }
}
