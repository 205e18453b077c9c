package org.kanon.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.schema.SourceTable;
import org.kanon.workflow.Spec;
import org.kanon.workflow.SpecRunner;
import picocli.CommandLine;

/**
 * Runs a spec through {@code kanon anonymize} in this process, on the open database: a spec is exactly the command
 * a DBA would have typed, so it gets the same checks, the same algorithms and the same release path.
 */
public final class SpecEngine implements SpecRunner.Engine {
    /** Options a spec sets through its own columns; in its options text they would contradict them. */
    private static final Set<String> OWN_OPTIONS = Set.of("--table", "--qi", "--k", "--alpha", "--l", "--diversity", "--sensitive",
            "--value", "--suppression", "--algorithm", "--select", "--identifying", "--materialize", "--name", "--replace",
            "--db", "--user", "--list", "--format", "--stats-format", "--config");

    @Override
    public SpecRunner.Execution release(Database db, Spec spec, SourceTable source, String releaseName, boolean replace) {
        List<String> args = arguments(spec, source.schema() + "." + source.name(), releaseName, replace);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        // the run's report is the engine's JSON outcome, kept in SPEC_RUNS.RESULT
        CommandLine cl = Kanon.commandLine(new Kanon().within(db));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args.toArray(String[]::new));
        return new SpecRunner.Execution(exit, out.toString(), err.toString().replaceFirst("^kanon: ", ""));
    }

    /** The {@code kanon anonymize} arguments of a spec; its options text is split at white space. */
    static List<String> arguments(Spec spec, String table, String releaseName, boolean replace) {
        List<String> a = new ArrayList<>(List.of("anonymize", "--table", table, "--qi", spec.quasiIdentifiers(),
                "--k", Integer.toString(spec.k()), "--suppression", spec.suppression(), "--algorithm", spec.algorithm(),
                "--name", releaseName, "--format", "json"));
        // a spec's select criterion and target kind always have a value: passed where the algorithm reads them, or
        // where the spec chose what the algorithm cannot do (a criterion other than the default), so its run is refused
        if (AlgorithmOptions.applies("--select", spec.algorithm()) || !spec.selectCriterion().trim().equalsIgnoreCase(Spec.DEFAULT_SELECT)) {
            a.addAll(List.of("--select", spec.selectCriterion()));
        }
        if (spec.alpha() != null) {
            a.addAll(List.of("--alpha", spec.alpha()));
        }
        if (spec.l() != null) {
            a.addAll(List.of("--l", spec.l().toString()));
        }
        if (spec.diversity() != null) {
            a.addAll(List.of("--diversity", spec.diversity()));
        }
        if (spec.sensitiveAttribute() != null) {
            a.addAll(List.of("--sensitive", spec.sensitiveAttribute()));
        }
        if (spec.sensitiveValue() != null) {
            a.addAll(List.of("--value", spec.sensitiveValue()));
        }
        if (spec.identifying() != null && !spec.identifying().isBlank()) {
            a.addAll(List.of("--identifying", spec.identifying()));
        }
        if (spec.materialized() && AlgorithmOptions.applies("--materialize", spec.algorithm())) {
            a.add("--materialize");
        }
        if (replace) {
            a.add("--replace");
        }
        a.addAll(options(spec));
        return a;
    }

    /** The spec's options text as arguments; one naming something the spec's columns set is refused. */
    static List<String> options(Spec spec) {
        if (spec.options() == null || spec.options().isBlank()) {
            return List.of();
        }
        List<String> tokens = List.of(spec.options().trim().split("\\s+"));
        for (String t : tokens) {
            if (t.startsWith("@")) {
                throw new InvalidInputException("spec '" + spec.name() + "': options: '" + t + "': argument files are not read from specs");
            }
            String option = t.contains("=") ? t.substring(0, t.indexOf('=')) : t;
            if (OWN_OPTIONS.contains(option.toLowerCase(Locale.ROOT))) {
                throw new InvalidInputException("spec '" + spec.name() + "': options: " + option + " is set by the spec's own column, not in options");
            }
        }
        return tokens;
    }

    /**
     * Checks a spec before it is stored: its options parse as {@code kanon anonymize} options and its values are
     * in range, so a bad spec is refused when written rather than when it runs.
     */
    public static void check(Spec spec) {
        String where = "spec '" + spec.name() + "'";
        if (spec.name().isBlank() || spec.name().length() > 128) {
            throw new InvalidInputException("spec name must be 1 to 128 characters");
        }
        if ((spec.sourceTable() == null) == (spec.sourceQuery() == null)) {
            throw new InvalidInputException(where + ": give exactly one of a source table and a source query");
        }
        if (spec.k() < 1) {
            throw new InvalidInputException(where + ": k must be at least 1, got " + spec.k());
        }
        if (!spec.releaseName().matches("[A-Za-z][A-Za-z0-9_]{0,99}")) {
            throw new InvalidInputException(where + ": release name '" + spec.releaseName()
                    + "' must start with a letter and hold only letters, digits and _ (at most 100)");
        }
        String kind = spec.targetKind().toUpperCase(Locale.ROOT);
        if (!kind.equals("VIEW") && !kind.equals("TABLE")) {
            throw new InvalidInputException(where + ": target kind must be VIEW or TABLE, got '" + spec.targetKind() + "'");
        }
        List<String> args = arguments(spec, spec.fromQuery() ? "query" : spec.sourceTable(), spec.releaseName(), false);
        try {
            CommandLine.ParseResult anonymize = Kanon.commandLine(new Kanon()).parseArgs(args.toArray(String[]::new)).subcommand();
            if (Algorithms.names().contains(spec.algorithm())) {
                AlgorithmOptions.require(spec.algorithm(), anonymize::hasMatchedOption);
            }
        } catch (InvalidInputException e) {
            throw new InvalidInputException(where + ": " + e.getMessage());
        } catch (CommandLine.ParameterException e) {
            throw new InvalidInputException(where + ": " + e.getMessage());
        }
    }
}
