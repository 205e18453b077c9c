package org.kanon.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a {@link DatabaseTest}'s {@link org.kanon.db.ConnectionSettings} parameter: a database kanon has never opened (no
 * catalog yet), for tests of what kanon's first open does; on a {@link org.kanon.db.Database} parameter: that database
 * opened by the test's own first open (which migrates it). Without it the database comes with kanon's catalog already
 * migrated, as any first command leaves it.
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
public @interface NeverOpened {
}
