package org.kanon.ingest;

import java.util.List;
import org.kanon.schema.SourceTable;

/** What an import created: the table as the database now reports it, the rows inserted and the delimiter used. */
public record ImportResult(SourceTable table, long rows, List<ImportedColumn> columns, char delimiter) {
    public ImportResult {
        columns = List.copyOf(columns);
    }
}
