package org.kanon.cli;

import java.util.Locale;
import org.kanon.db.Database;
import org.kanon.metrics.ReleaseMetrics;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "metrics", description = {"Utility and protection figures of a registered release, computed from the released relation and the hierarchies.",
        "Distortion: a cell generalized h levels up costs h; the ratio divides by the cost with every cell at the root."})
final class MetricsCommand extends KanonSubcommand {
    @Option(names = "--release", paramLabel = "R", required = true, description = "Release name.")
    String name;

    @Override
    public Integer call() {
        try (Database db = openDatabase()) {
            ReleaseRecord r = new ReleaseRegister(db).require(name);
            ReleaseMetrics.Figures f = new ReleaseMetrics(db).of(r);
            var out = out();
            out.printf("release:            %s (%s recoding, %s)%n", r.name(), r.recoding().toLowerCase(Locale.ROOT), r.privacyModel());
            out.printf("rows:               %d in %d classes, smallest %d%n", f.rows(), f.classes(), f.smallestClass());
            out.printf(Locale.ROOT, "distortion:         %d (ratio %.4f of %d with every cell at the root)%n", f.distortion(),
                    f.distortionRatio(), f.distortionAtRoot());
            if (!Double.isNaN(f.largestSensitiveShare())) {
                out.printf(Locale.ROOT, "largest share of %s in a class: %.4f%n",
                        r.sensitiveValues() == null ? "a value of " + r.sensitiveAttribute() : "the sensitive class", f.largestSensitiveShare());
            }
            out.flush();
            return ExitCodes.OK;
        }
    }
}
