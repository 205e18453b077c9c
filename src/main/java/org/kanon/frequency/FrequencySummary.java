package org.kanon.frequency;

/**
 * What the privacy check needs from a frequency set, computed by the database in one pass over it: number of
 * classes (value groups), the smallest count, the rows it covers, and the rows and classes below k.
 */
public record FrequencySummary(long rows, long classes, long smallestClass, long rowsBelowK, long classesBelowK, int k) {
}
