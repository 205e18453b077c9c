-- The source columns a release leaves out (one name per line): its identifying columns (--identifying) and, for a
-- two-table release, every column neither a quasi-identifier nor the sensitive attribute. Recorded when the release
-- is registered; `kanon verify` fails a release whose relation holds any of them. NULL for releases registered
-- before this version (not checked).
ALTER TABLE releases ADD COLUMN dropped_columns VARCHAR(32000);
