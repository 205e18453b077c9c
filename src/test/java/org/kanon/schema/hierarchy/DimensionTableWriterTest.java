package org.kanon.schema.hierarchy;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jooq.Record;
import org.jooq.Result;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.db.KanonSchemas;
import org.kanon.db.dialect.TableLimits;
import org.kanon.frequency.PrivacyCheck;
import org.kanon.frequency.StarSchema;
import org.kanon.ingest.CsvImporter;
import org.kanon.ingest.ImportOptions;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.CheckResult;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.SuppressionLimit;
import org.kanon.release.ReleaseRequest;
import org.kanon.release.ReleaseWriter;
import org.kanon.release.SuppressMode;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;

class DimensionTableWriterTest {
    @TempDir
    Path tmp;

    private static int catalogRows(Database db, String table) {
        return db.dsl().fetchCount(DSL.table(db.ours(KanonSchemas.CATALOG, table)));
    }

    private static int dimensionTables(Database db) {
        // JDBC metadata (as kanon reads it): jOOQ's Meta reads MariaDB's databases as catalogs
        return db.dsl().connectionResult(c -> {
            int n = 0;
            try (java.sql.ResultSet rs = c.getMetaData().getTables(null, db.identifiers().namespace(KanonSchemas.DIMENSIONS), null, new String[] {"TABLE"})) {
                while (rs.next()) {
                    n++;
                }
            }
            return n;
        });
    }

    private SourceTable load(Database db, String name, String csv) throws Exception {
        Path file = tmp.resolve(name + ".csv");
        Files.writeString(file, csv);
        new CsvImporter(db).importCsv(file, name, new ImportOptions(null, false));
        return new TableResolver(db).resolve(name);
    }

    private Hierarchy arx(String attribute, String content) throws Exception {
        Path file = tmp.resolve(attribute + ".csv");
        Files.writeString(file, content);
        return ArxHierarchyReader.read(file, attribute);
    }

    @DatabaseTest
    @DisplayName("Incognito Fig. 4: Zipcode becomes a dimension table with key V and columns L0..L2, recorded in the catalog")
    void zipcodeDimensionTable(Database db) {
        SourceTable patients = PaperTables.patients(db);
        Dimension zip = new HierarchyCatalog(db).find(patients, patients.column("zipcode")).orElseThrow();
        assertEquals(2, zip.height());
        var rows = db.dsl().select(zip.key("d"), zip.level("d", 1), zip.level("d", 2))
                .from(zip.table("d")).orderBy(zip.key("d")).fetch();
        assertEquals(4, rows.size(), "53703, 53706, 53710, 53715");
        assertEquals("53703", String.valueOf(rows.get(0).get(0)));
        assertEquals("5370*", rows.get(0).get(1));
        assertEquals("5371*", rows.get(3).get(1));
        assertTrue(rows.stream().allMatch(r -> "537**".equals(r.get(2))));
        assertEquals(3, catalogRows(db, "hierarchies"));
        assertEquals(2 + 2 + 3, catalogRows(db, "hierarchy_levels"), "birthdate and sex: 2 levels, zipcode: 3");
        assertEquals(3, dimensionTables(db));
    }

    @DatabaseTest
    @DisplayName("values of the column missing from the hierarchy are counted, never named (they are data), and nothing is written")
    void missingValueIsRefused(Database db) throws Exception {
        SourceTable t = load(db, "people", "zip,sex\n53715,Male\n53799,Female\n53703,Male\n53799,Male\n53801,Male\n");
        Hierarchy zip = arx("zip", "53715;5371*;*\n53703;5370*;*\n");
        Hierarchy sex = arx("sex", "Male;*\nFemale;*\n");
        DimensionTableWriter writer = new DimensionTableWriter(db);
        var e = assertThrows(InvalidInputException.class, () -> writer.bindAll(t,
                new java.util.LinkedHashMap<>(Map.of(t.column("sex"), sex, t.column("zip"), zip))));
        String message = e.getMessage();
        assertTrue(message.toLowerCase().contains("people.zip") && message.contains("zip.csv"), message);
        assertTrue(message.contains("no leaf for 2 distinct value(s) of the column, in 3 row(s)"), message);
        assertTrue(message.contains("--show-missing"), "says how to list them: " + message);
        assertFalse(message.contains("53799") || message.contains("53801"), "no value in the message: " + message);
        assertEquals(List.of("53799", "53801"), writer.missingValues(t, t.column("zip"), zip), "listed when asked, in order");
        assertEquals(List.of(), writer.missingValues(t, t.column("sex"), sex));
        assertEquals(0, catalogRows(db, "hierarchies"), "the good hierarchy of the same call is not bound either");
        assertEquals(0, dimensionTables(db));
        assertEquals(0, catalogRows(db, "source_tables"));
    }

