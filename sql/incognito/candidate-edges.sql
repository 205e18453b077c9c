-- Incognito (LeFevre, DeWitt, Ramakrishnan, SIGMOD 2005), section 3.1.2, edge generation, Figure 6 text: the
-- paper's CandidateEdges, a query that generate-edges.sql names in its WITH clause (or, where there is no WITH,
-- store-candidate-edges.sql stores). B is a generalization of A when A's parent1 has an edge to B's parent1 and A's
-- parent2 equals or has an edge to B's parent2, or the parents' roles swapped with parent1 equal. The paper writes
-- one OR over C_i x C_i x E_{i-1} x E_{i-1}, which is empty whenever E_{i-1} is; a UNION of the three cases says the
-- same and keeps each join small.
-- {0} = the edge table: ITER, START_NODE, END_NODE (the paper's start, end; END is reserved), edges of the live
--       iterations told apart by ITER
-- {1} = the node table (join-candidates.sql); C_i is its rows of the new iteration
-- {2} = the new iteration's number
-- {3} = the previous iteration's number: E_{i-1} is the edge table's rows of it
-- No ? binds.
SELECT p.ID, q.ID
FROM {1} p, {1} q, {0} e, {0} f
WHERE p.ITER = {2} AND q.ITER = {2} AND e.ITER = {3} AND f.ITER = {3}
  AND e.START_NODE = p.PARENT1 AND e.END_NODE = q.PARENT1
  AND f.START_NODE = p.PARENT2 AND f.END_NODE = q.PARENT2
UNION
SELECT p.ID, q.ID
FROM {1} p, {1} q, {0} e
WHERE p.ITER = {2} AND q.ITER = {2} AND e.ITER = {3}
  AND e.START_NODE = p.PARENT1 AND e.END_NODE = q.PARENT1 AND p.PARENT2 = q.PARENT2
UNION
SELECT p.ID, q.ID
FROM {1} p, {1} q, {0} e
WHERE p.ITER = {2} AND q.ITER = {2} AND e.ITER = {3}
  AND e.START_NODE = p.PARENT2 AND e.END_NODE = q.PARENT2 AND p.PARENT1 = q.PARENT1
