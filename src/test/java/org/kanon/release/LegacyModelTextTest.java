package org.kanon.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.kanon.privacy.AlphaKAnonymity;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.LDiversity;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.privacy.Share;

class LegacyModelTextTest {
    private static final SensitiveAttribute FLU = new SensitiveAttribute("disease", List.of("Flu"));
    private static final SensitiveAttribute ANY = new SensitiveAttribute("disease", List.of());

    private static ReleaseRecord row(String text, int k, boolean twoTables) {
        return ReleaseRecord.builder().privacyModel(text).k(k).sensitiveAttribute("disease")
                .sensitiveRelation(twoTables ? "X_PST" : null).build();
    }

    @Test
    @DisplayName("A row without a model code reads its display text as every kanon before V9 wrote it")
    void readsEveryDisplayForm() {
        List<PrivacyModel> models = List.of(new KAnonymity(12), new AlphaKAnonymity(5, Share.parse("alpha", "0.125"), FLU),
                new AlphaKAnonymity(2, Share.parse("alpha", "1"), ANY), new LDiversity(2, 3, LDiversity.Form.DISTINCT, ANY),
                new LDiversity(1, 3, LDiversity.Form.DISTINCT, ANY), new LDiversity(10, 4, LDiversity.Form.FREQUENCY, ANY),
                new LDiversity(1, 4, LDiversity.Form.FREQUENCY, ANY));
        for (PrivacyModel m : models) {
            assertEquals(m.code(), LegacyModelText.code(row(m.toString(), m.k(), false)), m.toString());
        }
        assertEquals("k-anonymity;k=3", LegacyModelText.code(row(null, 3, false)), "before V2");
        assertEquals("k-anonymity;k=3", LegacyModelText.code(row("k-anonymity", 3, false)), "V2's default");
        // a two-table release registers l as k and sets no k of its own
        assertEquals("l-diversity;form=frequency;l=3;k=1", LegacyModelText.code(row("3-diversity", 3, true)));
    }

    @Test
    @DisplayName("Text that is none of those forms has no code")
    void otherTextHasNone() {
        for (String text : List.of("", "6-anonymity", "(0.5,4)-anonymity", "(,5)-anonymity", "-diversity", "distinct -diversity",
                "3-diversity with k=4", "t-closeness")) {
            assertNull(LegacyModelText.code(row(text, 5, false)), text);
        }
    }
}
