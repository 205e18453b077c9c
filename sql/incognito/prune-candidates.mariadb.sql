-- Incognito's prune phase (see prune-candidates.sql), MariaDB form: MariaDB's single-table DELETE takes no alias
-- for its table, so the multiple-table form names C_i once as c and deletes from it.
-- {0} = C_i (alias c)
-- {1} = S_{i-1} (alias s)
-- {2} = s.DIMk = c.DIMm AND s.INDEXk = c.INDEXm for k = 1..i-1, with m = k below j and m = k + 1 from j on
-- No ? binds.
DELETE c FROM {0} c
WHERE NOT EXISTS (SELECT 1 FROM {1} s WHERE {2})
