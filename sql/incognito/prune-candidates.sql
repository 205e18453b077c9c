-- Incognito (LeFevre, DeWitt, Ramakrishnan, SIGMOD 2005), section 3.1.2, the prune phase (subset property).
-- Deletes the candidates of C_i whose (i-1)-subset without position j is not in S_{i-1}: T cannot be
-- k-anonymous for them. The paper probes a hash tree; here one anti-join per position, run for j = 1..i-2 (the
-- subsets without position i-1 or i are the parents, in S_{i-1} by construction).
-- {0} = C_i (no alias: Trino's DELETE takes none; the condition names the table itself)
-- {1} = S_{i-1} (alias s)
-- {2} = s.DIMk = C_i.DIMm AND s.INDEXk = C_i.INDEXm for k = 1..i-1, with m = k below j and m = k + 1 from j on
-- No ? binds.
DELETE FROM {0}
WHERE NOT EXISTS (SELECT 1 FROM {1} s WHERE {2})
