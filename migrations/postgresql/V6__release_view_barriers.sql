-- PostgreSQL only (issue 19): every release view is a security barrier, so a reader's own conditions (a pg_temp
-- function, a failing cast) only ever see the rows the view lets through. kanon marks the views it creates; this
-- marks those created before it did. Only views the running role may alter (it owns them, or is a member of their
-- owner): for any other, re-run sql/postgres/least-privilege.sql as the DBA. Derby's counterpart (migrations/derby/V6)
-- does nothing: Derby has no security-barrier views.
DO $$
DECLARE
    v record;
BEGIN
    FOR v IN SELECT schemaname, viewname FROM pg_views
              WHERE schemaname = 'kanon_release' AND pg_has_role(current_user, viewowner, 'USAGE')
    LOOP
        EXECUTE format('ALTER VIEW %I.%I SET (security_barrier = true)', v.schemaname, v.viewname);
    END LOOP;
END
$$;
