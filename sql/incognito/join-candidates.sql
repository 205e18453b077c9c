-- Incognito (LeFevre, DeWitt, Ramakrishnan, SIGMOD 2005), section 3.1.2, the join phase with the prune phase folded
-- in (Figure 6 layout). Every pair p, q of S_{i-1} that agrees on its first i-2 (dim, index) pairs and whose last
-- dimension of p comes before that of q is one candidate of C_i: p's pairs followed by q's last pair. The order on
-- dimensions only keeps each candidate from being built twice. The prune phase (prune-candidates.sql, one condition
-- per position) keeps only candidates whose every (i-1)-subset survived, so C_i is joined and pruned in one statement. ID numbers the candidates; parent1, parent2 keep p.ID and q.ID, which edge generation follows.
-- {0} = the node table: ITER, ID, DIM1, INDEX1, ..., DIMn, INDEXn, PARENT1, PARENT2 for n QIs (pairs past a node's
--       size are NULL); the nodes of the live iterations, told apart by ITER
-- {1} = the columns written: ITER, ID, DIM1, INDEX1, ..., DIMi, INDEXi, PARENT1, PARENT2
-- {2} = p.DIM1, p.INDEX1, ..., p.DIM(i-1), p.INDEX(i-1), q.DIM(i-1), q.INDEX(i-1)
-- {3} = the new iteration's number, written as ITER of C_i
-- {4} = the previous iteration's number: its rows are S_{i-1} (the failed nodes of C_{i-1} were deleted)
-- {5} = p.DIMk = q.DIMk AND p.INDEXk = q.INDEXk for k = 1..i-2 (TRUE when i = 2)
-- {6} = p.DIM(i-1)
-- {7} = q.DIM(i-1)
-- {8} = the prune phase: prune-candidates.sql for j = 1..i-2, joined by AND (TRUE when i = 2)
-- No ? binds.
INSERT INTO {0} ({1})
SELECT {3}, ROW_NUMBER() OVER (), {2}, p.ID, q.ID
FROM {0} p, {0} q
WHERE p.ITER = {4} AND q.ITER = {4} AND {5} AND {6} < {7} AND {8}
