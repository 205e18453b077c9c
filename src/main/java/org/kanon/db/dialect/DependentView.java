package org.kanon.db.dialect;

/** A view that reads a table, by its schema and name as the database stores them. */
public record DependentView(String schema, String name) {
}
