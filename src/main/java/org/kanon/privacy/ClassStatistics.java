package org.kanon.privacy;

/**
 * The figures of one equivalence class that the privacy models read: its size, the rows holding the sensitive
 * class (simple (alpha,k): the value or values named), the rows holding its most frequent sensitive value, and
 * the number of distinct sensitive values. Figures a model does not need may be 0.
 */
public record ClassStatistics(long size, long sensitiveRows, long largestValueRows, long distinctValues) {

    public static ClassStatistics ofSize(long size) {
        return new ClassStatistics(size, 0, 0, 0);
    }
}
