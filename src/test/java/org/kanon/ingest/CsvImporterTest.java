package org.kanon.ingest;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.jooq.Record;
import org.jooq.Result;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.dialect.DerbyProfile;
import org.kanon.InvalidInputException;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.db.KanonSchemas;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

class CsvImporterTest {
    @TempDir
    Path dir;

    private Path csv(String name, String content) {
        try {
            return Files.writeString(dir.resolve(name), content);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static ImportResult importCsv(Database db, Path file, String table) {
        return new CsvImporter(db).importCsv(file, table, new ImportOptions(null, false));
    }

    private static boolean exists(Database db, String table) {
        return new TableResolver(db).find(table).isPresent();
    }

    private static Result<Record> rows(Database db, SourceTable table, String orderBy) {
        // NULLS LAST said explicitly: MariaDB sorts NULL first, PostgreSQL and Derby last
        return db.dsl().select().from(table.table()).orderBy(DSL.field(DSL.name(orderBy)).asc().nullsLast()).fetch();
    }

    /** Expects a user error naming file and line and mentioning what; afterwards the table must not exist. */
    private void assertRejected(Database db, String content, String where, String what) {
        Path file = csv("people.csv", content);
        var e = assertThrows(InvalidInputException.class, () -> importCsv(db, file, "people"));
        assertTrue(e.getMessage().startsWith(file + where), e.getMessage());
        assertTrue(e.getMessage().contains(what), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertFalse(exists(db, "people"), "nothing written after: " + e.getMessage());
    }

    @DatabaseTest
    void importsOddColumnNamesAndQuotedFields(Database db) {
        String content = "id,marital-status,Mixed Case,select,order,\"na,me\"\r\n"
                + "1,Never-married,a,b,c,\"Smith, John\"\r\n"
                + "2,\"Married\r\nciv\",,\"say \"\"hi\"\"\",x,plain\r\n"
                + "3,Divorced,z,y,w,last\r\n\r\n\r\n";
        ImportResult result = importCsv(db, csv("odd.csv", content), "odd");

        var fold = db.identifiers();
        List<String> names = List.of(fold.fold("id"), "marital-status", "Mixed Case", fold.fold("select"), fold.fold("order"), "na,me");
        assertEquals(names, result.columns().stream().map(ImportedColumn::name).toList());
        assertEquals(names, result.table().columns().stream().map(Column::name).toList());
        assertEquals(fold.fold("odd"), result.table().name());
        assertEquals(3, result.rows());
        assertEquals(',', result.delimiter());

        Result<Record> rows = rows(db, result.table(), fold.fold("id"));
        assertEquals(3, rows.size());
        assertEquals("Married\r\nciv", rows.get(1).get(DSL.field(DSL.name("marital-status"), String.class)));
        assertNull(rows.get(1).get(DSL.field(DSL.name("Mixed Case"), String.class)), "empty field is NULL");
        assertEquals("say \"hi\"", rows.get(1).get(DSL.field(DSL.name(fold.fold("select")), String.class)));
        assertEquals("Smith, John", rows.get(0).get(DSL.field(DSL.name("na,me"), String.class)));
        assertEquals("last", rows.get(2).get(DSL.field(DSL.name("na,me"), String.class)), "final row read");
    }

    /**
     * Issue 24: PostgreSQL's rows go by COPY in CSV, where an unquoted empty field is NULL and a line holding only
     * {@code \.} ends the data; values spelled like those, and backslashes, quotes and spaces, read back as written.
     */
    @DatabaseTest
    void valuesThatCopySpellsSpeciallyReadBackEqual(Database db) {
        String content = "id,t,d\n"
                + "1,\\.,1.50\n"
                + "2,\\N,-0.25\n"
                + "3,\"\"\"\",\n"
                + "4,  a b  ,10\n"
                + "5,C:\\x\\,\n"
                + "6,,3\n";
        ImportResult result = importCsv(db, csv("copy.csv", content), "copied");
        assertEquals(6, result.rows());
        var fold = db.identifiers();
        Result<Record> rows = rows(db, result.table(), fold.fold("id"));
        List<String> texts = rows.stream().map(r -> r.get(DSL.field(DSL.name(fold.fold("t")), String.class))).toList();
        assertEquals(java.util.Arrays.asList("\\.", "\\N", "\"", "  a b  ", "C:\\x\\", null), texts);
        List<java.math.BigDecimal> numbers = rows.stream().map(r -> r.get(DSL.field(DSL.name(fold.fold("d")), java.math.BigDecimal.class))).toList();
        assertEquals(java.util.Arrays.asList(new java.math.BigDecimal("1.50"), new java.math.BigDecimal("-0.25"), null,
                new java.math.BigDecimal("10.00"), null, new java.math.BigDecimal("3.00")), numbers);
    }

    @DatabaseTest
    void infersTheNarrowestTypeThatHoldsEveryValue(Database db) {
        String big = "1" + "0".repeat(30);            // 31 digits: still DECIMAL(31,0)
        String huge = "12345678901234567890.12345678901234567890"; // 40 digits: beyond Derby's DECIMAL, text there
        String enormous = "9".repeat(1001);           // beyond any DECIMAL: text, exactly
        String content = "int,long,dec,wider,wide,zip,text,empty,mixed,enormous\n"
                + "1,2147483648,1.5,1.25," + big + ",02134,abc,,1,1\n"
                + "-2147483648,-9223372036854775808,-12.125," + huge + ",7,12345,ab c,,x," + enormous + "\n"
                + ",,,,,,,,2.5,\n";
        ImportResult result = importCsv(db, csv("types.csv", content), "types");

        // 40 digits: text where DECIMAL stops short of them (Derby 31, DuckDB 38)
        String wider = db.profile().tableLimits().maxDecimalPrecision() < 40 ? "VARCHAR(41)" : "DECIMAL(40,20)";
        assertEquals(List.of("INTEGER", "BIGINT", "DECIMAL(5,3)", wider, "DECIMAL(31,0)", "VARCHAR(5)", "VARCHAR(4)",
                "VARCHAR(1)", "VARCHAR(3)", "VARCHAR(1001)"), result.columns().stream().map(ImportedColumn::sqlType).toList());
        List<Integer> jdbc = result.table().columns().stream().map(Column::jdbcType).toList();
        assertEquals(Types.INTEGER, jdbc.get(0));
        assertEquals(Types.BIGINT, jdbc.get(1));
        assertTrue(jdbc.get(2) == Types.DECIMAL || jdbc.get(2) == Types.NUMERIC, "dec: " + jdbc.get(2));
        assertEquals(Types.VARCHAR, jdbc.get(5));
        assertEquals(3, result.table().columns().get(2).scale());

        Result<Record> rows = rows(db, result.table(), db.identifiers().fold("int"));
        Record first = rows.get(0); // -2147483648
        assertEquals(-2147483648, first.get(0, Integer.class));
        assertEquals(Long.MIN_VALUE, first.get(1, Long.class));
        assertEquals(0, new BigDecimal("-12.125").compareTo(first.get(2, BigDecimal.class)));
        assertEquals(0, new BigDecimal(huge).compareTo(new BigDecimal(first.get(3, String.class))), "exactly: " + first.get(3));
        assertEquals(enormous, first.get(9, String.class));
        assertEquals("02134", rows.get(1).get(5, String.class), "leading zero kept");
        assertEquals(new BigDecimal(big), rows.get(1).get(4, BigDecimal.class).stripTrailingZeros().setScale(0));
        Record nulls = rows.stream().filter(r -> r.get(0) == null).findFirst().orElseThrow();
        for (int i = 0; i < 8; i++) {
            assertNull(nulls.get(i), "column " + i);
        }
    }

    /** Issue 19 item 7: 35-digit ids and 33-digit decimals became DOUBLE, and two distinct ids became equal. */
    @DatabaseTest
    void largeNumbersStayExactAndDistinct(Database db) {
        String id1 = "12345678901234567890123456789012345";
        String id2 = "12345678901234567890123456789012346";
        String dec1 = "12345678901234567890123.4567890123";
        String dec2 = "12345678901234567890123.4567890124";
        String id3 = "9223372036854775807";
        ImportResult result = importCsv(db, csv("big.csv", "id,amount,small\n" + id1 + "," + dec1 + "," + id3 + "\n"
                + id2 + "," + dec2 + ",-" + id3 + "\n"), "big");

        List<String> types = result.columns().stream().map(ImportedColumn::sqlType).toList();
        assertEquals((db.profile() instanceof DerbyProfile) ? List.of("VARCHAR(35)", "VARCHAR(34)", "BIGINT") : List.of("DECIMAL(35,0)", "DECIMAL(33,10)", "BIGINT"),
                types);
        var id = DSL.field(DSL.name(db.identifiers().fold("id")));
        var amount = DSL.field(DSL.name(db.identifiers().fold("amount")));
        assertEquals(2, db.dsl().fetchValue(DSL.select(DSL.countDistinct(id)).from(result.table().table())));
        assertEquals(2, db.dsl().fetchValue(DSL.select(DSL.countDistinct(amount)).from(result.table().table())));
        List<String> ids = db.dsl().select(id).from(result.table().table()).fetch(0, Object.class).stream()
                .map(v -> v instanceof BigDecimal b ? b.toPlainString() : v.toString()).sorted().toList();
        assertEquals(List.of(id1, id2), ids);
        List<String> amounts = db.dsl().select(amount).from(result.table().table()).fetch(0, Object.class).stream()
                .map(v -> v instanceof BigDecimal b ? b.toPlainString() : v.toString()).sorted().toList();
        assertEquals(List.of(dec1, dec2), amounts);
    }

    @DatabaseTest
    void detectsSemicolonAndTabAndHonoursAnExplicitDelimiter(Database db) {
        ImportResult semicolon = importCsv(db, csv("s.csv", "a;b;\"c;d\"\n1,5;x;y\n"), "s");
        assertEquals(';', semicolon.delimiter());
        assertEquals(3, semicolon.columns().size());
        assertEquals("VARCHAR(3)", semicolon.columns().get(0).sqlType(), "1,5 is text, not a number");

        ImportResult tab = importCsv(db, csv("t.tsv", "a\tb\tc,d\n1\t2\t3\n"), "t");
        assertEquals('\t', tab.delimiter());
        assertEquals(List.of("INTEGER", "INTEGER", "INTEGER"), tab.columns().stream().map(ImportedColumn::sqlType).toList());

        // detection would pick the comma here (one of each, comma wins ties); the option overrides it
        Path file = csv("e.csv", "a;b,c\n1;2,3\n");
        ImportResult explicit = new CsvImporter(db).importCsv(file, "e", new ImportOptions(';', false));
        assertEquals(';', explicit.delimiter());
        assertEquals(List.of(db.identifiers().fold("a"), "b,c"), explicit.columns().stream().map(ImportedColumn::name).toList());
        assertEquals("2,3", db.dsl().fetchValue(DSL.select(DSL.field(DSL.name("b,c"), String.class)).from(explicit.table().table())));
    }

    @DatabaseTest
    void aHeaderWithoutRowsCreatesAnEmptyTable(Database db) {
        ImportResult result = importCsv(db, csv("h.csv", "a,b\n"), "empty_one");
        assertEquals(0, result.rows());
        assertEquals(List.of("VARCHAR(1)", "VARCHAR(1)"), result.columns().stream().map(ImportedColumn::sqlType).toList());
        assertEquals(0, db.dsl().fetchCount(result.table().table()));
    }

    @DatabaseTest
    void rejectsAQuoteAsDelimiter(Database db) {
        var e = assertThrows(InvalidInputException.class, () ->
                new CsvImporter(db).importCsv(csv("d.csv", "a\n1\n"), "people", new ImportOptions('"', false)));
        assertEquals("--delimiter: '\"' cannot separate fields; use , ; or a tab", e.getMessage());
        assertFalse(exists(db, "people"));
    }

    @DatabaseTest
    void rejectsRowsOfTheWrongWidthNamingTheLine(Database db) {
        assertRejected(db, "a,b,c,d\n1,2,3,4\n\"multi\nline\",2,3,4\n1,2,3\n", ":5:",
                "row has 3 fields, the header has 4");
    }

    @DatabaseTest
    void rejectsAnUnterminatedQuoteNamingWhereItStarts(Database db) {
        assertRejected(db, "a,b\n1,2\n\"open,3\n4,5\n6,7\n", ":3:",
                "unterminated quoted field (starts at line 3)");
    }

    @DatabaseTest
    void rejectsTextAfterAClosingQuote(Database db) {
        assertRejected(db, "a,b\n1,2\n\"ab\"c,3\n", ":3:", "text after the closing quote");
    }

    @DatabaseTest
    void rejectsAnEmptyFile(Database db) {
        assertRejected(db, "", ":", "empty file, no header row");
        assertRejected(db, "\r\n\n\n", ":", "empty file, no header row");
    }

    @DatabaseTest
    void rejectsDuplicateColumnNamesIgnoringCase(Database db) {
        assertRejected(db, "age,sex,zip,age\n1,2,3,4\n", ":1:", "duplicate column name 'age' (columns 1 and 4)");
        assertRejected(db, "\n\nAge,sex,\"age \"\n1,2,3\n", ":3:", "duplicate column name 'age' (columns 1 and 3)");
    }

    @DatabaseTest
    void rejectsAnEmptyColumnName(Database db) {
        assertRejected(db, "a,b,  ,d\n1,2,3,4\n", ":1:", "column 3 has an empty name");
    }

    @DatabaseTest
    void rejectsAMissingFileOrADirectory(Database db) {
        Path missing = dir.resolve("missing.csv");
        var e = assertThrows(InvalidInputException.class, () -> importCsv(db, missing, "people"));
        assertEquals(missing + ": file not found", e.getMessage());
        e = assertThrows(InvalidInputException.class, () -> importCsv(db, dir, "people"));
        assertTrue(e.getMessage().contains("is a directory"), e.getMessage());
        assertFalse(exists(db, "people"));
    }

    @DatabaseTest
    void rejectsTextThatIsNotUtf8(Database db) {
        Path file = dir.resolve("latin1.csv");
        try {
            Files.write(file, "name\nJos\u00e9\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        } catch (IOException ex) {
            throw new AssertionError(ex);
        }
        var e = assertThrows(InvalidInputException.class, () -> importCsv(db, file, "people"));
        assertTrue(e.getMessage().startsWith(file.toString()) && e.getMessage().contains("not valid UTF-8"), e.getMessage());
        assertFalse(exists(db, "people"));
    }

    @DatabaseTest
    void tooLongTextIsAUserErrorOnDerbyOnly(TestDatabases.Kind kind, Database db) {
        String secret = "s".repeat(DerbyProfile.INSTANCE.tableLimits().maxVarchar() + 1);
        if (kind == TestDatabases.Kind.MARIADB) {
            // MariaDB's VARCHAR holds 16,383 four-byte characters: refused like Derby's, with its own limit
            assertRejected(db, "a,b\n1,x\n2," + secret + "\n", ":3:", "column '" + db.identifiers().fold("b")
                    + "' has a value of 32673 characters; MariaDB stores at most 16383");
            var e = assertThrows(InvalidInputException.class, () -> importCsv(db, dir.resolve("people.csv"), "people"));
            assertFalse(e.getMessage().contains("sssss"), "the value itself is never echoed");
        } else if (db.profile() instanceof DerbyProfile) {
            assertRejected(db, "a,b\n1,x\n2," + secret + "\n", ":3:", "column '" + db.identifiers().fold("b")
                    + "' has a value of 32673 characters; Derby stores at most 32672");
            var e = assertThrows(InvalidInputException.class, () -> importCsv(db, dir.resolve("people.csv"), "people"));
            assertFalse(e.getMessage().contains("sssss"), "the value itself is never echoed");
        } else {
            ImportResult r = importCsv(db, csv("long.csv", "a,b\n1,x\n2," + secret + "\n"), "people");
            assertEquals("VARCHAR(32673)", r.columns().get(1).sqlType());
        }
    }

    @DatabaseTest
    void refusesAnExistingTableWithoutReplace(Database db) {
        ImportResult first = importCsv(db, csv("v1.csv", "a,b\n1,old\n2,old\n"), "people");
        var e = assertThrows(InvalidInputException.class, () -> importCsv(db, csv("v2.csv", "x\n9\n"), "people"));
        assertEquals("table " + first.table().displayName() + " already exists; use --replace to overwrite", e.getMessage());
        assertEquals(2, db.dsl().fetchCount(first.table().table()));
    }

    @DatabaseTest
    void replaceDropsAndRecreatesTheTable(Database db) {
        importCsv(db, csv("v1.csv", "a,b\n1,old\n2,old\n"), "people");
        ImportResult second = new CsvImporter(db).importCsv(csv("v2.csv", "x;y;z\n1;2;new\n"), "PEOPLE", new ImportOptions(null, true));
        assertEquals(1, second.rows());
        assertEquals(3, second.table().columns().size());
        assertEquals("new", db.dsl().fetchValue(DSL.select(DSL.field(DSL.name(db.identifiers().fold("z")), String.class))
                .from(second.table().table())));
    }

    @DatabaseTest
    void aFailedReplaceLeavesTheOldTableIntact(Database db) {
        ImportResult old = importCsv(db, csv("v1.csv", "a,b\n1,old\n2,old\n"), "people");
        Path bad = csv("bad.csv", "a,b\n1,2\n3\n");
        var e = assertThrows(InvalidInputException.class, () ->
                new CsvImporter(db).importCsv(bad, "people", new ImportOptions(null, true)));
        assertTrue(e.getMessage().startsWith(bad + ":3: row has 1 field, the header has 2"), e.getMessage());
        assertEquals(2, db.dsl().fetchCount(old.table().table()));
    }

    @DatabaseTest
    void replaceRefusesATableThatAViewDependsOn(Database db) {
        ImportResult old = importCsv(db, csv("v1.csv", "a,b\n1,old\n"), "people");
        db.dsl().createView(db.identifiers().name("people_view")).as(db.dsl().selectFrom(old.table().table())).execute();
        var e = assertThrows(InvalidInputException.class, () ->
                new CsvImporter(db).importCsv(csv("v2.csv", "x\n1\n"), "people", new ImportOptions(null, true)));
        assertTrue(e.getMessage().startsWith("cannot replace " + old.table().displayName() + ": other objects depend on it"),
                e.getMessage());
        assertEquals(1, db.dsl().fetchCount(old.table().table()));
    }

    /**
     * The file is rewritten between the passes (as a concurrent writer would), so pass 2 fails after DROP, CREATE and
     * a first executed batch: the transaction must undo all of it.
     */
    @DatabaseTest
    void aFailureDuringInsertRollsBackDropCreateAndEarlierBatches(Database db) {
        ImportResult old = importCsv(db, csv("v1.csv", "a,b\n1,old\n2,old\n"), "people");
        StringBuilder valid = new StringBuilder("n,t\n");
        for (int i = 0; i < 2500; i++) {
            valid.append(i).append(",row\n");
        }
        Path file = csv("v2.csv", valid.toString());
        Runnable truncateLastRow = () -> csv("v2.csv", valid + "2500\n");
        var e = assertThrows(InvalidInputException.class, () ->
                new CsvImporter(db, truncateLastRow).importCsv(file, "people", new ImportOptions(null, true)));
        assertTrue(e.getMessage().startsWith(file + ":2502: row has 1 field"), e.getMessage());
        assertEquals(2, db.dsl().fetchCount(old.table().table()), "old rows still there");
        assertEquals(List.of(db.identifiers().fold("a"), db.identifiers().fold("b")),
                new TableResolver(db).resolve("people").columns().stream().map(Column::name).toList());

        csv("v2.csv", valid.toString());
        Runnable changeAType = () -> csv("v2.csv", valid.toString().replace("\n1700,", "\nx,"));
        e = assertThrows(InvalidInputException.class, () ->
                new CsvImporter(db, changeAType).importCsv(file, "fresh", new ImportOptions(null, false)));
        assertTrue(e.getMessage().contains("changed while it was being imported (line 1702, column '"
                + db.identifiers().fold("n") + "' no longer fits INTEGER)"), e.getMessage());
        assertFalse(exists(db, "fresh"));
    }

    @DatabaseTest
    void aHostileTableNameIsOneQuotedIdentifier(Database db) {
        db.dsl().createTable(db.identifiers().name("y")).column("id", SQLDataType.INTEGER).execute();
        db.dsl().insertInto(DSL.table(db.identifiers().name("y"))).values(1).execute();

        ImportResult result = importCsv(db, csv("h.csv", "a\n1\n"), "x; DROP TABLE y");
        assertEquals("x; DROP TABLE y", result.table().name());
        assertEquals(1, db.dsl().fetchCount(result.table().table()));
        assertTrue(exists(db, "y"), "table y survives");
        assertEquals(1, db.dsl().fetchCount(DSL.table(db.identifiers().name("y"))));

        ImportResult quote = importCsv(db, csv("q.csv", "a\n1\n"), "q\"; DROP TABLE y; --");
        assertEquals("q\"; DROP TABLE y; --", quote.table().name());
        assertTrue(exists(db, "y"));
    }

    /**
     * Issue 19 item 13: three processes importing one table name at once on PostgreSQL got 1 ok and 2 internal
     * errors (23505, duplicate key in pg_type). All three pass the existence check before any of them creates the
     * table (the barrier); the name's lock then lets one create it and the others find it: "already exists".
     */
    @DatabaseTest(only = TestDatabases.Kind.POSTGRES) // embedded Derby is opened by one process at a time
    void concurrentImportsOfOneNameGetOneTableAndAlreadyExists(ConnectionSettings settings) throws Exception {
        int writers = 3;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            Path file = csv("same.csv", "a,b\n1,x\n2,y\n");
            List<Database> dbs = new ArrayList<>();
            for (int i = 0; i < writers; i++) {
                dbs.add(Database.open(settings));
            }
            for (boolean replace : new boolean[] {false, true}) {
                CyclicBarrier allChecked = new CyclicBarrier(writers);
                Runnable await = () -> {
                    try {
                        allChecked.await(30, TimeUnit.SECONDS);
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                };
                List<Future<String>> outcomes = new ArrayList<>();
                for (Database db : dbs) {
                    outcomes.add(pool.submit(() -> {
                        try {
                            new CsvImporter(db, await).importCsv(file, replace ? "same_r" : "same", new ImportOptions(null, replace));
                            return "ok";
                        } catch (InvalidInputException e) {
                            return e.getMessage();
                        } catch (RuntimeException e) {
                            return "internal: " + e;
                        }
                    }));
                }
                List<String> results = new ArrayList<>();
                for (Future<String> f : outcomes) {
                    results.add(f.get(60, TimeUnit.SECONDS));
                }
                if (replace) {
                    assertEquals(List.of("ok", "ok", "ok"), results, "each replace waits its turn");
                } else {
                    assertEquals(1, results.stream().filter("ok"::equals).count(), results.toString());
                    assertEquals(2, results.stream().filter(r -> r.equals("table public.same already exists; use --replace to overwrite"))
                            .count(), results.toString());
                }
                assertEquals(2, dbs.get(0).dsl().fetchCount(new TableResolver(dbs.get(0)).resolve(replace ? "same_r" : "same").table()));
            }
            dbs.forEach(Database::close);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Issue 19 item 4: kanon's own schemas are never an import target, however the name is spelled. */
    @DatabaseTest
    void refusesKanonsOwnSchemas(Database db) {
        Path file = csv("raw.csv", "a,b\n1,x\n");
        for (String target : List.of("kanon.releases", "KANON.RELEASES", "Kanon.Releases", "kanon_release.r1", "kanon_release.raw_pub",
                "Kanon_Release.raw_pub", "kanon_dim.x")) {
            var e = assertThrows(InvalidInputException.class, () ->
                    new CsvImporter(db).importCsv(file, target, new ImportOptions(null, true)), target);
            assertTrue(e.getMessage().toLowerCase().startsWith("--table: schema " + target.substring(0, target.indexOf('.')).toLowerCase())
                    && e.getMessage().contains("belongs to kanon"), e.getMessage());
        }
        // on MariaDB kanon's namespaces are databases named after the connected one: refused by those names too
        String catalog = db.identifiers().namespace(KanonSchemas.CATALOG);
        String releases = db.identifiers().namespace(KanonSchemas.RELEASES);
        for (String target : List.of(catalog + ".releases", releases + ".raw_pub", releases.toUpperCase(java.util.Locale.ROOT) + ".raw_pub")) {
            var e = assertThrows(InvalidInputException.class, () ->
                    new CsvImporter(db).importCsv(file, target, new ImportOptions(null, true)), target);
            assertTrue(e.getMessage().contains("belongs to kanon"), e.getMessage());
        }
        assertFalse(exists(db, releases + ".raw_pub"));
        assertTrue(exists(db, catalog + ".releases"), "the register is still there");
        assertEquals(0, db.dsl().fetchCount(new TableResolver(db).resolve(catalog + ".releases").table()));
    }

    /** Issue 19 item 6: PostgreSQL rejects 0x00 in text; the error quoted the row. One line naming file, line, column. */
    @DatabaseTest
    void aNulCharacterIsRefusedNamingLineAndColumnButNotTheValue(Database db) {
        assertRejected(db, "id,name\n1,ok\n2,secretvalue\u0000x\n", ":3: column 2 ('name') contains a NUL character", "NUL");
        var e = assertThrows(InvalidInputException.class, () -> importCsv(db, dir.resolve("people.csv"), "people"));
        assertFalse(e.getMessage().contains("secretvalue"), e.getMessage());
    }

    /**
     * Issue 19 item 6: a row too wide for a PostgreSQL page ("row is too big") printed a stack trace quoting the
     * whole INSERT with its values. Derby stores such rows; PostgreSQL's refusal names the line, never a value.
     */
    @DatabaseTest
    void aRowTooWideForTheDatabaseNamesItsLineButNoValue(TestDatabases.Kind kind, Database db) {
        int columns = 600;
        StringBuilder content = new StringBuilder();
        for (int i = 1; i <= columns; i++) {
            content.append(i == 1 ? "" : ",").append("c").append(i);
        }
        content.append('\n');
        for (int i = 1; i <= columns; i++) {
            content.append(i == 1 ? "" : ",").append("s");
        }
        content.append('\n');
        for (int i = 1; i <= columns; i++) {
            // random-looking text does not compress, so PostgreSQL cannot shrink the row below its 8 kB page
            content.append(i == 1 ? "" : ",").append("secret").append(Integer.toHexString(i * 7919)).append(java.util.UUID.randomUUID())
                    .append(java.util.UUID.randomUUID()).append(java.util.UUID.randomUUID());
        }
        content.append('\n');
        Path file = csv("wide.csv", content.toString());
        if (kind == TestDatabases.Kind.DERBY || kind == TestDatabases.Kind.DUCKDB) {
            // Derby and DuckDB have no page-bound row size: they store the row
            assertEquals(2, importCsv(db, file, "wide").rows());
            return;
        }
        if (kind == TestDatabases.Kind.MARIADB) {
            // MariaDB refuses the table itself: 600 VARCHAR(118) of 4-byte characters are over its 65,535-byte rows
            var e = assertThrows(InvalidInputException.class, () -> importCsv(db, file, "wide"));
            assertTrue(e.getMessage().startsWith(file + ":1: 600 columns of these widths are too wide for one MariaDB row"), e.getMessage());
            assertFalse(e.getMessage().contains("secret") || e.getMessage().contains("\n"), e.getMessage());
            for (Throwable t = e; t != null; t = t.getCause()) {
                assertFalse(String.valueOf(t.getMessage()).contains("secret"), "no cause quotes the row: " + t);
            }
            assertFalse(exists(db, "wide"));
            return;
        }
        var e = assertThrows(InvalidInputException.class, () -> importCsv(db, file, "wide"));
        assertTrue(e.getMessage().startsWith(file + ":3: the row is too large for PostgreSQL (row is too big: size "), e.getMessage());
        assertFalse(e.getMessage().contains("secret"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        for (Throwable t = e; t != null; t = t.getCause()) {
            assertFalse(String.valueOf(t.getMessage()).contains("secret"), "no cause quotes the row: " + t);
        }
        assertFalse(exists(db, "wide"));
    }

    /** Issue 19 item 16: an unterminated quote early in a huge file made the parser buffer the rest as one field. */
    @DatabaseTest
    void aFieldLongerThanTheBoundStopsWhereItStarts(Database db) {
        StringBuilder content = new StringBuilder("a,b\n1,\"open\n");
        for (int i = 0; i < 2000; i++) {
            content.append(i).append(",secret\n");
        }
        Path file = csv("open.csv", content.toString());
        var e = assertThrows(InvalidInputException.class, () ->
                new CsvImporter(db).importCsv(file, "people", new ImportOptions(null, false, null, false, 1000)));
        assertEquals(file + ":2: column 2 ('b') has a field of more than 1000 characters starting here (an unterminated quote?);"
                + " --max-field raises the limit", e.getMessage());
        assertFalse(exists(db, "people"));
    }

    /** Issue 19 item 17: 10,000 columns failed inside CREATE TABLE (Derby 54011, PostgreSQL's 1600-column limit). */
    @DatabaseTest
    void moreColumnsThanTheDatabaseAllowsNamesTheLimit(Database db) {
        StringBuilder header = new StringBuilder();
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= 10_000; i++) {
            header.append(i == 1 ? "" : ",").append("c").append(i);
            row.append(i == 1 ? "" : ",").append(i);
        }
        assertRejected(db, header + "\n" + row + "\n", ":1: 10000 columns; ",
                db.profile().displayName() + " allows at most " + db.profile().tableLimits().maxColumns() + " in a table");
    }

    /** Issue 19 item 12: UCI's adult.data has no header row and a space after every comma. */
    @DatabaseTest
    void aFirstRowThatLooksLikeDataIsRefusedWithAHint(Database db) {
        String adult = "39, State-gov, 77516, Bachelors, 13\n50, Self-emp-not-inc, 83311, Bachelors, 13\n"
                + "38, Private, 215646, HS-grad, 9\n";
        assertRejected(db, adult, ":1: the first row looks like data, not column names (column 1's name is a number",
                "use --no-header (columns c1, c2, ...) and --trim (values have spaces around them); --header takes");
        var e = assertThrows(InvalidInputException.class, () -> importCsv(db, dir.resolve("people.csv"), "people"));
        assertFalse(e.getMessage().contains("State-gov") || e.getMessage().contains("77516"), "no value: " + e.getMessage());
        // its first row would make duplicate names: still the headerless hint, not "duplicate column name '0'"
        assertRejected(db, "39,0,0,x\n50,0,1,y\n", ":1: the first row looks like data", "--no-header (columns c1, c2, ...);");

        ImportResult r = new CsvImporter(db).importCsv(csv("adult.data", adult), "adult",
                new ImportOptions(null, false, false, true, ImportOptions.DEFAULT_MAX_FIELD));
        assertEquals(3, r.rows());
        var fold = db.identifiers();
        assertEquals(List.of(fold.fold("c1"), fold.fold("c2"), fold.fold("c3"), fold.fold("c4"), fold.fold("c5")),
                r.columns().stream().map(ImportedColumn::name).toList());
        assertEquals(List.of("INTEGER", "VARCHAR(16)", "INTEGER", "VARCHAR(9)", "INTEGER"),
                r.columns().stream().map(ImportedColumn::sqlType).toList());
        assertEquals("State-gov", db.dsl().fetchValue(DSL.select(DSL.field(DSL.name(fold.fold("c2")), String.class))
                .from(r.table().table()).where(DSL.field(DSL.name(fold.fold("c1"))).eq(39))));

        // a header of years above numbers is a header after all: --header says so
        Path years = csv("years.csv", "country,2019,2020\nFR,12,13\n");
        assertThrows(InvalidInputException.class, () -> importCsv(db, years, "years"));
        ImportResult forced = new CsvImporter(db).importCsv(years, "years", new ImportOptions(null, false, true, false,
                ImportOptions.DEFAULT_MAX_FIELD));
        assertEquals(List.of(fold.fold("country"), "2019", "2020"), forced.columns().stream().map(ImportedColumn::name).toList());
    }

    @DatabaseTest
    void trimStripsNamesAndValuesAndLeavesQuotedLineBreaksCounted(Database db) {
        Path file = csv("t.csv", " age , name\n 39 ,\" a\nb \"\n 40,  \n41,x,y\n");
        var e = assertThrows(InvalidInputException.class, () ->
                new CsvImporter(db).importCsv(file, "t", new ImportOptions(null, false, null, true, ImportOptions.DEFAULT_MAX_FIELD)));
        assertEquals(file + ":5: row has 3 fields, the header has 2", e.getMessage());
        csv("t.csv", " age , name\n 39 ,\" a\nb \"\n 40,  \n");
        ImportResult r = new CsvImporter(db).importCsv(file, "t", new ImportOptions(null, false, null, true, ImportOptions.DEFAULT_MAX_FIELD));
        assertEquals(List.of("INTEGER", "VARCHAR(3)"), r.columns().stream().map(ImportedColumn::sqlType).toList());
        Result<Record> rows = rows(db, r.table(), db.identifiers().fold("age"));
        assertEquals("a\nb", rows.get(0).get(1, String.class));
        assertNull(rows.get(1).get(1), "spaces only: NULL");
    }
}
