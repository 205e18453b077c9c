-- Incognito (LeFevre, DeWitt, Ramakrishnan, SIGMOD 2005), section 3.1.2, edge generation, Figure 6 text:
-- E_i is the candidate edges minus the implied ones. An implied edge spans exactly one intermediate candidate
-- (D1.end = D2.start), so one self-join of the candidate edges finds them all.
-- {0} = E_i: START_NODE, END_NODE
-- {1} = the candidate edges written by generate-edges.sql
-- No ? binds.
INSERT INTO {0} (START_NODE, END_NODE)
SELECT d.START_NODE, d.END_NODE
FROM {1} d
EXCEPT
SELECT d1.START_NODE, d2.END_NODE
FROM {1} d1, {1} d2
WHERE d1.END_NODE = d2.START_NODE
