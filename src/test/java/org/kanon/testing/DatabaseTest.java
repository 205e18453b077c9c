package org.kanon.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test that runs once per available database kind, handed its database by {@link TestDatabaseExtension}: a
 * parameter of type {@link TestDatabases.Kind} is the kind; {@link org.kanon.db.ConnectionSettings} a fresh database of
 * that kind with kanon's catalog migrated (an empty one if the parameter is {@link NeverOpened}) and
 * {@link org.kanon.db.Database} one opened, both dropped when the test ends; {@link AdultFixture}
 * the run's shared, read-only Adult database of that kind. {@link #only()} narrows the kinds (say, to the servers for
 * tests of several processes); a test whose kinds are all absent here is skipped, naming what it needs.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@TestTemplate
@ExtendWith(TestDatabaseExtension.class)
public @interface DatabaseTest {
    /** The kinds to run on, of those available; empty: all of them. */
    TestDatabases.Kind[] only() default {};
}
