package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.metrics.AttributeLevels;
import org.kanon.metrics.UtilityMetrics;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import org.kanon.release.metrics.ReleaseMetrics;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.TextValues;
import org.kanon.schema.hierarchy.Dimension;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/**
 * {@code kanon metrics} reads a release's classes once (issue 32, item 5): its figures equal those of naive SQL, one
 * query per QI and level and one per class figure, on a global view, a local recoding with starred rows and Mondrian's
 * ranges; and metrics and report show that pass as a step while they work.
 */
class ReleaseMetricsAgreementCliTest {
    private static final String QI = "birthdate,sex,zipcode";

    @DatabaseTest
    @DisplayName("levels per QI, classes, smallest class, DM of global, local (starred) and Mondrian releases equal naive per-QI queries")
    void figuresEqualNaiveQueries(TestDatabases.Kind kind, ConnectionSettings settings) {
        CliRun cli = new CliRun(settings);
        ok(cli.run("import", PaperTables.PATIENTS_CSV.toString(), "--table", "patients"));
        ok(cli.run("hierarchy", "import", "--table", "patients", "--dir", PaperTables.PAPERS.toString(), "--prefix",
                PaperTables.PATIENTS_PREFIX));
        ok(cli.run("release", "--table", "patients", "--qi", QI, "--levels", "1,1,1", "--k", "2", "--name", "g"));
        ok(cli.run("anonymize", "--table", "patients", "--qi", QI, "--k", "3", "--algorithm", "kaca1", "--name", "l"));
        ok(cli.run("anonymize", "--table", "patients", "--qi", QI, "--k", "2", "--algorithm", "mondrian", "--name", "m"));
        ok(cli.run("release", "--table", "patients", "--qi", QI, "--levels", "1,0,1", "--k", "2", "--suppression", "2",
                "--suppress-mode", "star", "--name", "s", "--materialize"));
        try (Database db = Database.open(settings)) {
            for (String name : List.of("g", "l", "m", "s")) {
                ReleaseRecord r = new ReleaseRegister(db).require(name);
                UtilityMetrics u = new ReleaseMetrics(db).of(r).utility();
                Naive naive = Naive.of(db, r);
                for (int i = 0; i < naive.levels().size(); i++) {
                    AttributeLevels expected = naive.levels().get(i);
                    AttributeLevels actual = u.attributes().get(i);
                    assertArrayEquals(expected.cellsAtLevel(), actual.cellsAtLevel(), name + " " + expected.name() + " " + kind);
                    assertEquals(expected.cellsWithoutLevel(), actual.cellsWithoutLevel(), name + " " + expected.name() + " " + kind);
                }
                assertEquals(naive.rows(), u.rows(), name + " rows " + kind);
                if (r.rowsSuppressed() == 0 || !"star".equalsIgnoreCase(r.suppressMode())) {
                    assertEquals(naive.classes(), u.classes(), name + " classes " + kind);
                    assertEquals(naive.smallest(), u.smallestClass(), name + " smallest " + kind);
                    assertEquals(naive.squares() + r.rowsSuppressed() * r.rowsIn(), u.discernibility(), name + " DM " + kind);
                }
            }
            assertTrue(new ReleaseRegister(db).require("s").rowsSuppressed() > 0, "the starred release stars rows");
        }
    }

