package org.kanon.local;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.kanon.InvalidInputException;
import org.kanon.privacy.SensitiveAttribute;

/**
 * What Top-Down works on: the source table as (raw QI tuple, sensitive value) groups with row counts, and for every
 * group and QI the hierarchy label at each level (0 = raw, height = top). Labels and sensitive values are
 * dictionary-coded, codes in text order, so grouping a class by a label is an int comparison and every order the
 * algorithm follows is the order of the values' text.
 */
public final class GroupedTable {

    /** A quasi-identifier: its column name, hierarchy height and the labels L0..Lh of every raw value it holds. */
    public record Qi(String name, int height, Map<Object, List<String>> labelsByRaw) {
    }

    /** One (raw QI tuple, sensitive value as text) of the source and how many rows hold it. */
    public record Group(List<Object> raw, String sensitive, long count) {
    }

    private static final Comparator<String> TEXT_ORDER = Comparator.nullsFirst(Comparator.naturalOrder());

    private final List<Qi> qis;
    private final int[] heights;
    private final List<Group> groups;
    private final int[][] labelCodes;
    private final String[][] labelTexts;
    private final int[] sensitiveCodes;
    private final String[] sensitiveTexts;
    private final boolean[] inSensitiveClass;
    private final long rows;

    private GroupedTable(List<Qi> qis, List<Group> groups, Optional<SensitiveAttribute> sensitive) {
        this.qis = List.copyOf(qis);
        this.groups = List.copyOf(groups);
        this.heights = qis.stream().mapToInt(Qi::height).toArray();
        this.labelCodes = new int[qis.size()][];
        this.labelTexts = new String[qis.size()][];
        for (int q = 0; q < qis.size(); q++) {
            encodeLabels(q);
        }
        TreeSet<String> values = new TreeSet<>(TEXT_ORDER);
        groups.forEach(g -> values.add(g.sensitive()));
        this.sensitiveTexts = values.toArray(new String[0]);
        Map<String, Integer> codeOf = new HashMap<>();
        for (int i = 0; i < sensitiveTexts.length; i++) {
            codeOf.put(sensitiveTexts[i], i);
        }
        this.sensitiveCodes = groups.stream().mapToInt(g -> codeOf.get(g.sensitive())).toArray();
        this.inSensitiveClass = new boolean[sensitiveTexts.length];
        for (int i = 0; i < sensitiveTexts.length; i++) {
            String v = sensitiveTexts[i];
            inSensitiveClass[i] = sensitive.isPresent() && v != null && sensitive.get().inSensitiveClass(v);
        }
        this.rows = groups.stream().mapToLong(Group::count).sum();
    }

    /**
     * The table of these groups. Every raw value of a QI must have labels for every level of its hierarchy;
     * {@code sensitive} decides which values form the simple model's sensitive class.
     */
    public static GroupedTable of(List<Qi> qis, List<Group> groups, Optional<SensitiveAttribute> sensitive) {
        if (qis.isEmpty()) {
            throw new InvalidInputException("--qi: at least one quasi-identifier is required");
        }
        for (Group g : groups) {
            if (g.raw().size() != qis.size()) {
                throw new IllegalArgumentException("group " + g.raw() + " has " + g.raw().size() + " QI value(s), expected " + qis.size());
            }
            if (g.count() <= 0) {
                throw new IllegalArgumentException("group " + g.raw() + " has count " + g.count());
            }
        }
        List<Group> sorted = new ArrayList<>(groups);
        sorted.sort(groupOrder(qis));
        return new GroupedTable(qis, sorted, sensitive);
    }

    /** Groups in the text order of their level-0 labels QI by QI, then of their sensitive value: the database's own GROUP BY order is arbitrary. */
    private static Comparator<Group> groupOrder(List<Qi> qis) {
        Comparator<Group> order = (a, b) -> 0;
        for (int q = 0; q < qis.size(); q++) {
            int index = q;
            Map<Object, List<String>> labels = qis.get(q).labelsByRaw();
            order = order.thenComparing(g -> {
                List<String> path = labels.get(g.raw().get(index));
                return path == null || path.isEmpty() ? String.valueOf(g.raw().get(index)) : path.get(0);
            }, TEXT_ORDER).thenComparing(g -> String.valueOf(g.raw().get(index)));
        }
        return order.thenComparing(Group::sensitive, TEXT_ORDER);
    }

    private void encodeLabels(int q) {
        Qi qi = qis.get(q);
        int width = qi.height() + 1;
        TreeSet<String> labels = new TreeSet<>(TEXT_ORDER);
        List<List<String>> paths = new ArrayList<>();
        for (Group g : groups) {
            Object raw = g.raw().get(q);
            List<String> path = qi.labelsByRaw().get(raw);
            if (path == null || path.size() != width) {
                throw new InvalidInputException("the hierarchy of " + qi.name() + " has no " + width + " label(s) for a value of the column"
                        + (path == null ? " (value missing)" : " (" + path.size() + " given)"));
            }
            paths.add(path);
            labels.addAll(path);
        }
        labelTexts[q] = labels.toArray(new String[0]);
        Map<String, Integer> codeOf = new HashMap<>();
        for (int i = 0; i < labelTexts[q].length; i++) {
            codeOf.put(labelTexts[q][i], i);
        }
        int[] codes = new int[groups.size() * width];
        for (int g = 0; g < groups.size(); g++) {
            List<String> path = paths.get(g);
            for (int l = 0; l < width; l++) {
                codes[g * width + l] = codeOf.get(path.get(l));
            }
        }
        labelCodes[q] = codes;
    }

    public int qiCount() {
        return qis.size();
    }

    public List<Qi> qis() {
        return qis;
    }

    public int height(int q) {
        return heights[q];
    }

    public int[] heights() {
        return heights.clone();
    }

    public int groupCount() {
        return groups.size();
    }

    public Group group(int g) {
        return groups.get(g);
    }

    public long rows() {
        return rows;
    }

    /** Code of the label of group g's value of QI q at the given level; codes follow the labels' text order. */
    public int labelCode(int q, int g, int level) {
        return labelCodes[q][g * (heights[q] + 1) + level];
    }

    /** Number of distinct labels of QI q over all its levels; codes run from 0 to this - 1. */
    public int labelCount(int q) {
        return labelTexts[q].length;
    }

    public String labelText(int q, int code) {
        return labelTexts[q][code];
    }

    public String label(int q, int g, int level) {
        return labelTexts[q][labelCode(q, g, level)];
    }

    public int sensitiveCode(int g) {
        return sensitiveCodes[g];
    }

    public String sensitiveText(int code) {
        return sensitiveTexts[code];
    }

    public int sensitiveValueCount() {
        return sensitiveTexts.length;
    }

    SensitiveTally newTally() {
        return new SensitiveTally(inSensitiveClass);
    }

    /** Every group once with its full count: the whole table as one class. */
    Units allUnits() {
        Units u = new Units();
        for (int g = 0; g < groups.size(); g++) {
            u.add(g, groups.get(g).count());
        }
        return u;
    }

    @Override
    public String toString() {
        return groups.size() + " group(s), " + rows + " row(s), QI " + qis.stream().map(Qi::name).toList()
                + " of heights " + Arrays.toString(heights);
    }
}
