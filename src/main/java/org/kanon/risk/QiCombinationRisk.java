package org.kanon.risk;

import java.util.List;

/**
 * How well a combination of quasi-identifiers tells records apart (ARX's "attribute risk", after Motwani, Xu:
 * "Efficient algorithms for masking and finding quasi-identifiers", VLDB SDM workshop 2007, section 2):
 * <ul>
 *   <li>distinction: the share of rows the combination tells apart as values, {@code classes / n} (1: every row
 *       has its own value combination, a key);</li>
 *   <li>separation: the share of pairs of rows the combination tells apart,
 *       {@code 1 - sum_j f_j (f_j - 1) / (n (n - 1))};</li>
 *   <li>uniques: rows alone in their class under this combination (sample uniques).</li>
 * </ul>
 */
public record QiCombinationRisk(List<String> quasiIdentifiers, long classes, double distinction, double separation,
                                long uniques) {
    public QiCombinationRisk {
        quasiIdentifiers = List.copyOf(quasiIdentifiers);
    }
}
