package org.kanon.frequency;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.SortField;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.db.RowBatch;
import org.kanon.db.ScratchTables;
import org.kanon.db.SqlTemplates;
import org.kanon.lattice.CandidateGeneration;
import org.kanon.lattice.CandidateGraph;
import org.kanon.lattice.CandidateGraphs;
import org.kanon.lattice.Node;

/**
 * Incognito's graph generation (section 3.1.2) as the paper ran it: S_{i-1} and E_{i-1} as relational node and
 * edge tables (Figure 6 layout: ID, DIM1, INDEX1, .., PARENT1, PARENT2; edges START_NODE, END_NODE), and the join,
 * prune and edge-generation statements of {@code sql/incognito/} over them. Same result as
 * {@link CandidateGeneration#next}, which the tests hold it to. DIMk holds the QI index, so the paper's "arbitrary
 * ordering" of dimensions is the QI order, as in the Java version. The tables are temporary tables of the given
 * connection, dropped before {@link #next} returns.
 */
public final class SqlCandidateGeneration {
    private static final String ID = "ID";
    private static final String PARENT1 = "PARENT1";
    private static final String PARENT2 = "PARENT2";
    private static final String START = "START_NODE";
    private static final String END = "END_NODE";

    private final ScratchTables tables;
    private long statements;

    public SqlCandidateGeneration(ScratchTables tables) {
        this.tables = tables;
    }

    /** Statements sent so far (a batch counts once). */
    public long statements() {
        return statements;
    }

    /** C_{i+1} and E_{i+1} from the graph of iteration i and the nodes S_i of it that survived. */
    public CandidateGraph next(CandidateGraph graph, Set<Node> survivors) {
        if (survivors.isEmpty()) {
            return CandidateGraphs.of(List.of(), Map.of(), List.of());
        }
        List<Node> nodes = graph.nodes();
        Map<Node, Integer> ids = new HashMap<>();
        for (Node n : nodes) {
            ids.put(n, ids.size() + 1);
        }
        int size = survivors.iterator().next().size();
        for (Node s : survivors) {
            if (!ids.containsKey(s) || s.size() != size) {
                throw new IllegalArgumentException("survivor " + s + " is not a node of the graph");
            }
        }
        List<Table<?>> made = new ArrayList<>();
        try {
            Table<?> s = make(made, "s", nodeColumns(size));
            Table<?> e = make(made, "e", edgeColumns());
            Table<?> c = make(made, "c", nodeColumns(size + 1));
            Table<?> candidateEdges = make(made, "ce", edgeColumns());
            Table<?> next = make(made, "e", edgeColumns());
            loadSurvivors(s, nodes, survivors, ids, size);
            loadEdges(e, graph, ids);
            join(c, s, size + 1);
            prune(c, s, size + 1);
            run("incognito/generate-edges.sql", candidateEdges, c, e);
            run("incognito/remove-implied-edges.sql", next, candidateEdges);
            return read(c, next, nodes, size + 1);
        } finally {
            for (Table<?> t : made) {
                tables.drop(t);
                statements++;
            }
        }
    }

    private Table<?> make(List<Table<?>> made, String prefix, List<Field<?>> columns) {
        Table<?> t = tables.create(prefix, columns);
        made.add(t);
        statements++;
        return t;
    }

    private void loadSurvivors(Table<?> s, List<Node> nodes, Set<Node> survivors, Map<Node, Integer> ids, int size) {
        List<Field<?>> columns = nodeColumns(size);
        RowBatch batch = new RowBatch(tables.dsl(), s.getQualifiedName(), columns);
        for (Node n : nodes) { // graph order: deterministic IDs and rows
            if (survivors.contains(n)) {
                Object[] row = new Object[columns.size()];
                row[0] = ids.get(n);
                for (int k = 0; k < size; k++) {
                    row[1 + 2 * k] = n.attribute(k);
                    row[2 + 2 * k] = n.level(k);
                }
                batch.add(row);
            }
        }
        batch.flush();
        statements += batch.roundTrips();
    }

    private void loadEdges(Table<?> e, CandidateGraph graph, Map<Node, Integer> ids) {
        if (graph.edgeCount() == 0) {
            return;
        }
        // rows together (a batch where the driver sends one; else multi-row VALUES: Trino runs a batch row by row)
        RowBatch batch = new RowBatch(tables.dsl(), e.getQualifiedName(), edgeColumns());
        for (Node from : graph.nodes()) {
            for (Node to : graph.successors(from)) {
                batch.add(new Object[] {ids.get(from), ids.get(to)});
            }
        }
        batch.flush();
        statements += batch.roundTrips();
    }

    /** join-candidates.sql: p's i-1 pairs and q's last pair, for p, q agreeing on the first i-2. */
    private void join(Table<?> c, Table<?> s, int size) {
        List<Field<?>> select = new ArrayList<>();
        for (int k = 1; k < size; k++) {
            select.add(column("p", "DIM" + k));
            select.add(column("p", "INDEX" + k));
        }
        select.add(column("q", "DIM" + (size - 1)));
        select.add(column("q", "INDEX" + (size - 1)));
        Condition prefix = DSL.noCondition();
        for (int k = 1; k < size - 1; k++) {
            prefix = prefix.and(column("p", "DIM" + k).eq(column("q", "DIM" + k)))
                    .and(column("p", "INDEX" + k).eq(column("q", "INDEX" + k)));
        }
        run("incognito/join-candidates.sql", c, DSL.list(unqualified(nodeColumns(size))), DSL.list(select), s,
                prefix, column("p", "DIM" + (size - 1)), column("q", "DIM" + (size - 1)));
    }

