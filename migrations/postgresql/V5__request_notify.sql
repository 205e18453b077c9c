-- PostgreSQL only: a new request wakes the workers that LISTEN on channel kanon_requests (payload: the request id),
-- so a worker need not poll. Derby's counterpart (migrations/derby/V5) declares the engine's procedures instead.
CREATE OR REPLACE FUNCTION notify_request() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('kanon_requests', NEW.id::text);
    RETURN NEW;
END
$$;

CREATE TRIGGER requests_notify AFTER INSERT ON requests FOR EACH ROW EXECUTE FUNCTION notify_request();
