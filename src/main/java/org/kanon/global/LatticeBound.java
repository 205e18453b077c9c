package org.kanon.global;

import java.math.BigInteger;
import java.text.NumberFormat;
import java.util.List;
import java.util.Locale;
import org.kanon.InvalidInputException;
import org.kanon.frequency.QuasiIdentifier;

/**
 * The size of the full-domain generalization lattice, the product of (height + 1) over the quasi-identifiers, and
 * the limit a full-domain search is held to. The searches keep nodes (and Incognito the lattices of every subset of
 * the QIs) in memory: 50 QIs of height 2 make 3^50 nodes, which no search finishes, so such a lattice is refused
 * before any work, not discovered by a heap that grows for hours.
 */
public final class LatticeBound {
    /** Adult's 9 QIs with ARX's hierarchies make about 13,000 nodes; 20 QIs of height 1 already make 1,048,576. */
    public static final long DEFAULT_LIMIT = 1_000_000;

    private LatticeBound() {
    }

    public static BigInteger size(List<QuasiIdentifier> qis) {
        BigInteger size = BigInteger.ONE;
        for (QuasiIdentifier qi : qis) {
            size = size.multiply(BigInteger.valueOf(qi.maxLevel() + 1L));
        }
        return size;
    }

    /** Refuses (bad input) a lattice above {@code limit} nodes for the search {@code algorithm}, with what to do instead. */
    public static void require(List<QuasiIdentifier> qis, long limit, String algorithm) {
        BigInteger size = size(qis);
        if (size.compareTo(BigInteger.valueOf(limit)) > 0) {
            NumberFormat f = NumberFormat.getIntegerInstance(Locale.ROOT);
            throw new InvalidInputException("--qi: the generalization lattice of " + qis.size() + " quasi-identifiers has "
                    + f.format(size) + " nodes, above the limit of " + f.format(limit) + " for the full-domain search " + algorithm
                    + "; use fewer quasi-identifiers or lower hierarchies, raise the limit with --max-lattice N, or use an "
                    + "algorithm that does not search the lattice (mondrian, kaca1, kaca2, topdown, forest)");
        }
    }
}
