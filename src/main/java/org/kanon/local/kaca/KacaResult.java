package org.kanon.local.kaca;

import java.util.List;
import org.kanon.local.LocalRecoding;
import org.kanon.local.LocalRecodingResult;
import org.kanon.local.RecodedTable;
import org.kanon.metrics.UtilityMetrics;
import org.kanon.privacy.PrivacyModel;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;

/** What {@link Kaca#anonymize} found, with the TKDE paper's figures of it, ready for the local-recoding release writer. */
public record KacaResult(SourceTable source, List<Column> qis, PrivacyModel model, KacaOptions options,
                         LocalRecoding recoding, UtilityMetrics metrics, KacaStats stats, long elapsedMs)
        implements LocalRecodingResult {
    public KacaResult {
        qis = List.copyOf(qis);
    }

    @Override
    public RecodedTable recoded() {
        return recoding;
    }
}
