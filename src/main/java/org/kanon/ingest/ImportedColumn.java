package org.kanon.ingest;

/** A column as created: the stored name (folded if plain) and its type as DDL spells it, e.g. {@code DECIMAL(7,2)}. */
public record ImportedColumn(String name, String sqlType) {
}
