package org.kanon.testing;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.ingest.CsvImporter;
import org.kanon.ingest.ImportOptions;
import org.kanon.progress.Progress;
import org.kanon.schema.SourceTable;
import org.kanon.schema.hierarchy.DimensionTableWriter;
import org.kanon.schema.hierarchy.HierarchyFolder;

/**
 * The run's shared Adult database of one kind: UCI's 45,222-row file imported as table {@value #TABLE} and ARX's nine
 * hierarchies bound, once per database kind per test JVM, on first use, dropped when the JVM ends. Read-only by
 * contract: tests read the table and may write releases under names of their own; a test that changes the table, its
 * hierarchies or kanon's settings imports its own copy instead. Skipped, naming the folder, when ../shared is absent.
 */
public final class AdultFixture {
    public static final String TABLE = "adult";
    /** The nine columns ARX's hierarchies cover, in the file's order. */
    public static final List<String> QIS = List.of("age", "workclass", "education", "marital-status", "occupation", "race",
            "sex", "native-country", "salary-class");

    private static final Map<TestDatabases.Kind, AdultFixture> MADE = new EnumMap<>(TestDatabases.Kind.class);

    private final TestDatabases.Kind kind;
    private final ConnectionSettings settings;

    private AdultFixture(TestDatabases.Kind kind, ConnectionSettings settings) {
        this.kind = kind;
        this.settings = settings;
    }

    /** The shared Adult database of {@code kind}, made on first use. */
    public static synchronized AdultFixture of(TestDatabases.Kind kind) {
        AdultFixture made = MADE.get(kind);
        if (made == null) {
            Path csv = SharedData.file("datasets/adult-uci/adult-45222.csv");
            Path hierarchies = SharedData.file("datasets/adult-arx/adult_hierarchy_age.csv").getParent();
            made = TestCosts.time(TestCosts.Cost.ADULT, () -> create(kind, csv, hierarchies));
            MADE.put(kind, made);
        }
        return made;
    }

    private static AdultFixture create(TestDatabases.Kind kind, Path csv, Path hierarchies) {
        ConnectionSettings settings = TestDatabases.migrated(kind);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> TestDatabases.dispose(settings), "adult-fixture-" + kind));
        try (Database db = Database.open(settings)) {
            SourceTable table = new CsvImporter(db).importCsv(csv, TABLE, new ImportOptions(null, false)).table();
            new DimensionTableWriter(db, Progress.NONE).bindAll(table, HierarchyFolder.read(table, hierarchies).hierarchies(),
                    DimensionTableWriter.IfBound.REFUSE);
        }
        return new AdultFixture(kind, settings);
    }

    public TestDatabases.Kind kind() {
        return kind;
    }

    /** Where the shared database is; a test connects with these, and changes nothing that is there. */
    public ConnectionSettings settings() {
        return settings;
    }
}
