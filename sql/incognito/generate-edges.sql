-- Incognito (LeFevre, DeWitt, Ramakrishnan, SIGMOD 2005), section 3.1.2, edge generation, Figure 6 text, in one
-- statement as the paper writes it: WITH CandidateEdges (candidate-edges.sql), then E_i = the candidate edges minus
-- the implied ones. An implied edge spans exactly one intermediate candidate (D1.end = D2.start), so one self-join
-- of the candidate edges finds them all. Where there is no WITH (Derby), store-candidate-edges.sql and
-- remove-implied-edges.sql do the same in two statements.
-- {0} = the edge table: ITER, START_NODE, END_NODE, edges of the live iterations told apart by ITER
-- {1} = candidate-edges.sql for the new iteration
-- {2} = the new iteration's number, ITER of the edges written (E_i)
-- No ? binds.
INSERT INTO {0} (ITER, START_NODE, END_NODE)
WITH CandidateEdges (START_NODE, END_NODE) AS ({1})
SELECT {2}, d.START_NODE, d.END_NODE
FROM CandidateEdges d
EXCEPT
SELECT {2}, d1.START_NODE, d2.END_NODE
FROM CandidateEdges d1, CandidateEdges d2
WHERE d1.END_NODE = d2.START_NODE
