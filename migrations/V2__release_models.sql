-- Releases under models beyond k-anonymity ((alpha,k), l-diversity) and by local recoding (each row's QI values at
-- their own levels, so no single level vector describes the release). Existing rows are k-anonymous global recodings.
ALTER TABLE releases ADD COLUMN privacy_model VARCHAR(400) DEFAULT 'k-anonymity' NOT NULL;
ALTER TABLE releases ADD COLUMN recoding VARCHAR(10) DEFAULT 'GLOBAL' NOT NULL;
ALTER TABLE releases ADD CONSTRAINT releases_recoding_ck CHECK (recoding IN ('GLOBAL', 'LOCAL'));
