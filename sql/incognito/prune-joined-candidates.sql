-- Incognito (LeFevre, DeWitt, Ramakrishnan, SIGMOD 2005), section 3.1.2, the prune phase (subset property) as its own
-- statement after the join, where a database runs the EXISTS of prune-candidates.sql inside the join as a scan of the
-- node table per joined pair (Derby, whose temporary tables take no index): deletes the new candidates whose
-- (i-1)-subset without position j is not in S_{i-1}. Run for j = 1..i-2 in one batch.
-- {0} = the node table (no alias: the condition names the table itself)
-- {1} = the new iteration's number: its rows are the joined candidates
-- {2} = the previous iteration's number: its rows are S_{i-1}
-- {3} = s.DIMk = {0}.DIMm AND s.INDEXk = {0}.INDEXm for k = 1..i-1, with m = k below j and m = k + 1 from j on
-- No ? binds.
DELETE FROM {0}
WHERE ITER = {1} AND NOT EXISTS (SELECT 1 FROM {0} s WHERE s.ITER = {2} AND {3})
