package org.kanon.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ModelCodeTest {
    private static final SensitiveAttribute FLU = new SensitiveAttribute("disease", List.of("Flu", "HIV"));
    private static final SensitiveAttribute ANY = new SensitiveAttribute("disease", List.of());

    @Test
    @DisplayName("Every model's code reads back as the same model, with the register's sensitive attribute and values")
    void codesRoundTrip() {
        List<PrivacyModel> models = List.of(new KAnonymity(5), new AlphaKAnonymity(5, Share.parse("alpha", "0.5"), FLU),
                new AlphaKAnonymity(2, Share.parse("alpha", "0.25"), ANY), new LDiversity(2, 3, LDiversity.Form.DISTINCT, ANY),
                new LDiversity(1, 4, LDiversity.Form.FREQUENCY, ANY));
        List<String> codes = List.of("k-anonymity;k=5", "alpha-k;alpha=0.5;k=5", "alpha-k-general;alpha=0.25;k=2",
                "l-diversity;form=distinct;l=3;k=2", "l-diversity;form=frequency;l=4;k=1");
        for (int i = 0; i < models.size(); i++) {
            PrivacyModel m = models.get(i);
            assertEquals(codes.get(i), m.code());
            String column = m.sensitive().map(SensitiveAttribute::column).orElse(null);
            List<String> values = m.sensitive().map(SensitiveAttribute::values).orElse(List.of());
            assertEquals(m, ModelCode.decode(m.code(), column, values).orElseThrow(), m.code());
        }
        assertEquals(new AlphaKAnonymity(5, Share.parse("alpha", "0.5"), FLU),
                ModelCode.decode("alpha-k;k=5;alpha=0.5", "disease", List.of("Flu", "HIV")).orElseThrow(), "parameters in any order");
    }

    @Test
    @DisplayName("A code that is no model, or does not fit the register's sensitive attribute, reads as none")
    void unreadableCodes() {
        for (String code : List.of("", "k-anonymity", "k-anonymity;k=0", "k-anonymity;k=x", "k-anonymity;k=5;k=6", "k-anonymity;k=5;l=2",
                "t-closeness;t=0.2", "alpha-k;alpha=2;k=5", "alpha-k;alpha=0.5", "l-diversity;form=entropy;l=2;k=1", "l-diversity;l=2;k=1")) {
            assertTrue(ModelCode.decode(code, "disease", List.of("Flu")).isEmpty(), code);
        }
        assertTrue(ModelCode.decode("alpha-k;alpha=0.5;k=5", "disease", List.of()).isEmpty(), "simple model without its values");
        assertTrue(ModelCode.decode("alpha-k-general;alpha=0.5;k=5", "disease", List.of("Flu")).isEmpty(), "general model with values");
        assertTrue(ModelCode.decode("l-diversity;form=distinct;l=3;k=2", null, List.of()).isEmpty(), "no sensitive attribute");
        assertTrue(ModelCode.decode(null, "disease", List.of()).isEmpty());
    }
}
