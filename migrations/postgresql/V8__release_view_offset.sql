-- PostgreSQL only (issue 19): a release view is SELECT * FROM (..) OFFSET 0 as well as a security barrier. A barrier
-- alone still lets a reader's leakproof conditions (disease = 'Flu') below the view's filter, where EXPLAIN ANALYZE
-- counts the filtered-out rows they match; no condition is pushed into a query with an OFFSET. kanon makes its views
-- so; this wraps those made before, once each (a view already ending in OFFSET 0 is left alone). Only views the
-- running role may replace (it owns them, or is a member of their owner): for any other, re-run
-- sql/postgres/least-privilege.sql as the DBA. Derby's counterpart (migrations/derby/V8) does nothing.
DO $$
DECLARE
    v record;
    body text;
BEGIN
    FOR v IN SELECT schemaname, viewname, definition FROM pg_views
              WHERE schemaname = 'kanon_release' AND pg_has_role(current_user, viewowner, 'USAGE')
    LOOP
        body := rtrim(v.definition, E'; \n\t');
        IF body !~* '\mOFFSET 0$' THEN
            EXECUTE format('CREATE OR REPLACE VIEW %I.%I WITH (security_barrier = true) AS SELECT * FROM (%s) released OFFSET 0',
                           v.schemaname, v.viewname, body);
        END IF;
    END LOOP;
END
$$;
