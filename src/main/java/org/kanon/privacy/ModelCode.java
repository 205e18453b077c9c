package org.kanon.privacy;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.kanon.InvalidInputException;

/**
 * A privacy model as the release register stores it (column {@code model_code}, catalog V9), written by
 * {@link PrivacyModel#code} and read back here. A code is the model's name, then its parameters as
 * {@code key=value}, separated by {@code ;}:
 * <ul>
 *   <li>{@code k-anonymity;k=5}</li>
 *   <li>{@code alpha-k;alpha=0.5;k=5}: simple (alpha,k)-anonymity, the sensitive class being the register's
 *       {@code sensitive_values};</li>
 *   <li>{@code alpha-k-general;alpha=0.25;k=2}: general (alpha,k)-anonymity (every value at most alpha);</li>
 *   <li>{@code l-diversity;form=distinct;l=3;k=2} ({@code form=frequency} for the most-frequent-value form);</li>
 *   <li>{@code requirement;k=5|entropy-l-diversity;l=3;sensitive=occupation|t-closeness;t=0.2;distance=equal;sensitive=occupation}:
 *       a {@link Requirement}, k then each criterion after a {@code |}: {@code entropy-l-diversity;l;sensitive},
 *       {@code recursive-cl-diversity;c;l;sensitive}, {@code diversity;form;l;sensitive}, {@code t-closeness;t;distance
 *       (equal|hierarchical|ordered);sensitive}, {@code k-map;k;population}, {@code delta-presence;dmin;dmax;population};
 *       column and table names URL-encoded ({@link #text}).</li>
 * </ul>
 * The sensitive attribute and the values of the sensitive class are not part of the code: they have columns of their
 * own ({@code sensitive_attribute}, {@code sensitive_values}), which the register already had. Parameters may come in
 * any order; alpha is written as a plain decimal ({@link Share#toString}). Unlike the display text
 * ({@code toString()}), a code is never reworded: a new model adds a name, a new parameter a key.
 */
public final class ModelCode {
    static final String K_ANONYMITY = "k-anonymity";
    static final String ALPHA_K = "alpha-k";
    static final String ALPHA_K_GENERAL = "alpha-k-general";
    static final String L_DIVERSITY = "l-diversity";
    static final String REQUIREMENT = "requirement";
    /** Between a requirement's criteria: never part of a value, which {@link #text} encodes. */
    static final String CRITERIA = "|";
    static final String ENTROPY_L = "entropy-l-diversity";
    static final String RECURSIVE_CL = "recursive-cl-diversity";
    static final String DIVERSITY = "diversity";
    static final String T_CLOSENESS = "t-closeness";
    static final String K_MAP = "k-map";
    static final String DELTA_PRESENCE = "delta-presence";

    private ModelCode() {
    }

