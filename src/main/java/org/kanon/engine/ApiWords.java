package org.kanon.engine;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.kanon.InvalidInputException;

/**
 * The engine's messages name what to fix by the command line's options ("--table is required", "use --replace to
 * overwrite it"); a Java caller set no option. This is the one table that says each option in the Java API's words,
 * so the engine keeps one message source and {@link Kanon} hands its caller the message in the API's terms
 * ("Anonymization.table is required", "use AnonymizeOptions.replace(true) to overwrite it"). The options of
 * {@link AlgorithmOption} map to the {@link AnonymizeOptions.Builder} method of the same name; an option this table
 * does not know loses its dashes, so no message of the API names an option it does not have.
 */
final class ApiWords {
    private static final Pattern OPTION = Pattern.compile("(?<![\\w-])--([a-z][a-z-]*)");

    /** For {@link Kanon#anonymize} and every call that takes no release options. */
    static final ApiWords ANONYMIZE = new ApiWords("AnonymizeOptions.replace(true)");
    /** For {@link Kanon#release}, whose own argument replaces a release. */
    static final ApiWords RELEASE = new ApiWords("Kanon.release(what, levels, name, true)");

    private final Map<String, String> words = new LinkedHashMap<>();

    private ApiWords(String replace) {
        words.put("--replace", replace);
        words.put("--table", "Anonymization.table");
        words.put("--qi", "Anonymization.qi");
        words.put("--k", "Anonymization.k");
        words.put("--alpha", "Anonymization.withAlpha(share, ..)");
        words.put("--l", "Anonymization.withDiversity(l, ..)");
        words.put("--diversity", "the form of Anonymization.withDiversity");
        words.put("--c", "the c of Anonymization.withRecursiveDiversity");
        words.put("--t", "the t of Anonymization.withCloseness");
        words.put("--closeness", "the distance of Anonymization.withCloseness");
        words.put("--k-map", "the k of Anonymization.withKMap");
        words.put("--presence", "the bounds of Anonymization.withPresence");
        words.put("--sensitive", "the sensitive attribute(s) of Anonymization.withAlpha, withDiversity or withCloseness");
        words.put("--value", "the sensitive values of Anonymization.withAlpha");
        words.put("--suppression", "Anonymization.withSuppression");
        words.put("--levels", "levels");
        words.put("--algorithm", "algorithm");
        words.put("--name", "AnonymizeOptions.releaseAs");
        words.put("--release", "the release name");
        words.put("--threshold", "RiskOptions.threshold");
        words.put("--population", "the population (the table of Anonymization.withKMap or withPresence; RiskOptions.populationSize)");
        words.put("--sampling-fraction", "RiskOptions.samplingFraction");
        words.put("--combinations", "RiskOptions.maxCombinationSize");
        for (AlgorithmOption o : AlgorithmOption.values()) {
            words.put(o.spelling(), "AnonymizeOptions." + camel(o.spelling().substring(2)));
        }
    }

    /** The message with each command-line option said in the API's words. */
    String of(String message) {
        if (message == null || !message.contains("--")) {
            return message;
        }
        Matcher m = OPTION.matcher(message);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String word = words.getOrDefault(m.group(), camel(m.group(1)));
            m.appendReplacement(out, Matcher.quoteReplacement(word));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Runs an API call; a mistake in the input reaches the caller in the API's words (the original as its cause). */
    <T> T call(Supplier<T> call) {
        try {
            return call.get();
        } catch (InvalidInputException e) {
            String said = of(e.getMessage());
            if (said == null || said.equals(e.getMessage())) {
                throw e;
            }
            throw new InvalidInputException(said, e);
        }
    }

    private static String camel(String dashed) {
        StringBuilder b = new StringBuilder();
        boolean upper = false;
        for (char c : dashed.toCharArray()) {
            if (c == '-') {
                upper = true;
            } else {
                b.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return b.toString();
    }
}
