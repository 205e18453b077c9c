package org.kanon.local;

import java.util.Arrays;

/**
 * One equivalence class of a local recoding: the level of every QI (the same for all its rows, so its rows share
 * the labels at those levels) and its rows as (group, count) pairs of the {@link GroupedTable}.
 */
public final class LocalClass {
    private final int[] levels;
    private final Units units;

    /** A class at these levels holding {@code counts[i]} rows of group {@code groups[i]}. */
    public static LocalClass of(int[] levels, int[] groups, long[] counts) {
        if (groups.length != counts.length) {
            throw new IllegalArgumentException(groups.length + " group(s) but " + counts.length + " count(s)");
        }
        Units units = new Units();
        for (int i = 0; i < groups.length; i++) {
            units.add(groups[i], counts[i]);
        }
        return new LocalClass(levels, units);
    }

    LocalClass(int[] levels, Units units) {
        this.levels = levels.clone();
        this.units = units;
    }

    public int level(int q) {
        return levels[q];
    }

    public int[] levels() {
        return levels.clone();
    }

    /** Number of (group, count) entries. */
    public int entries() {
        return units.size();
    }

    public int group(int entry) {
        return units.group(entry);
    }

    public long count(int entry) {
        return units.count(entry);
    }

    public long rows() {
        return units.rows();
    }

    Units units() {
        return units;
    }

    @Override
    public String toString() {
        return "class at levels " + Arrays.toString(levels) + " with " + rows() + " row(s)";
    }
}
