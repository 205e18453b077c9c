package org.kanon.verify;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.kanon.schema.Column;

/**
 * One quasi-identifier of a release: its released cells as codes (text as the release shows them, {@code null} a
 * code of its own) and, for every source value, the codes of the cells that may stand for it. What may stand for a
 * value: at level 0 the value itself (as Java prints it, as the database prints it, or its hierarchy's level-0
 * label); in a full-domain release at level L > 0 exactly its label at L; in a local recoding any of its labels up
 * its hierarchy, or a numeric range {@code [lo-hi]} holding it (Mondrian).
 */
final class QiCells {
    static final String STAR = "*";
    private static final Pattern RANGE = Pattern.compile("\\[(-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?)-(-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?)]");
    private static final int[] NONE = new int[0];

    /** A source value: normalized (the key of its hierarchy path), as Java and as the database print it. */
    private record Value(Object key, String javaText, String dbText) {
    }

    private final Column column;
    /** The level of a full-domain release, or -1 for a local recoding (any level). */
    private final int level;
    private final Map<Object, String[]> paths;
    private final Map<String, Integer> codeOfCell = new HashMap<>();
    private final List<String> cells = new ArrayList<>();
    private final Map<Object, Integer> idOfValue = new HashMap<>();
    private final List<Value> values = new ArrayList<>();
    private int[][] accepted;

    /** {@code paths}: the bound hierarchy as normalized value -> labels L0..Lh; empty when none is bound. */
    QiCells(Column column, int level, Map<Object, String[]> paths) {
        this.column = column;
        this.level = level;
        this.paths = paths;
    }

    Column column() {
        return column;
    }

    /** The code of a released cell, assigned on first sight. */
    int cellCode(String cell) {
        Integer code = codeOfCell.get(cell);
        if (code == null) {
            code = cells.size();
            codeOfCell.put(cell, code);
            cells.add(cell);
        }
        return code;
    }

    String cell(int code) {
        return cells.get(code);
    }

    /** The code of {@code *}, or -1 when no cell of the release is {@code *}. */
    int starCode() {
        return codeOfCell.getOrDefault(STAR, -1);
    }

    /** The id of a source value ({@code key} normalized), assigned on first sight. */
    int valueId(Object key, Object raw, String dbText) {
        Integer id = idOfValue.get(key);
        if (id == null) {
            id = values.size();
            idOfValue.put(key, id);
            values.add(new Value(key, raw == null ? null : String.valueOf(raw), dbText));
        }
        return id;
    }

    /**
     * Released cells that are neither a label of the bound hierarchy, nor a source value (as Java or the database
     * prints it), nor {@code *}, nor a numeric range {@code [lo-hi]}: cells no source row could explain, whatever the
     * pairing. Every source value must have been seen.
     */
    List<String> foreignCells() {
        java.util.Set<String> known = new java.util.HashSet<>();
        known.add(STAR);
        paths.values().forEach(path -> known.addAll(Arrays.asList(path)));
        for (Value v : values) {
            known.add(v.javaText());
            known.add(v.dbText());
        }
        List<String> foreign = new ArrayList<>();
        for (String cell : cells) {
            if (!known.contains(cell) && !range(cell)) {
                foreign.add(cell);
            }
        }
        return foreign;
    }

    private static boolean range(String cell) {
        Matcher m = cell == null ? null : RANGE.matcher(cell);
        return m != null && m.matches() && new BigDecimal(m.group(1)).compareTo(new BigDecimal(m.group(2))) <= 0;
    }

    /** Sorted codes of the released cells that may stand for source value {@code id}; after {@link #settle()}. */
    int[] accepted(int id) {
        return accepted[id];
    }

    /** Computes what each source value seen accepts; call once every cell and value is known. */
    void settle() {
        List<TreeSet<Integer>> sets = new ArrayList<>();
        for (Value v : values) {
            TreeSet<Integer> codes = new TreeSet<>();
            String[] path = paths.get(v.key());
            if (level <= 0) {
                add(codes, v.javaText());
                add(codes, v.dbText());
                if (path != null) {
                    add(codes, path[0]);
                }
            }
            if (path != null) {
                if (level > 0 && level < path.length) {
                    add(codes, path[level]);
                } else if (level < 0) {
                    for (String label : path) {
                        add(codes, label);
                    }
                }
            }
            sets.add(codes);
        }
        if (level < 0) {
            ranges(sets);
        }
        accepted = new int[values.size()][];
        for (int i = 0; i < values.size(); i++) {
            accepted[i] = sets.get(i).isEmpty() ? NONE : sets.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
    }

    private void add(java.util.Set<Integer> codes, String cell) {
        Integer code = codeOfCell.get(cell);
        if (code != null) {
            codes.add(code);
        }
    }

    /** Each range cell {@code [lo-hi]} to every numeric source value inside it: sorted values, a binary search per range. */
    private void ranges(List<TreeSet<Integer>> sets) {
        List<Integer> numeric = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            Object key = values.get(i).key();
            if (key instanceof Number && !(key instanceof Double d && !Double.isFinite(d)) && !(key instanceof Float f && !Float.isFinite(f))) {
                numeric.add(i);
            }
        }
        if (numeric.isEmpty()) {
            return;
        }
        BigDecimal[] sorted = new BigDecimal[numeric.size()];
        Integer[] order = numeric.toArray(new Integer[0]);
        Arrays.sort(order, (a, b) -> number(a).compareTo(number(b)));
        for (int i = 0; i < order.length; i++) {
            sorted[i] = number(order[i]);
        }
        for (int code = 0; code < cells.size(); code++) {
            String cell = cells.get(code);
            Matcher m = cell == null ? null : RANGE.matcher(cell);
            if (m == null || !m.matches()) {
                continue;
            }
            BigDecimal lo = new BigDecimal(m.group(1));
            BigDecimal hi = new BigDecimal(m.group(2));
            for (int i = lowerBound(sorted, lo); i < sorted.length && sorted[i].compareTo(hi) <= 0; i++) {
                sets.get(order[i]).add(code);
            }
        }
    }

    private BigDecimal number(int id) {
        return new BigDecimal(values.get(id).key().toString());
    }

    private static int lowerBound(BigDecimal[] sorted, BigDecimal x) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid].compareTo(x) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
