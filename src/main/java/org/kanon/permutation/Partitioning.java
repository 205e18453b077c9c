package org.kanon.permutation;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;

/**
 * The partitioning step of permutation anonymization (section 3.1): Algorithm 2's NCP-driven split into parts,
 * then Algorithm 1 inside each part; or Algorithm 1 alone over the whole table. Every group is l-diverse when the
 * table is feasible ({@link Feasibility}).
 */
public final class Partitioning {
    private Partitioning() {
    }

    /** l-diverse groups of row indexes; {@code preprocess} runs Algorithm 2 first. */
    public static List<int[]> partition(Microdata data, int l, boolean preprocess, RandomGenerator random) {
        return partition(data, l, preprocess, random, Progress.NONE);
    }

    /** As above, Algorithm 2's split and Algorithm 1's dealing (its rows counted part by part) steps of {@code progress}. */
    public static List<int[]> partition(Microdata data, int l, boolean preprocess, RandomGenerator random, Progress progress) {
        List<int[]> parts;
        try (Step splitting = progress.start("splitting by NCP", Progress.UNKNOWN)) {
            parts = preprocess ? NcpSplit.parts(data, l, random) : List.of(data.allRows());
        }
        List<int[]> groups = new ArrayList<>();
        try (Step grouped = progress.start("rows in l-diverse groups", data.size())) {
            for (int[] part : parts) {
                groups.addAll(RoundRobin.partition(data, part, l));
                grouped.advance(part.length);
            }
        }
        return groups;
    }

    /** Whether every group is l-diverse in the paper's sense (Definition 2). */
    public static boolean diverse(Microdata data, List<int[]> groups, int l) {
        for (int[] g : groups) {
            if (!NcpSplit.diverse(data, g, l)) {
                return false;
            }
        }
        return true;
    }
}
