package org.kanon.local;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.SensitiveAttribute;

/**
 * Figures of a local recoding as the (alpha,k) paper (section 2) and the release register report them: distortion
 * (a cell generalized h levels up costs h, summed over all QI cells) and distortion ratio (that sum divided by the
 * sum when every cell is at the top of its hierarchy; 0 when no QI has a hierarchy), the number of classes and the
 * smallest one, and the largest share in a class of the sensitive class (simple (alpha,k)) and of any single
 * sensitive value. Classes are counted as the release shows them: algorithm classes whose labels coincide are one.
 * The TKDE paper's utility figures (WHD distortion, DM, CAVG, inconsistency, ...) of the same recoding:
 * {@link LocalRecodingUtility#of}.
 */
public record LocalRecodingMetrics(long rows, long distortion, long fullDistortion, long classes, long smallestClass,
                                   double largestSensitiveShare, double largestValueShare) {

    public double distortionRatio() {
        return fullDistortion == 0 ? 0.0 : (double) distortion / fullDistortion;
    }

    public static LocalRecodingMetrics of(LocalRecoding recoding, PrivacyModel model) {
        GroupedTable table = recoding.table();
        SensitiveAttribute sensitive = model.groupedSensitive().orElse(null);
        long distortion = 0;
        long full = 0;
        for (int q = 0; q < table.qiCount(); q++) {
            full += table.height(q) * table.rows();
        }
        Map<List<String>, Map<String, Long>> released = new LinkedHashMap<>();
        for (LocalClass c : recoding.classes()) {
            int levelSum = 0;
            for (int q = 0; q < table.qiCount(); q++) {
                levelSum += c.level(q);
            }
            for (int e = 0; e < c.entries(); e++) {
                int g = c.group(e);
                distortion += levelSum * c.count(e);
                List<String> labels = new ArrayList<>();
                for (int q = 0; q < table.qiCount(); q++) {
                    labels.add(table.label(q, g, c.level(q)));
                }
                released.computeIfAbsent(labels, x -> new HashMap<>()).merge(String.valueOf(table.group(g).sensitive()), c.count(e), Long::sum);
            }
        }
        long smallest = Long.MAX_VALUE;
        double sensitiveShare = 0;
        double valueShare = 0;
        for (Map<String, Long> values : released.values()) {
            long size = values.values().stream().mapToLong(Long::longValue).sum();
            smallest = Math.min(smallest, size);
            long largest = values.values().stream().mapToLong(Long::longValue).max().orElse(0);
            valueShare = Math.max(valueShare, (double) largest / size);
            if (sensitive != null && sensitive.hasSensitiveClass()) {
                long s = values.entrySet().stream().filter(v -> sensitive.inSensitiveClass(v.getKey())).mapToLong(Map.Entry::getValue).sum();
                sensitiveShare = Math.max(sensitiveShare, (double) s / size);
            }
        }
        if (sensitive == null) {
            valueShare = 0;
        }
        return new LocalRecodingMetrics(table.rows(), distortion, full, released.size(), released.isEmpty() ? 0 : smallest,
                sensitiveShare, valueShare);
    }
}
