package org.kanon.report;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.permutation.metrics.AdversaryProbability;
import org.kanon.permutation.metrics.ReleasedGroups;
import org.kanon.permutation.metrics.TwoTableLayout;
import org.kanon.permutation.metrics.TwoTableMetrics;
import org.kanon.progress.Progress;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.metrics.ReleaseMetrics;
import org.kanon.release.metrics.TwoTableReleaseMetrics;
import org.kanon.risk.CriterionFigures;
import org.kanon.risk.RiskAnalysis;
import org.kanon.risk.RiskAnalyzer;
import org.kanon.risk.RiskOptions;
import org.kanon.risk.RiskSubject;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * The HTML report of a registered release (its source table before, the release after: risk, class sizes, the
 * generalization, utility, the search's lattice when there was one, and the SQL that re-checks it) or of a table
 * alone (its risk). Every figure is measured again from the database, not taken from the run that made the
 * release, so the report is a second look as well as a picture. No data value is shown, only names, counts and
 * shares, but for the sensitive values a simple (alpha,k) release's re-check SQL names (the footer says so).
 */
public final class ReleaseReport {
    /** The report describes the unprotected source (its class sizes, its uniques): it is for the data steward. */
    private static final String INTERNAL = "<p class=\"internal\">For the data steward, not for publication: this report describes the "
            + "source table as well as the release (its class sizes and unique records), which the release itself does not disclose.</p>";

    private final Database db;
    private final String generator;
    private final Progress progress;

    /** @param generator who wrote the report, for its footer ("kanon 0.1.0") */
    public ReleaseReport(Database db, String generator) {
        this(db, generator, Progress.NONE);
    }

    /** ... its risk analyses reporting their steps to {@code progress}. */
    public ReleaseReport(Database db, String generator, Progress progress) {
        this.db = db;
        this.generator = generator;
        this.progress = Progress.orNone(progress);
    }

    /** @param lattice what the full-domain search that produced the release saw, or null */
    public String html(ReleaseRecord release, RiskOptions options, LatticeView lattice) {
        RiskAnalyzer analyzer = new RiskAnalyzer(db, progress);
        SourceTable source = new TableResolver(db).find(new TableResolver.TableName(release.sourceSchema(), release.sourceTable(), true))
                .orElseThrow(() -> new InvalidInputException("release " + release.name() + ": its source table " + release.sourceSchema() + "."
                        + release.sourceTable() + " no longer exists, so there is no before to compare with (kanon risk --release "
                        + release.name() + " measures the release alone)"));
        StarSchema schema = StarSchema.of(source, release.qiNames(), new HierarchyCatalog(db));
        RiskAnalysis before = analyzer.analyze(RiskSubject.node(schema, LevelVector.zero(schema.quasiIdentifiers().size())), options);
        RiskAnalysis after = analyzer.analyze(RiskSubject.release(db, release), options);
        RiskSection risk = new RiskSection(before, after);

        HtmlDocument doc = new HtmlDocument("kanon report: release " + release.name());
        doc.raw("<header><h1>Release " + Html.escape(release.name()) + "</h1>");
        doc.raw("<p>" + Html.escape(release.privacyModel()) + " &middot; " + Html.escape(release.algorithm()) + " &middot; "
                + Html.escape(recoding(release)) + "</p>");
        doc.raw("<p>source " + Html.escape(release.sourceSchema() + "." + release.sourceTable()) + " (" + Html.count(release.rowsIn())
                + " rows) &rarr; " + Html.escape(release.relation()) + (release.twoTables() ? " + " + Html.escape(release.relationSchema() + "."
                + release.sensitiveRelation()) : "") + " (" + Html.count(release.rowsOut()) + " rows" + (release.rowsSuppressed() > 0
                ? ", " + Html.count(release.rowsSuppressed()) + " suppressed" : "") + ")</p>");
        doc.raw("<p>quasi-identifiers: " + Html.escape(String.join(", ", before.quasiIdentifiers()))
                + (release.levels() != null && ReleaseRecord.GLOBAL.equals(release.recoding()) ? " &middot; levels " + Html.escape(release.levels()) : "")
                + " &middot; created " + Html.escape(release.createdAt() == null ? "?" : release.createdAt().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME))
                + " by " + Html.escape(release.createdBy()) + "</p>");
        doc.raw(risk.cards(after.risk(), before.risk()) + INTERNAL + "</header>");
        risk.appendTo(doc);
        if (release.twoTables()) {
            TwoTableLayout layout = TwoTableReleaseMetrics.layout(db, release);
            ReleasedGroups groups = ReleasedGroups.read(db.dsl(), layout);
            double[] adversary = new double[groups.groups()];
            for (int g = 0; g < adversary.length; g++) {
                adversary[g] = AdversaryProbability.largest(groups, g);
            }
            UtilitySection.twoTables(doc, TwoTableMetrics.of(groups, layout.l(), layout.permuted()), adversary);
        } else {
            UtilitySection.oneTable(doc, new ReleaseMetrics(db, progress).of(release));
        }
        CriterionFigures.ofRelease(db, release).ifPresent(figures -> criteria(doc, figures));
        if (lattice != null) {
            lattice(doc, lattice);
        }
        doc.section("recheck").heading("Re-check");
        doc.explain("The SQL registered with the release: it returns no row when the release still meets its requirement. "
                + "Run it with any SQL client, or: " + verifyCommand(release.name()));
        doc.raw("<pre>" + Html.escape(release.recheckSql()) + "</pre>");
        doc.end();
        return footer(doc, release.sensitiveValues() != null).render();
    }

    /** Each criterion of a requirement with its own figure over the release's classes, least and greatest. */
    private static void criteria(HtmlDocument doc, CriterionFigures figures) {
        doc.section("criteria").heading("Attribute disclosure and membership");
        doc.explain("Each criterion of the release's requirement and its figure over the release's classes (and, for a population "
                + "criterion, the population's classes): how far the release is from each bound, not only that it meets it.");
        StringBuilder t = new StringBuilder("<table><thead><tr><th>criterion</th><th>figure per class</th><th>least</th><th>greatest</th>"
                + "</tr></thead><tbody>");
        for (CriterionFigures.Range r : figures.ranges()) {
            t.append("<tr><td>").append(Html.escape(r.criterion())).append("</td><td>").append(Html.escape(r.figure()))
                    .append("</td><td class=\"num\">").append(Html.number(r.least())).append("</td><td class=\"num\">")
                    .append(Html.number(r.greatest())).append("</td></tr>");
        }
        doc.raw(t.append("</tbody></table>").toString());
        doc.end();
    }

    /** The command that re-checks the release, as a shell reads it: a name other than letters, digits, _ . - is single-quoted. */
    static String verifyCommand(String release) {
        String word = release.matches("[A-Za-z0-9_.-]+") ? release : "'" + release.replace("'", "'\\''") + "'";
        return "kanon verify " + word;
    }

    /** A risk-only report of a table, at a node of its lattice or as it is. */
    public String html(RiskSubject subject, RiskOptions options) {
        RiskAnalysis analysis = new RiskAnalyzer(db, progress).analyze(subject, options);
        RiskSection risk = new RiskSection(analysis, null);
        String what = subject.description() + (subject.levels() == null ? "" : " at levels " + subject.levels());
        HtmlDocument doc = new HtmlDocument("kanon report: risk of " + what);
        doc.raw("<header><h1>Risk of " + Html.escape(what) + "</h1>");
        doc.raw("<p>" + Html.count(analysis.risk().rows()) + " rows &middot; quasi-identifiers: "
                + Html.escape(String.join(", ", analysis.quasiIdentifiers())) + "</p>");
        doc.raw(risk.cards(analysis.risk(), null) + INTERNAL + "</header>");
        risk.appendTo(doc);
        return footer(doc, false).render();
    }

    private static void lattice(HtmlDocument doc, LatticeView lattice) {
        doc.section("lattice").heading("Generalization lattice");
        doc.explain(String.format(Locale.ROOT, "The lattice %s searched: %,d nodes (%s), one per combination of levels, the raw table at "
                        + "the bottom and every attribute at its root on top; an edge joins a node to each node one level more general in one "
                        + "attribute. %,d anonymous node(s)%s.", lattice.algorithm(), lattice.size(), String.join(" \u00d7 ", heights(lattice)),
                lattice.anonymous().size(), lattice.complete() ? "" : " found (the search stops at one minimal node; the others are unknown)"));
        doc.raw("<p class=\"legend\"><span class=\"minimal\"></span>anonymous, minimal<span class=\"anonymous\"></span>anonymous"
                + "<span class=\"failed\"></span>not anonymous<span class=\"selected\"></span>selected"
                + (lattice.selected() == null ? "" : ": " + Html.escape(lattice.selected().toString(lattice.quasiIdentifiers()))) + "</p>");
        doc.raw(LatticeChart.render(lattice));
        doc.end();
    }

    private static List<String> heights(LatticeView lattice) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < lattice.heights().length; i++) {
            out.add(lattice.quasiIdentifiers().get(i) + " 0-" + lattice.heights()[i]);
        }
        return out;
    }

    /** @param namedValues the re-check SQL names sensitive values (a simple (alpha,k) model's), the one place data shows */
    private HtmlDocument footer(HtmlDocument doc, boolean namedValues) {
        return doc.raw("<footer>Written by " + Html.escape(generator) + " on " + Html.escape(LocalDateTime.now().withNano(0)
                .format(DateTimeFormatter.ISO_LOCAL_DATE_TIME)) + ". Every figure was measured in the database for this report. "
                + (namedValues ? "The only values of the data in it are the sensitive values its re-check SQL names; the rest is names, "
                + "counts and shares. " : "No value of the data appears in it: names, counts and shares only. ")
                + "Self-contained: it fetches nothing when opened.</footer>");
    }

    private static String recoding(ReleaseRecord r) {
        return switch (r.recoding() == null ? "" : r.recoding()) {
            case ReleaseRecord.GLOBAL -> "global recoding (full-domain)";
            case ReleaseRecord.LOCAL -> "local recoding";
            case ReleaseRecord.PERMUTATION -> "permutation (two tables)";
            case ReleaseRecord.ANATOMY -> "anatomy (two tables)";
            default -> r.recoding().toLowerCase(Locale.ROOT);
        };
    }
}