    @DatabaseTest
    @DisplayName("a hierarchy giving one value two parents is refused with file and line before anything is written")
    void twoParentsAreRefused(Database db) throws Exception {
        load(db, "people", "zip\n53715\n53710\n");
        var e = assertThrows(InvalidInputException.class, () -> arx("zip", "53715;5371*;537**\n53710;5371*;538**\n"));
        assertTrue(e.getMessage().contains("two parents") && e.getMessage().contains("zip.csv:2"), e.getMessage());
        assertEquals(0, catalogRows(db, "hierarchies"));
    }

    @DatabaseTest
    @DisplayName("NULL in a quasi-identifier is an error unless the hierarchy maps NULL; then NULL rows form their own class")
    void nullNeedsAMapping(Database db) throws Exception {
        SourceTable t = load(db, "people", "zip,sex\n53715,Male\n,Female\n53703,Male\n,Male\n");
        StarSchema schema = StarSchema.of(t, List.of("zip"), new HierarchyCatalog(db));
        var check = new PrivacyCheck(db.dsl());
        var e = assertThrows(InvalidInputException.class,
                () -> check.check(schema, new LevelVector(0), new KAnonymity(1), SuppressionLimit.NONE));
        assertTrue(e.getMessage().contains("has 2 NULL value(s)"), e.getMessage());
        var noNull = arx("zip", "53715;5371*;*\n53703;5370*;*\n");
        var bindError = assertThrows(InvalidInputException.class, () -> new DimensionTableWriter(db).bind(t, t.column("zip"), noNull));
        assertTrue(bindError.getMessage().contains("NULL"), bindError.getMessage());

        new DimensionTableWriter(db).bind(t, t.column("zip"), arx("zip", "53715;5371*;*\n53703;5370*;*\n;unknown;*\n"));
        StarSchema mapped = StarSchema.of(t, List.of("zip"), new HierarchyCatalog(db));
        CheckResult r = check.check(mapped, new LevelVector(1), new KAnonymity(2), SuppressionLimit.NONE);
        assertEquals(4, r.rows(), "no row lost in the join");
        assertEquals(3, r.classes(), "5371*, 5370*, unknown");
        assertEquals(1, r.smallestClass());
        assertEquals(2, r.rowsBelowK());
    }

    @DatabaseTest
    @DisplayName("rows added after binding with values missing from the hierarchy make the check fail loudly, not silently")
    void valuesAddedAfterBindingAreCountedAndListable(Database db) throws Exception {
        SourceTable t = load(db, "people", "age\n31\n32\n47\n");
        new DimensionTableWriter(db).bind(t, t.column("age"), HierarchyBuilders.parse("interval:10,20").build("age", List.of("31", "32", "47")));
        db.dsl().insertInto(t.table()).values(99).execute();
        StarSchema schema = StarSchema.of(t, List.of("age"), new HierarchyCatalog(db));
        var e = assertThrows(InvalidInputException.class,
                () -> new PrivacyCheck(db.dsl()).check(schema, new LevelVector(1), new KAnonymity(1), SuppressionLimit.NONE));
        assertTrue(e.getMessage().contains("holds 1 distinct value(s), in 1 row(s), missing from its hierarchy"), e.getMessage());
        // the test database's random name (kanon_t_<hex>, in MariaDB's qualified names) may hold the digits by chance
        assertFalse(e.getMessage().replaceAll("kanon_t\\w*", "").contains("99"), "no data value in an error: " + e.getMessage());
        // the statement the message gives lists exactly the value that fell out
        String listing = e.getMessage().substring(e.getMessage().indexOf("this lists them: ") + "this lists them: ".length(),
                e.getMessage().length() - 1);
        assertEquals(List.of(99), db.dsl().fetch(listing).getValues(0, Integer.class));
        // at level 0 no hierarchy is involved, so the check still runs
        assertEquals(4, new PrivacyCheck(db.dsl()).check(schema, new LevelVector(0), new KAnonymity(1), SuppressionLimit.NONE).rows());
    }

