-- Releases under models beyond k-anonymity ((alpha,k), l-diversity) and by local recoding (each row's QI values at
-- their own levels, so no single level vector describes the release). Existing rows are k-anonymous global recodings.
ALTER TABLE releases ADD COLUMN privacy_model VARCHAR(400) DEFAULT 'k-anonymity' NOT NULL;
ALTER TABLE releases ADD COLUMN recoding VARCHAR(10) DEFAULT 'GLOBAL' NOT NULL;
-- The model's sensitive attribute (a column of the release) and, for simple (alpha,k), the values of its sensitive
-- class, one per line: what `kanon metrics` and `kanon verify` need to judge the release again.
ALTER TABLE releases ADD COLUMN sensitive_attribute VARCHAR(128);
ALTER TABLE releases ADD COLUMN sensitive_values VARCHAR(4000);
ALTER TABLE releases ADD CONSTRAINT releases_recoding_ck CHECK (recoding IN ('GLOBAL', 'LOCAL'));
