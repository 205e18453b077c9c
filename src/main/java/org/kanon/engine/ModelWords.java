package org.kanon.engine;

import org.kanon.privacy.PrivacyModel;

/** A privacy model as the adjective a sentence needs: "is not 5-anonymous", not "is not 5-anonymity". */
public final class ModelWords {
    private ModelWords() {
    }

    /** 5-anonymous, (0.5,5)-anonymous (general), 3-diverse with k=2, distinct 3-diverse. */
    public static String adjective(PrivacyModel model) {
        return model.toString().replace("-anonymity", "-anonymous").replace("-diversity", "-diverse");
    }
}
