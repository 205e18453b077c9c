package org.kanon.evaluation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.kanon.InvalidInputException;

/**
 * A seeded workload of count queries with their exact answers on the original table. Each query picks w - 1 distinct
 * QI attributes uniformly, a range of {@link WorkloadSpec#rangeLength} consecutive domain values at a uniform start on
 * each, and a sensitive value uniformly among the original's. A query whose exact answer is 0 has no relative error;
 * it is drawn again (the count of such draws is reported), at most 100 x N draws in all for N queries.
 */
public record Workload(WorkloadSpec spec, List<CountQuery> queries, List<Long> exact, int redrawn) {

    public Workload {
        queries = List.copyOf(queries);
        exact = List.copyOf(exact);
    }

    public static Workload generate(OriginalTable original, WorkloadSpec spec) {
        int d = original.qis().size();
        spec.validFor(d);
        if (original.sensitiveValues().isEmpty() || original.domains().stream().anyMatch(a -> a.size() == 0)) {
            throw new InvalidInputException("table " + original.table().displayName() + " has no values to draw queries from");
        }
        SplittableRandom random = new SplittableRandom(spec.seed());
        List<CountQuery> queries = new ArrayList<>();
        List<Long> answers = new ArrayList<>();
        int redrawn = 0;
        long limit = 100L * spec.queries();
        while (queries.size() < spec.queries()) {
            if (queries.size() + redrawn >= limit) {
                throw new InvalidInputException(String.format(Locale.ROOT, "--selectivity: %d of %d queries drawn had no matching row in %s; "
                        + "raise --selectivity or lower --dimensionality", redrawn, queries.size() + redrawn, original.table().displayName()));
            }
            CountQuery q = draw(original, spec, random);
            long exact = original.count(q);
            if (exact == 0) {
                redrawn++;
            } else {
                queries.add(q);
                answers.add(exact);
            }
        }
        return new Workload(spec, queries, answers, redrawn);
    }

    static CountQuery draw(OriginalTable original, WorkloadSpec spec, SplittableRandom random) {
        int d = original.qis().size();
        int[] attributes = new int[d];
        for (int i = 0; i < d; i++) {
            attributes[i] = i;
        }
        // a partial Fisher-Yates shuffle: the first w - 1 positions are a uniform choice of distinct attributes
        int ranges = spec.dimensionality() - 1;
        for (int i = 0; i < ranges; i++) {
            int j = i + random.nextInt(d - i);
            int t = attributes[i];
            attributes[i] = attributes[j];
            attributes[j] = t;
        }
        int[] chosen = Arrays.copyOf(attributes, ranges);
        Arrays.sort(chosen);
        List<Interval> b = new ArrayList<>();
        for (int a : chosen) {
            AttributeDomain domain = original.domains().get(a);
            int length = spec.rangeLength(domain.size());
            int start = random.nextInt(domain.size() - length + 1);
            b.add(domain.interval(a, start, start + length - 1));
        }
        String v = original.sensitiveValues().get(random.nextInt(original.sensitiveValues().size()));
        return new CountQuery(b, v);
    }
}
