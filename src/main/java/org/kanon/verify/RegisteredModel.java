package org.kanon.verify;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.kanon.privacy.AlphaKAnonymity;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.LDiversity;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.privacy.Share;
import org.kanon.release.ReleaseRecord;

/**
 * The privacy model a release was registered under, read back from the register's columns (catalog V2/V3):
 * {@code privacy_model} as {@code PrivacyModel.toString()} wrote it ("5-anonymity", "(0.5,5)-anonymity",
 * "(0.3,2)-anonymity (general)", "3-diversity with k=2", "distinct 3-diversity"), {@code k}, and the sensitive
 * attribute and sensitive class ({@code sensitive_attribute}, {@code sensitive_values}). Releases registered before
 * V2 read "k-anonymity".
 */
final class RegisteredModel {
    private static final Pattern K = Pattern.compile("(\\d+|k)-anonymity");
    private static final Pattern ALPHA_K = Pattern.compile("\\(([0-9.]+),(\\d+)\\)-anonymity( \\(general\\))?");
    private static final Pattern DIVERSITY = Pattern.compile("(distinct )?(\\d+)-diversity(?: with k=(\\d+))?");

    private RegisteredModel() {
    }

    /** The model, or empty when the register's text is none of the forms above (the release cannot be judged). */
    static Optional<PrivacyModel> of(ReleaseRecord r) {
        String text = r.privacyModel() == null ? "k-anonymity" : r.privacyModel().trim();
        Matcher m = K.matcher(text);
        if (m.matches()) {
            return Optional.of(new KAnonymity(r.k()));
        }
        if (r.sensitiveAttribute() == null) {
            return Optional.empty();
        }
        m = ALPHA_K.matcher(text);
        if (m.matches()) {
            boolean general = m.group(3) != null;
            SensitiveAttribute s = new SensitiveAttribute(r.sensitiveAttribute(), general ? java.util.List.of() : r.sensitiveValueList());
            if (general == s.hasSensitiveClass()) {
                return Optional.empty();
            }
            return Optional.of(new AlphaKAnonymity(Integer.parseInt(m.group(2)), Share.parse("alpha", m.group(1)), s));
        }
        m = DIVERSITY.matcher(text);
        if (m.matches()) {
            int l = Integer.parseInt(m.group(2));
            // a two-table release registers l as its k; a one-table one its k beside l
            int k = m.group(3) != null ? Integer.parseInt(m.group(3)) : r.twoTables() ? 1 : r.k();
            return Optional.of(new LDiversity(k, l, m.group(1) != null ? LDiversity.Form.DISTINCT : LDiversity.Form.FREQUENCY,
                    new SensitiveAttribute(r.sensitiveAttribute(), java.util.List.of())));
        }
        return Optional.empty();
    }
}
