package org.kanon.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.EnumMap;
import java.util.Map;
import java.util.UUID;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;

/**
 * Fresh test databases whose kanon catalog is already migrated, copied from a template migrated once per kind per test
 * JVM: the catalog's migrations cost 0.3-0.9 s on every new database (Derby most), while a copy costs tens of ms
 * (Derby: {@code createFrom} a backup; PostgreSQL: {@code CREATE DATABASE ... TEMPLATE}; DuckDB: a copy of the file).
 * The copy is the template byte for byte, so a test sees what kanon's own first open would have left. MariaDB keeps
 * kanon's namespaces in sibling databases and has no template, so its databases are migrated one by one.
 */
final class MigratedTemplates {
    private static final Map<TestDatabases.Kind, Object> TEMPLATES = new EnumMap<>(TestDatabases.Kind.class);

    private MigratedTemplates() {
    }

    static ConnectionSettings copy(TestDatabases.Kind kind) {
        return switch (kind) {
            case DERBY -> derbyCopy((Path) template(kind));
            case POSTGRES -> postgresCopy((String) template(kind));
            case DUCKDB -> duckDbCopy((Path) template(kind));
            case MARIADB -> migratedInPlace(TestDatabases.create(kind));
        };
    }

    private static synchronized Object template(TestDatabases.Kind kind) {
        return TEMPLATES.computeIfAbsent(kind, k -> switch (k) {
            case DERBY -> derbyTemplate();
            case POSTGRES -> postgresTemplate();
            case DUCKDB -> duckDbTemplate();
            case MARIADB -> "";
        });
    }

    private static ConnectionSettings migratedInPlace(ConnectionSettings settings) {
        try (Database ignored = Database.open(settings)) {
            return settings;
        }
    }

    /** A backup of a migrated in-memory database, in a temporary folder removed when the JVM ends. */
    private static Path derbyTemplate() {
        ConnectionSettings template = migratedInPlace(TestDatabases.create(TestDatabases.Kind.DERBY));
        String url = template.url().substring(0, template.url().indexOf(';'));
        try {
            Path folder = Files.createTempDirectory("kanon-derby-template-");
            try (Connection c = DriverManager.getConnection(url);
                 CallableStatement backup = c.prepareCall("CALL SYSCS_UTIL.SYSCS_BACKUP_DATABASE(?)")) {
                backup.setString(1, folder.toString());
                backup.execute();
            }
            TestDatabases.dispose(template);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(folder), "derby-template-cleanup"));
            return folder.resolve(url.substring(url.lastIndexOf(':') + 1));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot back up the Derby template " + url, e);
        }
    }

    private static ConnectionSettings derbyCopy(Path backup) {
        String url = "jdbc:derby:memory:" + TestDatabases.uniqueName();
        try (Connection ignored = DriverManager.getConnection(url + ";createFrom=" + backup)) {
            return new ConnectionSettings(url + ";create=true", null, null);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot copy the Derby template " + backup, e);
        }
    }

    /** A migrated database on the server, dropped when the JVM ends; one per JVM, so forks never share one. */
    private static String postgresTemplate() {
        ConnectionSettings template = migratedInPlace(TestDatabases.create(TestDatabases.Kind.POSTGRES));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> TestDatabases.dispose(template), "postgres-template-cleanup"));
        return TestDatabases.databaseName(template.url());
    }

    private static ConnectionSettings postgresCopy(String template) {
        String name = "kanon_t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        for (int attempt = 1; ; attempt++) {
            try (Connection c = DriverManager.getConnection(TestDatabases.pgUrl(), TestDatabases.pgUser(), null);
                 Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE " + name + " TEMPLATE " + template);
                return TestDatabases.pgSettings(name);
            } catch (SQLException e) {
                // 55006: the template's last session (the pool that migrated it) has not quite ended yet
                if (!"55006".equals(e.getSQLState()) || attempt == 50) {
                    throw new IllegalStateException("cannot copy the PostgreSQL template " + template, e);
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(interrupted);
                }
            }
        }
    }

    private static Path duckDbTemplate() {
        ConnectionSettings template = migratedInPlace(TestDatabases.create(TestDatabases.Kind.DUCKDB));
        return TestDatabases.duckDbFile(template.url());
    }

    private static ConnectionSettings duckDbCopy(Path template) {
        ConnectionSettings copy = TestDatabases.create(TestDatabases.Kind.DUCKDB);
        try {
            Files.copy(template, TestDatabases.duckDbFile(copy.url()));
            Path wal = Path.of(template + ".wal");
            if (Files.exists(wal)) {
                Files.copy(wal, Path.of(TestDatabases.duckDbFile(copy.url()) + ".wal"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return copy;
    }

    private static void deleteTree(Path folder) {
        try (var paths = Files.walk(folder)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary folder: the system cleans it in the end
        }
    }
}