    /**
     * The model of {@code code}, with the register's sensitive attribute and values; empty when the code is none of
     * the forms above or does not fit the attribute (an (alpha,k) or l-diversity model without an attribute, a simple
     * (alpha,k) model without values, a general one with values): such a release cannot be judged.
     */
    public static Optional<PrivacyModel> decode(String code, String sensitiveColumn, List<String> sensitiveValues) {
        if (code == null) {
            return Optional.empty();
        }
        if (code.startsWith(REQUIREMENT + ";")) {
            return requirement(code);
        }
        String[] parts = code.split(";", -1);
        Map<String, String> parameters = new HashMap<>();
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            if (eq <= 0 || parameters.put(parts[i].substring(0, eq), parts[i].substring(eq + 1)) != null) {
                return Optional.empty();
            }
        }
        try {
            return Optional.ofNullable(model(parts[0], parameters, sensitiveColumn, sensitiveValues));
        } catch (InvalidInputException | NumberFormatException e) {
            return Optional.empty(); // a parameter out of range or not a number: not a code kanon wrote
        }
    }

    private static PrivacyModel model(String name, Map<String, String> p, String sensitiveColumn, List<String> values) {
        boolean sensitive = sensitiveColumn != null;
        switch (name) {
            case K_ANONYMITY:
                return p.keySet().equals(java.util.Set.of("k")) ? new KAnonymity(integer(p, "k")) : null;
            case ALPHA_K:
            case ALPHA_K_GENERAL:
                boolean general = name.equals(ALPHA_K_GENERAL);
                if (!sensitive || !p.keySet().equals(java.util.Set.of("alpha", "k")) || general != values.isEmpty()) {
                    return null;
                }
                return new AlphaKAnonymity(integer(p, "k"), Share.parse("alpha", p.get("alpha")),
                        new SensitiveAttribute(sensitiveColumn, general ? List.of() : values));
            case L_DIVERSITY:
                if (!sensitive || !p.keySet().equals(java.util.Set.of("form", "l", "k"))) {
                    return null;
                }
                // l-diversity counts every value; values stored beside it are not its business (as before V9)
                return new LDiversity(integer(p, "k"), integer(p, "l"), LDiversity.Form.parse(p.get("form")),
                        new SensitiveAttribute(sensitiveColumn, List.of()));
            default:
                return null;
        }
    }

    /** A name or a value of a code, encoded so that {@code ; = |} never occur in it. */
    static String text(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private static Optional<PrivacyModel> requirement(String code) {
        String[] parts = code.split("\\" + CRITERIA, -1);
        try {
            Map<String, String> head = parameters(parts[0]);
            if (head == null || !head.keySet().equals(Set.of("k")) || parts.length < 2) {
                return Optional.empty();
            }
            List<Criterion> criteria = new ArrayList<>();
            for (int i = 1; i < parts.length; i++) {
                Criterion c = criterion(parts[i]);
                if (c == null) {
                    return Optional.empty();
                }
                criteria.add(c);
            }
            return Optional.of(new Requirement(integer(head, "k"), criteria));
        } catch (InvalidInputException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static Criterion criterion(String code) {
        Map<String, String> p = parameters(code);
        if (p == null) {
            return null;
        }
        String name = code.substring(0, code.indexOf(';') < 0 ? code.length() : code.indexOf(';'));
        return switch (name) {
            case ENTROPY_L -> p.keySet().equals(Set.of("l", "sensitive")) ? new EntropyLDiversity(integer(p, "l"), decoded(p, "sensitive")) : null;
            case RECURSIVE_CL -> p.keySet().equals(Set.of("c", "l", "sensitive"))
                    ? new RecursiveCLDiversity(Ratio.parse("c", p.get("c")), integer(p, "l"), decoded(p, "sensitive")) : null;
            case DIVERSITY -> p.keySet().equals(Set.of("form", "l", "sensitive"))
                    ? new DiversityCriterion(integer(p, "l"), LDiversity.Form.parse(p.get("form")), decoded(p, "sensitive")) : null;
            case T_CLOSENESS -> p.keySet().equals(Set.of("t", "distance", "sensitive"))
                    ? new TCloseness(Share.parse("t", p.get("t")), EarthMoversDistance.Ground.parse(p.get("distance")), decoded(p, "sensitive")) : null;
            case K_MAP -> p.keySet().equals(Set.of("k", "population")) ? new KMap(integer(p, "k"), decoded(p, "population")) : null;
            case DELTA_PRESENCE -> p.keySet().equals(Set.of("dmin", "dmax", "population"))
                    ? new DeltaPresence(Ratio.parse("dmin", p.get("dmin")), Ratio.parse("dmax", p.get("dmax")), decoded(p, "population")) : null;
            default -> null;
        };
    }

    /** The {@code key=value} pairs after the name, or null when a pair is malformed or repeated. */
    private static Map<String, String> parameters(String code) {
        String[] parts = code.split(";", -1);
        Map<String, String> parameters = new HashMap<>();
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            if (eq <= 0 || parameters.put(parts[i].substring(0, eq), parts[i].substring(eq + 1)) != null) {
                return null;
            }
        }
        return parameters;
    }

    private static String decoded(Map<String, String> p, String key) {
        return URLDecoder.decode(p.get(key), StandardCharsets.UTF_8);
    }

    private static int integer(Map<String, String> p, String key) {
        String text = p.get(key);
        if (text.isEmpty() || !text.chars().allMatch(Character::isDigit)) {
            throw new NumberFormatException(key);
        }
        return Integer.parseInt(text);
    }
}
