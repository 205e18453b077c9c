package org.kanon.risk;

import java.util.ArrayList;
import java.util.List;
import org.kanon.privacy.ClassDetail;
import org.kanon.privacy.Criterion;
import org.kanon.privacy.Requirement;

/**
 * The attribute-disclosure and membership figures of a release under a {@link Requirement}, beside its identity
 * risk: for each criterion the range of its own figure over the release's classes (the l an entropy reaches, the
 * distance to the table's distribution, the population rows a class matches, the share of the population released),
 * so a steward reads how far the release is from each bound, not only that it meets it.
 */
public record CriterionFigures(List<Range> ranges) {

    /** One criterion's figure over the classes: its least and greatest value. */
    public record Range(String criterion, String figure, double least, double greatest) {
    }

    /**
     * The figures of a registered release under a requirement (full-domain, or a local recoding of the table's rows
     * alone), its classes read as {@code kanon verify} reads them; empty for any other release.
     */
    public static java.util.Optional<CriterionFigures> ofRelease(org.kanon.db.Database db, org.kanon.release.ReleaseRecord r) {
        java.util.Optional<Requirement> requirement = r.model().flatMap(m -> m.requirement());
        boolean local = org.kanon.release.ReleaseRecord.LOCAL.equals(r.recoding());
        int[] levels = local ? null : r.globalLevels();
        if (requirement.isEmpty() || (levels == null && (!local || requirement.get().population().isPresent()))) {
            return java.util.Optional.empty();
        }
        org.kanon.schema.SourceTable source = new org.kanon.schema.TableResolver(db).resolve(r.sourceSchema() + "." + r.sourceTable());
        org.kanon.verify.RequirementClasses.Read read = new org.kanon.verify.RequirementClasses(db).read(r.relationSchema(), r.relationName(),
                source, source.columns(r.qiNames()), levels, requirement.get());
        return java.util.Optional.of(of(read.bound(), read.classes().values()));
    }

    /**
     * The ranges over {@code classes}: classes holding rows of the release, and, for a population criterion, the
     * population's classes without any too.
     */
    public static CriterionFigures of(Requirement.Bound bound, Iterable<ClassDetail> classes) {
        List<Criterion> criteria = bound.requirement().criteria();
        double[] least = new double[criteria.size()];
        double[] greatest = new double[criteria.size()];
        java.util.Arrays.fill(least, Double.POSITIVE_INFINITY);
        java.util.Arrays.fill(greatest, Double.NEGATIVE_INFINITY);
        for (ClassDetail c : classes) {
            double[] m = bound.measures(c);
            for (int i = 0; i < m.length; i++) {
                if (c.size() == 0 && criteria.get(i).population().isEmpty()) {
                    continue; // a class of the population alone has no distribution to measure
                }
                least[i] = Math.min(least[i], m[i]);
                greatest[i] = Math.max(greatest[i], m[i]);
            }
        }
        List<Range> ranges = new ArrayList<>();
        for (int i = 0; i < criteria.size(); i++) {
            ranges.add(new Range(criteria.get(i).toString(), criteria.get(i).figure(), least[i], greatest[i]));
        }
        return new CriterionFigures(ranges);
    }
}