    /** prune-candidates.sql once per position whose subset is not a parent, in one batch. */
    private void prune(Table<?> c, Table<?> s, int size) {
        if (size <= 2) {
            return; // both (size-1)-subsets are the parents
        }
        DSLContext ctx = tables.dsl();
        List<org.jooq.Query> deletes = new ArrayList<>();
        for (int drop = 1; drop <= size - 2; drop++) {
            Condition same = DSL.noCondition();
            for (int k = 1; k < size; k++) {
                int m = k < drop ? k : k + 1;
                same = same.and(column("s", "DIM" + k).eq(columnOf(c, "DIM" + m)))
                        .and(column("s", "INDEX" + k).eq(columnOf(c, "INDEX" + m)));
            }
            deletes.add(ctx.query(SqlTemplates.load("incognito/prune-candidates.sql", tables.dialect()), c, s, same));
        }
        ctx.batch(deletes).execute();
        statements++;
    }

    private CandidateGraph read(Table<?> c, Table<?> edges, List<Node> previous, int size) {
        DSLContext ctx = tables.dsl();
        List<SortField<?>> order = new ArrayList<>();
        for (int k = 1; k <= size; k++) {
            order.add(column(null, "DIM" + k).asc());
        }
        for (int k = 1; k <= size; k++) {
            order.add(column(null, "INDEX" + k).asc());
        }
        List<Node> nodes = new ArrayList<>();
        Map<Integer, Node> byId = new HashMap<>();
        Map<Node, Node[]> parents = new LinkedHashMap<>();
        for (Record r : ctx.select(unqualified(nodeColumns(size))).from(c).orderBy(order).fetch()) {
            int[] attributes = new int[size];
            int[] levels = new int[size];
            for (int k = 0; k < size; k++) {
                attributes[k] = r.get(1 + 2 * k, Integer.class);
                levels[k] = r.get(2 + 2 * k, Integer.class);
            }
            Node n = new Node(attributes, levels);
            nodes.add(n);
            byId.put(r.get(0, Integer.class), n);
            parents.put(n, new Node[] {previous.get(r.get(1 + 2 * size, Integer.class) - 1),
                    previous.get(r.get(2 + 2 * size, Integer.class) - 1)});
        }
        List<Node[]> edgeList = new ArrayList<>();
        for (Record r : ctx.select(column(null, START), column(null, END)).from(edges)
                .orderBy(column(null, START), column(null, END)).fetch()) {
            edgeList.add(new Node[] {byId.get(r.get(0, Integer.class)), byId.get(r.get(1, Integer.class))});
        }
        statements += 2;
        return CandidateGraphs.of(nodes, parents, edgeList);
    }

    private void run(String template, Object... parts) {
        tables.dsl().query(SqlTemplates.load(template, tables.dialect()), parts).execute();
        statements++;
    }

    /** ID, DIM1, INDEX1, .., DIMn, INDEXn, PARENT1, PARENT2 (the parents are NULL in the loaded S table). */
    private List<Field<?>> nodeColumns(int size) {
        List<Field<?>> columns = new ArrayList<>();
        columns.add(DSL.field(tables.name(ID), SQLDataType.INTEGER.notNull()));
        for (int k = 1; k <= size; k++) {
            columns.add(DSL.field(tables.name("DIM" + k), SQLDataType.INTEGER.notNull()));
            columns.add(DSL.field(tables.name("INDEX" + k), SQLDataType.INTEGER.notNull()));
        }
        columns.add(DSL.field(tables.name(PARENT1), SQLDataType.INTEGER));
        columns.add(DSL.field(tables.name(PARENT2), SQLDataType.INTEGER));
        return columns;
    }

    private List<Field<?>> edgeColumns() {
        return List.of(DSL.field(tables.name(START), SQLDataType.INTEGER.notNull()),
                DSL.field(tables.name(END), SQLDataType.INTEGER.notNull()));
    }

    private static List<Field<?>> unqualified(List<Field<?>> columns) {
        return columns.stream().<Field<?>>map(f -> DSL.field(f.getUnqualifiedName(), f.getDataType())).toList();
    }

    /** A column of a node or edge table, alias and column folded like the templates' unquoted spellings. */
    /** A column of {@code table} named by the table itself: Trino's DELETE gives its table no alias. */
    private Field<Integer> columnOf(Table<?> table, String name) {
        return DSL.field(table.getQualifiedName().append(tables.name(name)), SQLDataType.INTEGER);
    }

    private Field<Integer> column(String alias, String name) {
        return DSL.field(alias == null ? tables.name(name) : tables.name(alias, name), SQLDataType.INTEGER);
    }
}
