package org.kanon.local;

import java.util.List;
import org.kanon.privacy.PrivacyModel;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;

/** The outcome of any local-recoding algorithm, as a release writer takes it. */
public interface LocalRecodingResult {
    SourceTable source();

    /** QI columns in the order of the recoding's cells. */
    List<Column> qis();

    PrivacyModel model();

    RecodedTable recoded();
}
