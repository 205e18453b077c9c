package org.kanon.db.dialect;

import java.nio.charset.StandardCharsets;

/**
 * The longest relation name a database keeps as given. PostgreSQL counts bytes (UTF-8) and silently truncates a
 * longer name to 63, so two names can meet in one relation and a later DROP of the long name misses it; Derby keeps
 * 128 characters.
 *
 * @param max             the longest name kept whole
 * @param bytes           whether {@code max} counts UTF-8 bytes (else UTF-16 characters)
 * @param database        the database's name as a user reads it in messages
 * @param basicPlaneOnly  whether a name holds only characters up to U+FFFF (MariaDB keeps names in utf8mb3: an emoji
 *                        in a name fails as an "Illegal mix of collations" or an invalid string, deep in some statement)
 */
public record NameLimit(int max, boolean bytes, String database, boolean basicPlaneOnly) {
    public NameLimit(int max, boolean bytes, String database) {
        this(max, bytes, database, false);
    }

    /** The first character of {@code name} the database keeps in no name, or -1. */
    public int unkeptCharacter(String name) {
        return basicPlaneOnly ? name.codePoints().filter(Character::isSupplementaryCodePoint).findFirst().orElse(-1) : -1;
    }

    public int measure(String name) {
        return bytes ? name.getBytes(StandardCharsets.UTF_8).length : name.length();
    }

    public String unit() {
        return bytes ? "bytes" : "characters";
    }
}
