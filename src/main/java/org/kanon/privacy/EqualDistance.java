package org.kanon.privacy;

/**
 * Equal ground distance (every two values 1 apart): {@code EMD = 1/2 sum |p_i - q_i|} (ICDE 2007, section 4.3,
 * "EMD for numerical attributes"'s categorical counterpart, equation for equal distance).
 */
final class EqualDistance implements EarthMoversDistance {
    private final double[] q;

    EqualDistance(long[] tableCounts) {
        this.q = EarthMoversDistance.shares(tableCounts);
    }

    @Override
    public double distance(long[] counts, long size) {
        double sum = 0;
        for (int i = 0; i < q.length; i++) {
            sum += Math.abs((double) counts[i] / size - q[i]);
        }
        return sum / 2;
    }
}