    @DatabaseTest(only = TestDatabases.Kind.DERBY)
    @DisplayName("metrics and report draw their class read as a step (KANON_PROGRESS=on); json and the default leave stderr empty")
    void progressWhileWorking(ConnectionSettings settings, @TempDir Path dir) {
        System.setProperty(ProgressBars.QUIET_PROPERTY, "0");
        try {
            CliRun cli = new CliRun(settings);
            ok(cli.run("import", PaperTables.PATIENTS_CSV.toString(), "--table", "patients"));
            ok(cli.run("hierarchy", "import", "--table", "patients", "--dir", PaperTables.PAPERS.toString(), "--prefix",
                    PaperTables.PATIENTS_PREFIX));
            ok(cli.run("release", "--table", "patients", "--qi", QI, "--levels", "1,1,1", "--k", "2", "--name", "g"));
            Kanon forced = new Kanon().withEnvironment(Map.of(ProgressChoice.VARIABLE, "on")).withWorkingDirectory(CliRun.noConfigDirectory());
            CliRun.Result metrics = CliRun.execute(forced, "--db", settings.url(), "metrics", "--release", "g");
            ok(metrics);
            assertTrue(metrics.err().contains("classes read"), metrics.err());
            forced = new Kanon().withEnvironment(Map.of(ProgressChoice.VARIABLE, "on")).withWorkingDirectory(CliRun.noConfigDirectory());
            CliRun.Result report = CliRun.execute(forced, "--db", settings.url(), "report", "--release", "g", "--html",
                    dir.resolve("g.html").toString());
            ok(report);
            assertTrue(report.err().contains("classes read"), report.err());
            forced = new Kanon().withEnvironment(Map.of(ProgressChoice.VARIABLE, "on")).withWorkingDirectory(CliRun.noConfigDirectory());
            CliRun.Result json = CliRun.execute(forced, "--db", settings.url(), "metrics", "--release", "g", "--format", "json");
            ok(json);
            assertEquals("", json.err());
            assertEquals("", cli.run("metrics", "--release", "g").err());
        } finally {
            System.clearProperty(ProgressBars.QUIET_PROPERTY);
        }
    }

    private static void ok(CliRun.Result r) {
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
    }

    /** The figures by plain SQL: a count per QI and level, and the classes by GROUP BY of the cells. */
    private record Naive(List<AttributeLevels> levels, long rows, long classes, long smallest, long squares) {
        static Naive of(Database db, ReleaseRecord r) {
            DSLContext ctx = db.dsl();
            TableResolver resolver = new TableResolver(db);
            SourceTable source = resolver.resolve(r.sourceSchema() + "." + r.sourceTable());
            SourceTable released = resolver.find(new TableResolver.TableName(r.relationSchema(), r.relationName(), true)).orElseThrow();
            Table<?> relation = DSL.table(DSL.name(r.relationSchema(), r.relationName())).as(DSL.name("r"));
            List<AttributeLevels> levels = new ArrayList<>();
            List<Field<?>> cells = new ArrayList<>();
            long removed = "star".equalsIgnoreCase(r.suppressMode()) ? 0 : r.rowsSuppressed();
            for (String name : r.quasiIdentifiers().split(",")) {
                Column c = source.column(name);
                Field<Object> cell = DSL.field(DSL.name("r", c.name()));
                cells.add(cell);
                Field<String> text = TextValues.of(cell, released.column(c.name()), ctx.dialect());
                Optional<Dimension> d = new HierarchyCatalog(db).find(source, c);
                int h = d.map(Dimension::height).orElse(0);
                long[] at = new long[h + 1];
                Condition labelled = DSL.falseCondition();
                for (int l = 0; l <= h && d.isPresent(); l++) {
                    Field<String> label = d.get().level("d", l);
                    Condition here = text.in(DSL.select(label).from(d.get().table("d")).where(label.isNotNull()));
                    at[l] = ctx.fetchCount(relation, here.andNot(labelled));
                    labelled = labelled.or(here);
                }
                at[0] += d.isPresent() ? ctx.fetchCount(relation, text.isNull()) : ctx.fetchCount(relation);
                at[h] += d.isPresent() ? ctx.fetchCount(relation, text.eq(DSL.inline("*")).andNot(labelled)) : 0;
                long total = ctx.fetchCount(relation);
                long without = total - Arrays.stream(at).sum();
                levels.add(new AttributeLevels(c.name(), h, at, without).withRowsAtRoot(removed));
            }
            Table<?> classes = ctx.select(DSL.count().cast(SQLDataType.BIGINT).as(DSL.name("n"))).from(relation).groupBy(cells)
                    .asTable(DSL.name("c"));
            Field<Long> n = DSL.field(DSL.name("c", "n"), SQLDataType.BIGINT);
            Record shape = ctx.select(DSL.count(), DSL.min(n), DSL.sum(n), DSL.sum(n.mul(n))).from(classes).fetchSingle();
            return new Naive(levels, ((Number) shape.get(2)).longValue(), shape.get(0, Long.class), ((Number) shape.get(1)).longValue(),
                    ((Number) shape.get(3)).longValue());
        }
    }
}
