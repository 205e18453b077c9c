-- Incognito (LeFevre, DeWitt, Ramakrishnan, SIGMOD 2005), section 3.1.2, the prune phase (subset property), as a
-- condition on one joined candidate of join-candidates.sql: it is kept only if its (i-1)-subset without position j
-- is in S_{i-1}, else T cannot be k-anonymous for it. The paper probes a hash tree; here one semi-join per position
-- j = 1..i-2 (the subsets without position i-1 or i are the parents, in S_{i-1} by construction).
-- {0} = the node table (alias s)
-- {1} = the previous iteration's number: its rows are S_{i-1}
-- {2} = s.DIMk = the candidate's DIMm AND s.INDEXk = its INDEXm for k = 1..i-1, with m = k below j and m = k + 1
--       from j on (the candidate's pair m is p's for m < i, q's last for m = i)
-- No ? binds.
EXISTS (SELECT 1 FROM {0} s WHERE s.ITER = {1} AND {2})
