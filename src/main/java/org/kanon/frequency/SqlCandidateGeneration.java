package org.kanon.frequency;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.QueryPart;
import org.jooq.Table;
import org.jooq.exception.DataAccessException;
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
 * edge tables (Figure 6 layout: ID, DIM1, INDEX1, .., PARENT1, PARENT2; edges START_NODE, END_NODE), and the join
 * (with the prune folded in) and edge-generation statements of {@code sql/incognito/} over them. Same result as
 * {@link CandidateGeneration#next}, which the tests hold it to. DIMk holds the QI index, so the paper's "arbitrary
 * ordering" of dimensions is the QI order, as in the Java version.
 *
 * <p>One node table and one edge table serve every iteration (column ITER tells them apart; a node has NULL past
 * its size): a graph this object generated stays in them, so the next generation only deletes its failed nodes, and
 * an iteration costs four round trips (delete, join and prune, edges, read) where creating, loading, filling and
 * dropping five tables per iteration cost seventeen or more; on a database where each statement is a commit
 * (Trino's Iceberg tables) or a plan of a quarter second, those were most of the search. The tables are scratch
 * tables of the given connection, dropped by {@link #close}.
 */
public final class SqlCandidateGeneration implements AutoCloseable {
    private static final String ITER = "ITER";
    private static final String ID = "ID";
    private static final String PARENT1 = "PARENT1";
    private static final String PARENT2 = "PARENT2";
    private static final String START = "START_NODE";
    private static final String END = "END_NODE";
    /** Failed IDs per DELETE: a long IN list is one statement to parse, and Derby compiles a statement to one method. */
    private static final int IDS_PER_DELETE = 500;

    private final ScratchTables tables;
    /** QIs of the table: a node has at most as many (dim, index) pairs. */
    private final int width;
    private Table<?> nodeTable;
    private Table<?> edgeTable;
    /** Where the database has no WITH: the candidate edges of every iteration, by ITER. */
    private Table<?> candidateEdgeTable;
    /** The last graph generated, its iteration number and its nodes' IDs in the node table; null before the first. */
    private CandidateGraph last;
    private int lastIteration;
    private Map<Node, Integer> lastIds;
    private int iterations;
    private long statements;

    /** Generation for a table of {@code qis} quasi-identifiers (the widest candidate). */
    public SqlCandidateGeneration(ScratchTables tables, int qis) {
        this.tables = tables;
        this.width = qis;
    }

    /** Statements sent so far (a batch counts once: one round trip). */
    public long statements() {
        return statements;
    }

    /**
     * C_{i+1} and E_{i+1} from the graph of iteration i and the nodes S_i of it that survived. The graph this object
     * returned last is still in the tables; any other is loaded first.
     */
    public CandidateGraph next(CandidateGraph graph, Set<Node> survivors) {
        if (survivors.isEmpty()) {
            return CandidateGraphs.of(List.of(), Map.of(), List.of());
        }
        int size = survivors.iterator().next().size();
        if (size >= width) {
            throw new IllegalArgumentException("no candidates beyond " + width + " QIs");
        }
        Set<Node> nodes = Set.copyOf(graph.nodes());
        for (Node s : survivors) {
            if (!nodes.contains(s) || s.size() != size) {
                throw new IllegalArgumentException("survivor " + s + " is not a node of the graph");
            }
        }
        Map<Node, Integer> ids;
        int previous;
        if (graph == last) {
            ids = lastIds;
            previous = lastIteration;
            deleteFailed(graph, survivors, ids, previous);
        } else {
            ids = new HashMap<>();
            for (Node n : graph.nodes()) {
                ids.put(n, ids.size() + 1);
            }
            previous = ++iterations;
            load(graph, survivors, ids, previous);
        }
        int iteration = ++iterations;
        join(size + 1, iteration, previous);
        edges(iteration, previous);
        Map<Integer, Node> byId = new HashMap<>();
        ids.forEach((node, id) -> byId.put(id, node));
        CandidateGraph next = read(size + 1, iteration, byId);
        last = next;
        lastIteration = iteration;
        return next;
    }

    /**
     * Creates the node and edge tables at the first generation, indexed for the joins of the templates where the
     * database has indexes: without them MariaDB joined the edge table to itself as a cross product first (83 million
     * rows) and took 105 s for one iteration's edges of Adult at 9 QIs.
     */
    private void ensureTables() {
        if (nodeTable == null) {
            List<Field<?>> nodes = nodeColumns(width);
            nodeTable = tables.create("n", nodes);
            statements++;
            edgeTable = tables.create("e", edgeColumns());
            statements++;
            if (tables.profile().indexesScratchTables()) {
                // the parents, for edge generation; the first pairs, for the join's prefix and the prune's subsets
                tables.index(nodeTable, List.of(nodes.get(0), nodes.get(nodes.size() - 2), nodes.get(nodes.size() - 1)));
                tables.index(nodeTable, nodes.subList(0, 2 + 2 * Math.min(width, 3)).stream().filter(f -> f != nodes.get(1)).toList());
                tables.index(edgeTable, edgeColumns());
                statements += 3;
            }
        }
    }

    /**
     * S_i from C_i in the tables: its failed nodes deleted, with every row of earlier iterations (no longer read), in
     * one batch where the driver sends one.
     */
    private void deleteFailed(CandidateGraph graph, Set<Node> survivors, Map<Node, Integer> ids, int iteration) {
        DSLContext ctx = tables.dsl();
        List<Integer> failed = new ArrayList<>();
        for (Node n : graph.nodes()) {
            if (!survivors.contains(n)) {
                failed.add(ids.get(n));
            }
        }
        Field<Integer> iter = column(null, ITER);
        List<org.jooq.Query> deletes = new ArrayList<>();
        boolean batches = tables.profile().batchesRows();
        if (batches) { // else (Trino: each DELETE a statement and a commit) earlier iterations' rows stay until close
            deletes.add(ctx.deleteFrom(nodeTable).where(iter.lt(DSL.inline(iteration))));
            deletes.add(ctx.deleteFrom(edgeTable).where(iter.lt(DSL.inline(iteration))));
            if (candidateEdgeTable != null) {
                deletes.add(ctx.deleteFrom(candidateEdgeTable).where(iter.le(DSL.inline(iteration))));
            }
        }
        for (int from = 0; from < failed.size(); from += IDS_PER_DELETE) {
            List<Field<Integer>> chunk = failed.subList(from, Math.min(failed.size(), from + IDS_PER_DELETE)).stream()
                    .<Field<Integer>>map(DSL::inline).toList();
            deletes.add(ctx.deleteFrom(nodeTable).where(iter.eq(DSL.inline(iteration))).and(column(null, ID).in(chunk)));
        }
        if (deletes.isEmpty()) {
            return;
        }
        ctx.batch(deletes).execute();
        statements += batches ? 1 : deletes.size(); // where a batch is sent statement by statement
    }

    /** A graph generated elsewhere: its survivors and all its edges, under iteration number {@code iteration}. */
    private void load(CandidateGraph graph, Set<Node> survivors, Map<Node, Integer> ids, int iteration) {
        ensureTables();
        int size = survivors.iterator().next().size();
        List<Field<?>> columns = nodeColumns(size);
        RowBatch batch = new RowBatch(tables.dsl(), nodeTable.getQualifiedName(), columns);
        for (Node n : graph.nodes()) { // graph order: deterministic IDs and rows
            if (survivors.contains(n)) {
                Object[] row = new Object[columns.size()];
                row[0] = iteration;
                row[1] = ids.get(n);
                for (int k = 0; k < size; k++) {
                    row[2 + 2 * k] = n.attribute(k);
                    row[3 + 2 * k] = n.level(k);
                }
                batch.add(row);
            }
        }
        batch.flush();
        statements += batch.roundTrips();
        if (graph.edgeCount() == 0) {
            return;
        }
        // rows together (a batch where the driver sends one; else multi-row VALUES: Trino runs a batch row by row)
        RowBatch edges = new RowBatch(tables.dsl(), edgeTable.getQualifiedName(), edgeColumns());
        for (Node from : graph.nodes()) {
            for (Node to : graph.successors(from)) {
                edges.add(new Object[] {iteration, ids.get(from), ids.get(to)});
            }
        }
        edges.flush();
        statements += edges.roundTrips();
    }

    /**
     * join-candidates.sql with prune-candidates.sql for every position whose subset is not a parent; where the database
     * would scan the node table per joined pair for those (DatabaseProfile#prunesInJoin), the join alone and then
     * prune-joined-candidates.sql for each position, in one batch.
     */
    private void join(int size, int iteration, int previous) {
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
        boolean inJoin = tables.profile().prunesInJoin();
        Condition prune = DSL.noCondition();
        List<org.jooq.Query> deletes = new ArrayList<>();
        String subsetTemplate = SqlTemplates.load("incognito/prune-candidates.sql", tables.dialect());
        String deleteTemplate = SqlTemplates.load("incognito/prune-joined-candidates.sql", tables.dialect());
        for (int drop = 1; drop <= size - 2; drop++) {
            Condition same = DSL.noCondition();
            for (int k = 1; k < size; k++) {
                int m = k < drop ? k : k + 1;
                Field<Integer> dim = inJoin ? select.get(2 * (m - 1)).coerce(Integer.class) : columnOf(nodeTable, "DIM" + m);
                Field<Integer> index = inJoin ? select.get(2 * (m - 1) + 1).coerce(Integer.class) : columnOf(nodeTable, "INDEX" + m);
                same = same.and(column("s", "DIM" + k).eq(dim)).and(column("s", "INDEX" + k).eq(index));
            }
            if (inJoin) {
                prune = prune.and(DSL.condition(subsetTemplate, nodeTable, DSL.inline(previous), same));
            } else {
                deletes.add(tables.dsl().query(deleteTemplate, nodeTable, DSL.inline(iteration), DSL.inline(previous), same));
            }
        }
        run("incognito/join-candidates.sql", nodeTable, DSL.list(unqualified(nodeColumns(size))), DSL.list(select),
                DSL.inline(iteration), DSL.inline(previous), prefix, column("p", "DIM" + (size - 1)),
                column("q", "DIM" + (size - 1)), prune);
        if (!deletes.isEmpty()) {
            tables.dsl().batch(deletes).execute();
            statements += tables.profile().batchesRows() ? 1 : deletes.size();
        }
    }

    /** A column of {@code table} named by the table itself (a DELETE without an alias). */
    private Field<Integer> columnOf(Table<?> table, String name) {
        return DSL.field(table.getQualifiedName().append(tables.name(name)), SQLDataType.INTEGER);
    }

    /**
     * generate-edges.sql with candidate-edges.sql as its WITH; where there is no WITH, the candidate edges stored
     * (store-candidate-edges.sql) and then thinned (remove-implied-edges.sql): one statement more.
     */
    private void edges(int iteration, int previous) {
        QueryPart candidates = DSL.sql(SqlTemplates.load("incognito/candidate-edges.sql", tables.dialect()), edgeTable,
                nodeTable, DSL.inline(iteration), DSL.inline(previous));
        if (tables.profile().commonTableExpressions()) {
            run("incognito/generate-edges.sql", edgeTable, candidates, DSL.inline(iteration));
            return;
        }
        if (candidateEdgeTable == null) {
            candidateEdgeTable = tables.create("ce", edgeColumns());
            statements++;
            if (tables.profile().indexesScratchTables()) {
                tables.index(candidateEdgeTable, edgeColumns());
                statements++;
            }
        }
        run("incognito/store-candidate-edges.sql", candidateEdgeTable, candidates, DSL.inline(iteration));
        run("incognito/remove-implied-edges.sql", edgeTable, candidateEdgeTable, DSL.inline(iteration));
    }

    /**
     * C_i and E_i in one statement (a UNION ALL of the node rows and the edge rows, tagged), sorted here: on Trino a
     * statement is most of a second. Read through the JDBC result set: thousands of rows per iteration, and a jOOQ
     * Record for each took most of the time between the statements (Adult, 9 QIs: 20-30 ms per iteration in a fresh
     * JVM).
     */
    private CandidateGraph read(int size, int iteration, Map<Integer, Node> previous) {
        List<Field<?>> columns = unqualified(nodeColumns(size)).subList(1, 4 + 2 * size); // ID, pairs, parents
        Field<Integer> iter = column(null, ITER);
        List<Field<?>> nodeRow = new ArrayList<>();
        nodeRow.add(DSL.inline(0).as("kind"));
        nodeRow.addAll(columns);
        List<Field<?>> edgeRow = new ArrayList<>();
        edgeRow.add(DSL.inline(1));
        edgeRow.add(column(null, START));
        edgeRow.add(column(null, END));
        while (edgeRow.size() < nodeRow.size()) {
            edgeRow.add(DSL.castNull(SQLDataType.INTEGER));
        }
        DSLContext ctx = tables.dsl();
        List<int[]> rows = new ArrayList<>();
        List<int[]> edgeIds = new ArrayList<>();
        try (ResultSet rs = ctx.select(nodeRow).from(nodeTable).where(iter.eq(DSL.inline(iteration)))
                .unionAll(ctx.select(edgeRow).from(edgeTable).where(iter.eq(DSL.inline(iteration)))).fetchResultSet()) {
            while (rs.next()) {
                if (rs.getInt(1) == 1) {
                    edgeIds.add(new int[] {rs.getInt(2), rs.getInt(3)});
                    continue;
                }
                int[] row = new int[3 + 2 * size]; // ID, (dim, index) pairs, parent1, parent2
                for (int c = 0; c < row.length; c++) {
                    row[c] = rs.getInt(2 + c);
                }
                rows.add(row);
            }
        } catch (SQLException e) {
            throw new DataAccessException("reading the candidate graph", e);
        }
        statements++;
        // the order of the paper's tables: by dimensions, then by indexes (the Java generation's order)
        rows.sort((x, y) -> {
            for (int k = 0; k < size; k++) {
                int c = Integer.compare(x[1 + 2 * k], y[1 + 2 * k]);
                if (c != 0) {
                    return c;
                }
            }
            for (int k = 0; k < size; k++) {
                int c = Integer.compare(x[2 + 2 * k], y[2 + 2 * k]);
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        });
        List<Node> nodes = new ArrayList<>();
        Map<Integer, Node> byId = new HashMap<>();
        Map<Node, Integer> ids = new HashMap<>();
        Map<Node, Node[]> parents = new LinkedHashMap<>();
        for (int[] row : rows) {
            int[] attributes = new int[size];
            int[] levels = new int[size];
            for (int k = 0; k < size; k++) {
                attributes[k] = row[1 + 2 * k];
                levels[k] = row[2 + 2 * k];
            }
            Node n = new Node(attributes, levels);
            nodes.add(n);
            byId.put(row[0], n);
            ids.put(n, row[0]);
            parents.put(n, new Node[] {previous.get(row[1 + 2 * size]), previous.get(row[2 + 2 * size])});
        }
        edgeIds.sort((x, y) -> x[0] != y[0] ? Integer.compare(x[0], y[0]) : Integer.compare(x[1], y[1]));
        List<Node[]> edgeList = new ArrayList<>(edgeIds.size());
        for (int[] e : edgeIds) {
            edgeList.add(new Node[] {byId.get(e[0]), byId.get(e[1])});
        }
        lastIds = ids;
        return CandidateGraphs.of(nodes, parents, edgeList);
    }

    private void run(String template, Object... parts) {
        tables.dsl().query(SqlTemplates.load(template, tables.dialect()), parts).execute();
        statements++;
    }

    /** Drops the node and edge tables. */
    @Override
    public void close() {
        for (Table<?> t : new Table<?>[] {nodeTable, edgeTable, candidateEdgeTable}) {
            if (t != null) {
                tables.drop(t);
                statements++;
            }
        }
        nodeTable = null;
        edgeTable = null;
        candidateEdgeTable = null;
        last = null;
    }

    /**
     * ITER, ID, DIM1, INDEX1, .., DIMn, INDEXn, PARENT1, PARENT2 (the pairs past a node's size NULL, and the parents in
     * a loaded graph).
     */
    private List<Field<?>> nodeColumns(int size) {
        List<Field<?>> columns = new ArrayList<>();
        columns.add(DSL.field(tables.name(ITER), SQLDataType.INTEGER.notNull()));
        columns.add(DSL.field(tables.name(ID), SQLDataType.INTEGER.notNull()));
        for (int k = 1; k <= size; k++) {
            columns.add(DSL.field(tables.name("DIM" + k), SQLDataType.INTEGER));
            columns.add(DSL.field(tables.name("INDEX" + k), SQLDataType.INTEGER));
        }
        columns.add(DSL.field(tables.name(PARENT1), SQLDataType.INTEGER));
        columns.add(DSL.field(tables.name(PARENT2), SQLDataType.INTEGER));
        return columns;
    }

    private List<Field<?>> edgeColumns() {
        return List.of(DSL.field(tables.name(ITER), SQLDataType.INTEGER.notNull()), DSL.field(tables.name(START), SQLDataType.INTEGER.notNull()),
                DSL.field(tables.name(END), SQLDataType.INTEGER.notNull()));
    }

    private static List<Field<?>> unqualified(List<Field<?>> columns) {
        return columns.stream().<Field<?>>map(f -> DSL.field(f.getUnqualifiedName(), f.getDataType())).toList();
    }

    /** A column of a node or edge table, alias and column folded like the templates' unquoted spellings. */
    private Field<Integer> column(String alias, String name) {
        return DSL.field(alias == null ? tables.name(name) : tables.name(alias, name), SQLDataType.INTEGER);
    }
}
