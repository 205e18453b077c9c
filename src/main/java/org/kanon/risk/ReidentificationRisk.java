package org.kanon.risk;

import org.kanon.metrics.ClassSizes;

/**
 * The record-level re-identification risks of a table, all functions of its class-size distribution.
 * <p>
 * Definitions (El Emam, Dankar: "Protecting privacy using k-anonymity", JAMIA 15(5), 2008, section "Measuring
 * re-identification risk"; the attacker models of ARX's sample-based risk estimates, Prasser et al., "Putting
 * statistical disclosure control into practice: The ARX data anonymization tool", 2015): a record in a class of
 * {@code f} rows is re-identified by an attacker who knows its quasi-identifiers with probability {@code 1/f} when
 * the attacker knows the person is in the table (prosecutor), and {@code 1/F} when the attacker only knows the person
 * is in the population the table samples, {@code F >= f} being the class's size in that population (journalist).
 * The marketer re-identifies as many records as possible, not one chosen record: the expected share matched.
 * <ul>
 *   <li>highest risk: the largest record risk, {@code 1 / min f};</li>
 *   <li>records affected by the highest risk: the share of rows in classes of that smallest size;</li>
 *   <li>average risk: the mean record risk over all {@code n} rows, {@code (1/n) sum_j f_j (1/f_j) = J/n}
 *       ({@code J} classes);</li>
 *   <li>records at risk: the share of rows whose record risk is above the threshold (strictly: a class of
 *       {@code 1/threshold} rows is not at risk, so k-anonymity with {@code k = 1/threshold} leaves none);</li>
 *   <li>marketer risk: {@code J/n}, the share of records an attacker matching every record gets right.</li>
 * </ul>
 * The population's class sizes {@code F} are not in the table, and an estimate of them from the sampling fraction
 * (say {@code f/pi}) understates the risk exactly where it matters: a sample unique may well be unique in the
 * population too. So the journalist's figures are the prosecutor's, an upper bound since {@code F >= f}, as ARX
 * gives them without a population table; how many sample uniques are population uniques is the
 * population-uniqueness models' estimate ({@link org.kanon.risk.population.PopulationModels}).
 */
public record ReidentificationRisk(long rows, long classes, double threshold, Attacker prosecutor, double marketer,
                                   long sampleUniques) {

    /** One attacker's figures; risks are probabilities in [0, 1], shares are of the table's rows. */
    public record Attacker(double highest, double recordsAffectedByHighest, double average, double recordsAtRisk,
                           long rowsAtRisk) {
    }

    /** @param threshold a record risk above which a record is "at risk", in (0, 1] */
    public static ReidentificationRisk of(ClassSizes sizes, double threshold) {
        if (!(threshold > 0 && threshold <= 1)) {
            throw new IllegalArgumentException("threshold must be in (0, 1], got " + threshold);
        }
        long n = sizes.rows();
        long j = sizes.classCount();
        return new ReidentificationRisk(n, j, threshold, prosecutor(sizes, threshold), n == 0 ? 0 : (double) j / n, sizes.uniques());
    }

    /** The journalist's figures: the prosecutor's, an upper bound (see the class comment). */
    public Attacker journalist() {
        return prosecutor;
    }

    private static Attacker prosecutor(ClassSizes sizes, double threshold) {
        long n = sizes.rows();
        if (n == 0) {
            return new Attacker(0, 0, 0, 0, 0);
        }
        long[] s = sizes.sizes();
        long[] c = sizes.classes();
        long atRisk = 0;
        for (int i = 0; i < s.length; i++) {
            if (1.0 / s[i] > threshold) {
                atRisk += c[i] * s[i];
            }
        }
        return new Attacker(1.0 / s[0], (double) s[0] * c[0] / n, (double) sizes.classCount() / n, (double) atRisk / n, atRisk);
    }

    /** Share of rows that are alone in their class. */
    public double sampleUniqueShare() {
        return rows == 0 ? 0 : (double) sampleUniques / rows;
    }
}
