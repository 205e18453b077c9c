package org.kanon.local.mondrian;

import java.util.List;
import org.kanon.local.LocalRecodingResult;
import org.kanon.privacy.PrivacyModel;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;

/** What {@link Mondrian#anonymize} found: source, QIs, model, the partitions as a recoding, their figures and time. */
public record MondrianResult(SourceTable source, List<Column> qis, PrivacyModel model, MondrianRecoding recoded,
                             PartitionMetrics metrics, long elapsedMs) implements LocalRecodingResult {
    public MondrianResult {
        qis = List.copyOf(qis);
    }
}
