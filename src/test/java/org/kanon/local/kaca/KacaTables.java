package org.kanon.local.kaca;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.kanon.db.Database;
import org.kanon.ingest.CsvImporter;
import org.kanon.ingest.ImportOptions;
import org.kanon.local.GroupedTable;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.DimensionTableWriter;
import org.kanon.schema.hierarchy.Hierarchy;

/**
 * Random hierarchies (trees of random fan-out, every leaf at the same depth, one root "*") and random tables over
 * them, for the KACA tests: in memory as a {@link GroupedTable}, or imported into a database with the hierarchies
 * bound. Labels are unique within a hierarchy ({@code q2L1n4}: QI 2, level 1, node 4), so a label names its level.
 */
final class KacaTables {
    private KacaTables() {
    }

    /** One hierarchy: its height and, per leaf, the labels L0 (the leaf) .. Lh ("*"). */
    record Tree(String name, int height, List<List<String>> paths) {
        Map<Object, List<String>> labelsByRaw() {
            Map<Object, List<String>> m = new LinkedHashMap<>();
            for (List<String> p : paths) {
                m.put(p.get(0), p);
            }
            return m;
        }

        /** The level of a label of this hierarchy (labels are unique across levels). */
        int levelOf(String label) {
            for (List<String> p : paths) {
                int l = p.indexOf(label);
                if (l >= 0) {
                    return l;
                }
            }
            throw new IllegalArgumentException(label + " is no label of " + name);
        }

        GroupedTable.Qi qi() {
            return new GroupedTable.Qi(name, height, labelsByRaw());
        }
    }

    /** A tree of this height whose inner nodes have 1..maxFanout children (the root at least 2 when possible). */
    static Tree tree(Random random, String name, int height, int maxFanout) {
        List<List<String>> partial = new ArrayList<>();
        partial.add(new ArrayList<>(List.of("*")));
        int counter = 0;
        for (int level = height - 1; level >= 0; level--) {
            List<List<String>> next = new ArrayList<>();
            for (List<String> upper : partial) {
                int children = 1 + random.nextInt(maxFanout);
                if (level == height - 1 && children == 1 && maxFanout > 1) {
                    children = 2;
                }
                for (int c = 0; c < children; c++) {
                    List<String> path = new ArrayList<>();
                    path.add(level == 0 ? name + "v" + counter++ : name + "L" + level + "n" + counter++);
                    path.addAll(upper);
                    next.add(path);
                }
            }
            partial = next;
        }
        return new Tree(name, height, partial);
    }

    /** Random trees q0..q{n-1} of heights 1..maxHeight. */
    static List<Tree> trees(Random random, int n, int maxHeight, int maxFanout) {
        List<Tree> trees = new ArrayList<>();
        for (int q = 0; q < n; q++) {
            trees.add(tree(random, "q" + q, 1 + random.nextInt(maxHeight), maxFanout));
        }
        return trees;
    }

    /** Rows of leaf values, skewed towards the first leaves (so some values are rare and some frequent). */
    static List<List<String>> rows(Random random, List<Tree> trees, int rows) {
        List<List<String>> result = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            List<String> row = new ArrayList<>();
            for (Tree t : trees) {
                int leaves = t.paths().size();
                int i = Math.min(random.nextInt(leaves), random.nextInt(leaves));
                row.add(t.paths().get(i).get(0));
            }
            result.add(row);
        }
        return result;
    }

    /** The rows as groups of equal QI tuples, without a sensitive value. */
    static GroupedTable grouped(List<Tree> trees, List<List<String>> rows) {
        Map<List<String>, Long> counts = new LinkedHashMap<>();
        for (List<String> r : rows) {
            counts.merge(r, 1L, Long::sum);
        }
        List<GroupedTable.Group> groups = new ArrayList<>();
        counts.forEach((raw, n) -> groups.add(new GroupedTable.Group(new ArrayList<>(raw), null, n)));
        return GroupedTable.of(trees.stream().map(Tree::qi).toList(), groups, Optional.empty());
    }

    /**
     * The rows as table {@code name} (columns id, q0.., payload: id and payload are not QIs and must survive row by
     * row) with every tree bound as the hierarchy of its column.
     */
    static SourceTable create(Database db, Path dir, String name, List<Tree> trees, List<List<String>> rows, Random random) throws Exception {
        StringBuilder csv = new StringBuilder("id");
        for (Tree t : trees) {
            csv.append(',').append(t.name());
        }
        csv.append(",payload\n");
        for (int r = 0; r < rows.size(); r++) {
            csv.append(r + 1);
            for (String v : rows.get(r)) {
                csv.append(',').append(v);
            }
            csv.append(",p").append(random.nextInt(5)).append('\n');
        }
        Path file = dir.resolve(name + ".csv");
        Files.writeString(file, csv);
        new CsvImporter(db).importCsv(file, name, new ImportOptions(null, false));
        SourceTable t = new TableResolver(db).resolve(name);
        DimensionTableWriter writer = new DimensionTableWriter(db);
        for (Tree tree : trees) {
            writer.bind(t, t.column(tree.name()), Hierarchy.of(tree.name(), tree.paths(), "random tree"));
        }
        return new TableResolver(db).resolve(name);
    }

    /** QI names of the trees. */
    static List<String> names(List<Tree> trees) {
        return trees.stream().map(Tree::name).toList();
    }

    /** Level of every label of every tree, by QI name: for reading a released cell's level. */
    static Map<String, Map<String, Integer>> levels(List<Tree> trees) {
        Map<String, Map<String, Integer>> m = new HashMap<>();
        for (Tree t : trees) {
            Map<String, Integer> byLabel = new HashMap<>();
            for (List<String> p : t.paths()) {
                for (int l = 0; l < p.size(); l++) {
                    byLabel.put(p.get(l), l);
                }
            }
            m.put(t.name(), byLabel);
        }
        return m;
    }
}
