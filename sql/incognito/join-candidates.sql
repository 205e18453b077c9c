-- Incognito (LeFevre, DeWitt, Ramakrishnan, SIGMOD 2005), section 3.1.2, the join phase (Figure 6 layout).
-- Every pair p, q of S_{i-1} that agrees on its first i-2 (dim, index) pairs and whose last dimension of p comes
-- before that of q is one candidate of C_i: p's pairs followed by q's last pair. The order on dimensions only
-- keeps each candidate from being built twice. ID numbers the candidates; parent1, parent2 keep p.ID and q.ID,
-- which edge generation (generate-edges.sql) follows.
-- {0} = C_i, the new node table: ID, DIM1, INDEX1, ..., DIMi, INDEXi, PARENT1, PARENT2
-- {1} = the columns of {0} in that order
-- {2} = p.DIM1, p.INDEX1, ..., p.DIM(i-1), p.INDEX(i-1), q.DIM(i-1), q.INDEX(i-1)
-- {3} = S_{i-1}, the nodes that survived iteration i-1 (same layout, i-1 pairs; IDs those of C_{i-1})
-- {4} = p.DIMk = q.DIMk AND p.INDEXk = q.INDEXk for k = 1..i-2 (TRUE when i = 2)
-- {5} = p.DIM(i-1)
-- {6} = q.DIM(i-1)
-- No ? binds.
INSERT INTO {0} ({1})
SELECT ROW_NUMBER() OVER (), {2}, p.ID, q.ID
FROM {3} p, {3} q
WHERE {4} AND {5} < {6}
