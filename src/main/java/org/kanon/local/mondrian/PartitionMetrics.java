package org.kanon.local.mondrian;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The figures the TKDE paper (Li, Wong, Fu, Pei, "Anonymization by local recoding in data with attribute
 * hierarchical taxonomies") reports for Mondrian ("Multi"), over the classes as the release shows them (partitions
 * whose cells coincide are one class): discernibility DM = sum of |E|^2 (no row is suppressed) and the normalized
 * average class size CAVG = (rows / classes) / k.
 */
public record PartitionMetrics(long rows, long classes, long smallestClass, long discernibility, double cavg) {

    public static PartitionMetrics of(List<Partition> partitions, int k) {
        Map<List<String>, Long> sizes = new LinkedHashMap<>();
        for (Partition p : partitions) {
            sizes.merge(p.cells(), p.rows(), Long::sum);
        }
        long rows = 0;
        long dm = 0;
        long smallest = Long.MAX_VALUE;
        for (long size : sizes.values()) {
            rows += size;
            dm += size * size;
            smallest = Math.min(smallest, size);
        }
        long classes = sizes.size();
        return new PartitionMetrics(rows, classes, classes == 0 ? 0 : smallest, dm,
                classes == 0 ? 0.0 : (double) rows / classes / k);
    }
}
