package org.kanon.permutation;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The populating step (Definition 1): per group, d + 1 independent uniform permutations, one per QI attribute and
 * one for the sensitive attribute. Row p of group j in PQT takes attribute i from the member pi_i(p), row p of group j
 * in PST the sensitive value of member pi_s(p). For Anatomy the QI rows are the members' whole tuples, in one
 * random order per group, and the sensitive table is shuffled on its own: neither order may tell which member holds
 * which value (the partition lists members by sensitive value).
 */
public final class Populating {

    /** Member indexes per group and column: rows[group][column][p] is the member whose value row p takes. */
    public record Layout(List<int[]> groups, int[][][] members) {
    }

    private Populating() {
    }

    public static Layout permute(List<int[]> groups, int attributes, RandomGenerator random, boolean permuteQis) {
        int[][][] members = new int[groups.size()][attributes + 1][];
        for (int j = 0; j < groups.size(); j++) {
            int[] g = groups.get(j);
            // Anatomy keeps whole QI tuples, but in a shuffled order: Algorithm 1 lists a group's members by
            // sensitive value, and rows stored in that order would pair every tuple with its value again
            int[] tuples = g.clone();
            shuffle(tuples, random);
            for (int i = 0; i <= attributes; i++) {
                int[] order = permuteQis || i == attributes ? g.clone() : tuples;
                if (permuteQis || i == attributes) {
                    shuffle(order, random);
                }
                members[j][i] = order;
            }
        }
        return new Layout(groups, members);
    }

    /** Fisher-Yates: every order equally likely given a uniform generator. */
    static void shuffle(int[] a, RandomGenerator random) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
}
