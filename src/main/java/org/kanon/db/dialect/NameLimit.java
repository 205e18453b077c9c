package org.kanon.db.dialect;

import java.nio.charset.StandardCharsets;

/**
 * The longest relation name a database keeps as given. PostgreSQL counts bytes (UTF-8) and silently truncates a
 * longer name to 63, so two names can meet in one relation and a later DROP of the long name misses it; Derby keeps
 * 128 characters.
 *
 * @param max      the longest name kept whole
 * @param bytes    whether {@code max} counts UTF-8 bytes (else UTF-16 characters)
 * @param database the database's name as a user reads it in messages
 */
public record NameLimit(int max, boolean bytes, String database) {
    public int measure(String name) {
        return bytes ? name.getBytes(StandardCharsets.UTF_8).length : name.length();
    }

    public String unit() {
        return bytes ? "bytes" : "characters";
    }
}
