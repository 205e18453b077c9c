package org.kanon.lattice;

import java.util.Arrays;
import java.util.List;
import java.util.StringJoiner;

/**
 * A node of the full-domain generalization lattice: one generalization level per quasi-identifier, in QI order
 * (Incognito section 2: the distance vector from the zero-generalization node). Immutable; the array never leaks.
 */
public final class LevelVector {
    private final int[] levels;

    public LevelVector(int... levels) {
        for (int l : levels) {
            if (l < 0) {
                throw new IllegalArgumentException("negative level in " + Arrays.toString(levels));
            }
        }
        this.levels = levels.clone();
    }

    public static LevelVector zero(int size) {
        return new LevelVector(new int[size]);
    }

    public int size() {
        return levels.length;
    }

    public int level(int i) {
        return levels[i];
    }

    /** Sum of the levels: the paper's height of a multi-attribute generalization. */
    public int height() {
        return Arrays.stream(levels).sum();
    }

    public int[] toArray() {
        return levels.clone();
    }

    /** {@code 1,0,2}: the form the command line takes and the register stores. */
    public String toCsv() {
        StringJoiner j = new StringJoiner(",");
        for (int l : levels) {
            j.add(Integer.toString(l));
        }
        return j.toString();
    }

    /** The paper's notation with attribute initials, e.g. {@code <S1, Z0>}. */
    public String toString(List<String> attributes) {
        StringJoiner j = new StringJoiner(", ", "<", ">");
        for (int i = 0; i < levels.length; i++) {
            j.add(attributes.get(i) + levels[i]);
        }
        return j.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LevelVector other && Arrays.equals(levels, other.levels);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(levels);
    }

    @Override
    public String toString() {
        return "[" + toCsv() + "]";
    }
}
