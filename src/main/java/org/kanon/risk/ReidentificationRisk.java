package org.kanon.risk;

import org.kanon.metrics.ClassSizes;

/**
 * The record-level re-identification risks of a table, all functions of its class-size distribution.
 * <p>
 * Definitions (El Emam, Dankar: "Protecting privacy using k-anonymity", JAMIA 15(5), 2008, section "Measuring
 * re-identification risk"; the same three attacker models as ARX's sample-based risk estimates, Prasser et al.,
 * "Putting statistical disclosure control into practice: The ARX data anonymization tool", 2015): a record in a
 * class of {@code f} rows is re-identified by an attacker who knows its quasi-identifiers with probability
 * {@code 1/f} when the attacker knows the person is in the table (prosecutor), and {@code 1/F} when the attacker
 * only knows the person is in the population the table samples, {@code F >= f} being the class's size in that
 * population (journalist). The marketer re-identifies as many records as possible, not one chosen record: the
 * expected share of records matched correctly.
 * <ul>
 *   <li>highest risk: the largest record risk, {@code 1 / min f} (prosecutor), {@code 1 / min F} (journalist);</li>
 *   <li>records affected by the highest risk: the share of rows in classes of that smallest size;</li>
 *   <li>average risk: the mean record risk over all {@code n} rows, {@code (1/n) sum_j f_j (1/f_j) = J/n} for
 *       the prosecutor ({@code J} classes);</li>
 *   <li>records at risk: the share of rows whose record risk is above the threshold (strictly: a class of
 *       {@code 1/threshold} rows is not at risk, so k-anonymity with {@code k = 1/threshold} leaves none);</li>
 *   <li>marketer risk: {@code (1/n) sum_j f_j / F_j}; with no population known, {@code F_j = f_j} and it is
 *       {@code J/n}.</li>
 * </ul>
 * Population class sizes are not in the table. With a population size {@code N} (sampling fraction
 * {@code pi = n/N}) each is estimated by {@code F_j = f_j / pi}, the moment estimate under simple random sampling
 * ({@code E[f_j] = pi F_j}; Skinner, Elliot: "A measure of disclosure risk for microdata", JRSS B 64(4), 2002);
 * without one the journalist's figures are the prosecutor's, an upper bound since {@code F_j >= f_j}. The chance
 * that a sample unique is also unique in the population is the population-uniqueness models' business
 * ({@link org.kanon.risk.population}).
 */
public record ReidentificationRisk(long rows, long classes, double threshold, Attacker prosecutor, Attacker journalist,
                                   double marketer, boolean journalistEstimated, long sampleUniques) {

    /** One attacker's figures; risks are probabilities in [0, 1], shares are of the table's rows. */
    public record Attacker(double highest, double recordsAffectedByHighest, double average, double recordsAtRisk,
                           long rowsAtRisk) {
    }

    /**
     * @param threshold a record risk above which a record is "at risk", in (0, 1]
     * @param samplingFraction the table's share of its population, in (0, 1]; 1 when unknown (the table is taken as
     *                         the population)
     */
    public static ReidentificationRisk of(ClassSizes sizes, double threshold, double samplingFraction, boolean populationGiven) {
        if (!(threshold > 0 && threshold <= 1)) {
            throw new IllegalArgumentException("threshold must be in (0, 1], got " + threshold);
        }
        if (!(samplingFraction > 0 && samplingFraction <= 1)) {
            throw new IllegalArgumentException("sampling fraction must be in (0, 1], got " + samplingFraction);
        }
        long n = sizes.rows();
        long j = sizes.classCount();
        Attacker prosecutor = attacker(sizes, 1, threshold);
        Attacker journalist = populationGiven ? attacker(sizes, samplingFraction, threshold) : prosecutor;
        double marketer = n == 0 ? 0 : Math.min(1, (double) j * (populationGiven ? samplingFraction : 1) / n);
        return new ReidentificationRisk(n, j, threshold, prosecutor, journalist, marketer, populationGiven, sizes.uniques());
    }

    /** A record of a class of {@code f} sample rows has risk {@code min(1, pi / f)}: 1/F with F = f/pi. */
    private static Attacker attacker(ClassSizes sizes, double pi, double threshold) {
        long n = sizes.rows();
        if (n == 0) {
            return new Attacker(0, 0, 0, 0, 0);
        }
        long[] s = sizes.sizes();
        long[] c = sizes.classes();
        double average = 0;
        long atRisk = 0;
        for (int i = 0; i < s.length; i++) {
            double risk = risk(s[i], pi);
            average += c[i] * s[i] * risk;
            if (risk > threshold) {
                atRisk += c[i] * s[i];
            }
        }
        return new Attacker(risk(s[0], pi), (double) s[0] * c[0] / n, average / n, (double) atRisk / n, atRisk);
    }

    private static double risk(long f, double pi) {
        return Math.min(1, pi / f);
    }

    /** Share of rows that are alone in their class. */
    public double sampleUniqueShare() {
        return rows == 0 ? 0 : (double) sampleUniques / rows;
    }
}
