-- Incognito (LeFevre, DeWitt, Ramakrishnan, SIGMOD 2005), section 3.1.2, edge generation, Figure 6 text:
-- the CandidateEdges of the paper's WITH clause, materialized (Derby has no WITH). B is a generalization of A
-- when A's parent1 has an edge to B's parent1 and A's parent2 equals or has an edge to B's parent2, or the
-- parents' roles swapped with parent1 equal. The paper writes one OR over C_i x C_i x E_{i-1} x E_{i-1}, which is
-- empty whenever E_{i-1} is; a UNION of the three cases says the same and keeps each join small.
-- {0} = the candidate edge table: START_NODE, END_NODE (the paper's start, end; END is reserved)
-- {1} = C_i: ID, DIM1, INDEX1, ..., PARENT1, PARENT2
-- {2} = E_{i-1}: START_NODE, END_NODE between IDs of C_{i-1}
-- No ? binds.
INSERT INTO {0} (START_NODE, END_NODE)
SELECT p.ID, q.ID
FROM {1} p, {1} q, {2} e, {2} f
WHERE e.START_NODE = p.PARENT1 AND e.END_NODE = q.PARENT1
  AND f.START_NODE = p.PARENT2 AND f.END_NODE = q.PARENT2
UNION
SELECT p.ID, q.ID
FROM {1} p, {1} q, {2} e
WHERE e.START_NODE = p.PARENT1 AND e.END_NODE = q.PARENT1 AND p.PARENT2 = q.PARENT2
UNION
SELECT p.ID, q.ID
FROM {1} p, {1} q, {2} e
WHERE e.START_NODE = p.PARENT2 AND e.END_NODE = q.PARENT2 AND p.PARENT1 = q.PARENT1
