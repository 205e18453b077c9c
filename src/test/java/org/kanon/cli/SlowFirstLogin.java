package org.kanon.cli;

import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.derby.authentication.UserAuthenticator;

/**
 * A Derby authentication provider (set in a child JVM by system property) whose first login takes
 * {@value #FIRST_LOGIN_MILLIS} ms, longer than the pool's connection timeout: a boot as slow as the recovery of a large
 * database, which the pool would abort ("Login timeout exceeded") on every open. The child's pool waits
 * {@value #POOL_TIMEOUT_MILLIS} ms instead of its 30 s ({@code kanon.test.connectionTimeout}), so the slow boot takes
 * seconds, not half a minute, and is still more than twice as long as the pool would wait.
 */
public final class SlowFirstLogin implements UserAuthenticator {
    static final long POOL_TIMEOUT_MILLIS = 2_000;
    static final long FIRST_LOGIN_MILLIS = 5_000;
    private static final AtomicBoolean FIRST = new AtomicBoolean(true);

    @Override
    public boolean authenticateUser(String user, String password, String database, Properties info) {
        if (FIRST.getAndSet(false)) {
            try {
                Thread.sleep(FIRST_LOGIN_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }
}
