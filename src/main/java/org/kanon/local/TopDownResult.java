package org.kanon.local;

import java.util.List;
import org.kanon.privacy.PrivacyModel;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;

/** What {@link TopDown#anonymize} found: the source and QI columns, the model, the classes and their metrics. */
public record TopDownResult(SourceTable source, List<Column> qis, PrivacyModel model, LocalRecoding recoding,
                            LocalRecodingMetrics metrics, long elapsedMs) implements LocalRecodingResult {
    public TopDownResult {
        qis = List.copyOf(qis);
    }

    @Override
    public RecodedTable recoded() {
        return recoding;
    }
}
