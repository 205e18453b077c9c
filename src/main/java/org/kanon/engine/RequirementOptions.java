package org.kanon.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.kanon.InvalidInputException;
import org.kanon.privacy.Criterion;
import org.kanon.privacy.DeltaPresence;
import org.kanon.privacy.DiversityCriterion;
import org.kanon.privacy.EarthMoversDistance;
import org.kanon.privacy.EntropyLDiversity;
import org.kanon.privacy.KMap;
import org.kanon.privacy.LDiversity;
import org.kanon.privacy.Ratio;
import org.kanon.privacy.RecursiveCLDiversity;
import org.kanon.privacy.Requirement;
import org.kanon.privacy.Share;
import org.kanon.privacy.TCloseness;

/**
 * The options of a {@link Requirement} as the user wrote them, into its criteria: {@code --l} with
 * {@code --diversity} (frequency, distinct, entropy, recursive with {@code --c}) and {@code --t} with
 * {@code --closeness}, each for every column of {@code --sensitive a,b}; {@code --k-map} and {@code --presence}
 * against {@code --population}. Every option that would be ignored is refused, in one line.
 */
final class RequirementOptions {
    private final Anonymization a;

    RequirementOptions(Anonymization a) {
        this.a = a;
    }

    Requirement requirement() {
        Anonymization.Beyond b = a.beyond();
        if (a.alpha() != null) {
            throw new InvalidInputException("--alpha: (alpha,k)-anonymity stands alone; it does not combine with --t, --k-map, --presence,"
                    + " entropy or recursive diversity or several --sensitive columns");
        }
        if (!a.values().isEmpty()) {
            throw new InvalidInputException("--value belongs to --alpha");
        }
        List<String> columns = a.sensitive() == null ? List.of() : OptionLists.names("--sensitive", a.sensitive());
        if (new java.util.HashSet<>(columns).size() < columns.size()) {
            throw new InvalidInputException("--sensitive: a column is listed twice in '" + a.sensitive() + "'");
        }
        boolean attributeModel = a.l() != null || b.t() != null;
        if (attributeModel && columns.isEmpty()) {
            throw new InvalidInputException((a.l() != null ? "--l" : "--t") + " needs --sensitive S");
        }
        if (!attributeModel && !columns.isEmpty()) {
            throw new InvalidInputException("--sensitive needs --l L or --t T (or --alpha A for one column)");
        }
        if (a.l() == null && a.diversity() != null) {
            throw new InvalidInputException("--diversity needs --l L");
        }
        if (b.t() == null && b.closeness() != null) {
            throw new InvalidInputException("--closeness needs --t T");
        }
        String form = a.diversityForm().toLowerCase(Locale.ROOT);
        if (b.c() != null && !form.equals("recursive")) {
            throw new InvalidInputException("--c needs --diversity recursive");
        }
        if (form.equals("recursive") && b.c() == null) {
            throw new InvalidInputException("--diversity recursive needs --c C");
        }
        boolean populationModel = b.kMap() != null || b.presence() != null;
        if (populationModel && b.population() == null) {
            throw new InvalidInputException((b.kMap() != null ? "--k-map" : "--presence") + " needs --population TABLE");
        }
        if (!populationModel && b.population() != null) {
            throw new InvalidInputException("--population needs --k-map K or --presence DMIN,DMAX");
        }
        List<Criterion> criteria = new ArrayList<>();
        for (String column : columns) {
            if (a.l() != null) {
                criteria.add(diversity(form, column));
            }
            if (b.t() != null) {
                criteria.add(new TCloseness(Share.parse("--t", b.t()),
                        EarthMoversDistance.Ground.parse(b.closeness() == null ? "equal" : b.closeness()), column));
            }
        }
        if (b.kMap() != null) {
            criteria.add(new KMap(b.kMap(), b.population()));
        }
        if (b.presence() != null) {
            String[] bounds = b.presence().split(",", -1);
            if (bounds.length != 2) {
                throw new InvalidInputException("--presence: expected DMIN,DMAX (two shares, e.g. 0.05,0.6), got '" + b.presence() + "'");
            }
            criteria.add(new DeltaPresence(Ratio.parse("--presence DMIN", bounds[0]), Ratio.parse("--presence DMAX", bounds[1]), b.population()));
        }
        return new Requirement(a.k(), criteria);
    }

    private Criterion diversity(String form, String column) {
        return switch (form) {
            case "entropy" -> new EntropyLDiversity(a.l(), column);
            case "recursive" -> new RecursiveCLDiversity(Ratio.parse("--c", a.beyond().c()), a.l(), column);
            default -> new DiversityCriterion(a.l(), LDiversity.Form.parse(form), column);
        };
    }
}