    @DatabaseTest
    @DisplayName("KEEP (a spec run) binds the columns without a hierarchy and keeps a binding made meanwhile")
    void keepBindsOnlyUnboundColumns(Database db) throws Exception {
        SourceTable t = load(db, "people", "age,zip\n31,53715\n47,53799\n");
        DimensionTableWriter writer = new DimensionTableWriter(db);
        writer.bind(t, t.column("age"), HierarchyBuilders.parse("suppress").build("age", writer.distinctValues(t, t.column("age"))));
        Map<Column, Hierarchy> wanted = new java.util.LinkedHashMap<>();
        wanted.put(t.column("age"), HierarchyBuilders.parse("interval:5,10").build("age", writer.distinctValues(t, t.column("age"))));
        wanted.put(t.column("zip"), HierarchyBuilders.parse("mask").build("zip", writer.distinctValues(t, t.column("zip"))));
        assertThrows(InvalidInputException.class, () -> writer.bindAll(t, wanted), "REFUSE refuses the bound column");
        writer.bindAll(t, wanted, DimensionTableWriter.IfBound.KEEP);
        HierarchyCatalog catalog = new HierarchyCatalog(db);
        assertEquals(1, catalog.find(t, t.column("age")).orElseThrow().height(), "the suppression bound before is kept");
        assertTrue(catalog.find(t, t.column("zip")).orElseThrow().height() > 1, "the unbound column is bound");
        assertEquals(2, dimensionTables(db));
    }

    @DatabaseTest
    @DisplayName("binding again is refused unless asked to replace; then it replaces the dimension table, and a built interval hierarchy generalizes numbers")
    void rebindingReplaces(Database db) throws Exception {
        SourceTable t = load(db, "people", "age\n31\n32\n47\n44\n");
        DimensionTableWriter writer = new DimensionTableWriter(db);
        writer.bind(t, t.column("age"), HierarchyBuilders.parse("suppress").build("age", writer.distinctValues(t, t.column("age"))));
        Hierarchy interval = HierarchyBuilders.parse("interval:5,10").build("age", writer.distinctValues(t, t.column("age")));
        var refused = assertThrows(InvalidInputException.class, () -> writer.bind(t, t.column("age"), interval));
        assertTrue(refused.getMessage().contains("already has a hierarchy"), refused.getMessage());
        assertEquals(1, new HierarchyCatalog(db).find(t, t.column("age")).orElseThrow().height(), "still the suppression");
        Dimension d = writer.bind(t, t.column("age"), interval, DimensionTableWriter.IfBound.REPLACE);
        assertEquals(3, d.height());
        assertEquals(1, catalogRows(db, "hierarchies"));
        assertEquals(1, dimensionTables(db));
        StarSchema schema = StarSchema.of(t, List.of("age"), new HierarchyCatalog(db));
        CheckResult r = new PrivacyCheck(db.dsl()).check(schema, new LevelVector(2), new KAnonymity(2), SuppressionLimit.NONE);
        assertEquals(2, r.classes(), "30-39 and 40-49");
        assertTrue(r.satisfied());
    }

    @DatabaseTest
    @DisplayName("a table kanon did not import (created by the DBA) is checked in place, unquoted lower-case name and all")
    void existingTableWithoutImport(Database db) {
        db.dsl().execute("CREATE TABLE staff (dept VARCHAR(10), grade INTEGER)");
        db.dsl().execute("INSERT INTO staff VALUES ('a', 1), ('a', 1), ('b', 2)");
        SourceTable t = new TableResolver(db).resolve("staff");
        StarSchema schema = StarSchema.of(t, List.of("DEPT", "grade"), new HierarchyCatalog(db));
        CheckResult r = new PrivacyCheck(db.dsl()).check(schema, new LevelVector(0, 0), new KAnonymity(2), SuppressionLimit.NONE);
        assertEquals(2, r.classes());
        assertEquals(1, r.rowsBelowK());
    }

    @DatabaseTest
    @DisplayName("a view release over a column whose name holds a comma keeps its hierarchy bound: the database's view dependencies decide")
    void viewReleaseOverACommaColumnBlocksRebinding(Database db) {
        String people = db.identifiers().fold("people");
        String sexName = db.identifiers().fold("sex");
        db.dsl().createTable(DSL.name(people)).column(DSL.name("zip,code"), SQLDataType.VARCHAR(10))
                .column(DSL.name(sexName), SQLDataType.VARCHAR(10)).execute();
        for (String[] row : new String[][] {{"53715", "Male"}, {"53710", "Male"}, {"53703", "Female"}, {"53706", "Female"}}) {
            db.dsl().insertInto(DSL.table(DSL.name(people))).values(row[0], row[1]).execute();
        }
        SourceTable t = new TableResolver(db).resolve("people");
        DimensionTableWriter writer = new DimensionTableWriter(db);
        Hierarchy zip = Hierarchy.of("zip,code", List.of(List.of("53715", "5371*"), List.of("53710", "5371*"),
                List.of("53703", "5370*"), List.of("53706", "5370*")), "test");
        writer.bind(t, t.column("zip,code"), zip);
        writer.bind(t, t.column(sexName), Hierarchy.of(sexName, List.of(List.of("Male", "*"), List.of("Female", "*")), "test"));
        StarSchema schema = StarSchema.of(t, List.of("zip,code"), new HierarchyCatalog(db));
        new ReleaseWriter(db).release(new ReleaseRequest("commas", schema, new LevelVector(1), new KAnonymity(2),
                SuppressionLimit.NONE, SuppressMode.REMOVE, false, false, Set.of(), "full-domain"));

        var e = assertThrows(InvalidInputException.class,
                () -> writer.bind(t, t.column("zip,code"), zip, DimensionTableWriter.IfBound.REPLACE));
        assertTrue(e.getMessage().contains("is read by view release(s) commas;") && e.getMessage().contains("release drop"), e.getMessage());
        assertEquals(4, db.dsl().fetchCount(DSL.table(DSL.name(db.identifiers().namespace(KanonSchemas.RELEASES), db.identifiers().fold("commas")))),
                "the release still reads its hierarchy");
        // the sex column's hierarchy is read by no view: it is replaced
        writer.bind(t, t.column(sexName), Hierarchy.of(sexName, List.of(List.of("Male", "p"), List.of("Female", "p")), "again"),
                DimensionTableWriter.IfBound.REPLACE);
    }

