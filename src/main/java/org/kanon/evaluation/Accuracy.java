package org.kanon.evaluation;

import java.util.Arrays;

/**
 * How well a release answers a workload: the relative error |act - est| / act of each query (section 4.2), their
 * mean (the paper's "average error"), median and largest.
 */
public record Accuracy(int queries, double mean, double median, double largest) {

    public static Accuracy of(Workload workload, CountEstimator estimator) {
        int n = workload.queries().size();
        double[] errors = new double[n];
        for (int i = 0; i < n; i++) {
            double act = workload.exact().get(i);
            errors[i] = Math.abs(act - estimator.estimate(workload.queries().get(i))) / act;
        }
        Arrays.sort(errors);
        double sum = 0;
        for (double e : errors) {
            sum += e;
        }
        double median = n == 0 ? 0 : n % 2 == 1 ? errors[n / 2] : (errors[n / 2 - 1] + errors[n / 2]) / 2;
        return new Accuracy(n, n == 0 ? 0 : sum / n, median, n == 0 ? 0 : errors[n - 1]);
    }
}
