-- Two-table releases (permutation anonymization's PQT/PST, Anatomy's QIT/ST): relation_name holds the QI table,
-- sensitive_relation the sensitive table (same schema). partition_relation names the engine's private record of the
-- partition (every source row's QI values, sensitive value and group id, in the catalog schema, never released):
-- what the re-check SQL compares the released groups with.
ALTER TABLE releases ADD COLUMN sensitive_relation VARCHAR(128);
ALTER TABLE releases ADD COLUMN partition_relation VARCHAR(128);
ALTER TABLE releases DROP CONSTRAINT releases_recoding_ck;
ALTER TABLE releases ADD CONSTRAINT releases_recoding_ck CHECK (recoding IN ('GLOBAL', 'LOCAL', 'PERMUTED', 'ANATOMY'));
