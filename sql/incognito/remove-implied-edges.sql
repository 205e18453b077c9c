-- Incognito (LeFevre, DeWitt, Ramakrishnan, SIGMOD 2005), section 3.1.2, edge generation, Figure 6 text, second half
-- where there is no WITH: E_i is the candidate edges stored by store-candidate-edges.sql minus the implied ones. An
-- implied edge spans exactly one intermediate candidate (D1.end = D2.start), so one self-join finds them all.
-- {0} = the edge table: ITER, START_NODE, END_NODE
-- {1} = the candidate edge table (same layout)
-- {2} = the new iteration's number: the candidate edges read and the edges written have it as ITER
-- No ? binds.
INSERT INTO {0} (ITER, START_NODE, END_NODE)
SELECT {2}, d.START_NODE, d.END_NODE
FROM {1} d
WHERE d.ITER = {2}
EXCEPT
SELECT {2}, d1.START_NODE, d2.END_NODE
FROM {1} d1, {1} d2
WHERE d1.ITER = {2} AND d2.ITER = {2} AND d1.END_NODE = d2.START_NODE
