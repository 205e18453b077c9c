-- Incognito (LeFevre, DeWitt, Ramakrishnan, SIGMOD 2005), section 3.1.2, edge generation, Figure 6 text, where a
-- statement cannot name a query (Derby has no WITH): the paper's CandidateEdges stored for remove-implied-edges.sql,
-- which reads them three times (as a derived table, Derby evaluated them again for every row of the self-join).
-- {0} = the candidate edge table: ITER, START_NODE, END_NODE
-- {1} = candidate-edges.sql for the new iteration (its columns are named here: Derby names none of a UNION)
-- {2} = the new iteration's number, ITER of the rows written
-- No ? binds.
INSERT INTO {0} (ITER, START_NODE, END_NODE)
SELECT {2}, c.START_NODE, c.END_NODE
FROM ({1}) c (START_NODE, END_NODE)