    @DatabaseTest
    @DisplayName("a view of the user's own over a dimension table is named, not dropped or failed on, when its hierarchy is rebound")
    void userViewOverADimensionTableBlocksRebinding(Database db) {
        SourceTable patients = PaperTables.patients(db);
        Dimension zip = new HierarchyCatalog(db).find(patients, patients.column("zipcode")).orElseThrow();
        String view = db.identifiers().fold("zip_areas");
        db.dsl().createView(DSL.name(view)).as(DSL.selectDistinct(zip.level("d", 1)).from(zip.table("d"))).execute();
        Hierarchy suppress = Hierarchy.of("zipcode", List.of(List.of("53715", "*"), List.of("53703", "*"), List.of("53706", "*"),
                List.of("53710", "*")), "test");
        var e = assertThrows(InvalidInputException.class, () -> new DimensionTableWriter(db).bind(patients,
                patients.column("zipcode"), suppress, DimensionTableWriter.IfBound.REPLACE));
        assertTrue(e.getMessage().contains("is read by view(s) " + db.currentSchema() + "." + view + "; drop them first, then replace it"),
                e.getMessage());
        assertEquals(2, db.dsl().fetchCount(DSL.table(DSL.name(view))), "5370*, 5371*: the view still works");
    }

    @DatabaseTest
    @DisplayName("leaves needing a DECIMAL wider than the database's exact numbers are refused with file:line:column and the limit, no value")
    void decimalLeavesBeyondTheLimit(Database db) throws Exception {
        TableLimits limits = db.profile().tableLimits();
        db.dsl().execute("CREATE TABLE amounts (amount DECIMAL(5,2))");
        db.dsl().execute("INSERT INTO amounts VALUES (1.5), (2.25)");
        SourceTable t = new TableResolver(db).resolve("amounts");
        String amount = db.identifiers().fold("amount");
        // digits before the point: with the column's two decimals, one more than the database holds
        String wide = digits(limits.maxDecimalPrecision() - 1);
        Hierarchy h = arx(amount, "1.5;low;*\n2.25;low;*\n" + wide + ";high;*\n");
        var e = assertThrows(InvalidInputException.class, () -> new DimensionTableWriter(db).bind(t, t.column(amount), h));
        assertTrue(e.getMessage().contains(amount + ".csv:3:1") && e.getMessage().contains((limits.maxDecimalPrecision() + 1)
                + " digits") && e.getMessage().contains(limits.maxDecimalPrecision() + " of a " + limits.database() + " DECIMAL"),
                e.getMessage());
        assertFalse(e.getMessage().contains(wide), e.getMessage());
        assertEquals(0, catalogRows(db, "hierarchies"));
        assertEquals(0, dimensionTables(db));

        // exactly at the limit it is bound, and the wide leaf keeps every digit
        String widest = digits(limits.maxDecimalPrecision() - 2);
        Dimension d = new DimensionTableWriter(db).bind(t, t.column(amount), arx(amount, "1.5;low;*\n2.25;low;*\n" + widest + ";high;*\n"));
        java.math.BigDecimal stored = db.dsl().select(d.key("d")).from(d.table("d")).where(d.level("d", 1).eq("high"))
                .fetchSingle(0, java.math.BigDecimal.class);
        assertEquals(0, new java.math.BigDecimal(widest).compareTo(stored), stored.toPlainString());
    }

    /** A number of {@code n} digits: written out where a label can hold it (Derby's 31), else as 1e(n-1) (PostgreSQL's 1000). */
    private static String digits(int n) {
        return n < Hierarchy.MAX_LABEL_LENGTH ? "1" + "0".repeat(n - 2) + "7" : "1e" + (n - 1);
    }
}
