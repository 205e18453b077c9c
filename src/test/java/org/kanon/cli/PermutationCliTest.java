package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.db.KanonSchemas;
import org.kanon.db.Relations;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import org.kanon.testing.DatabaseTest;

/**
 * `kanon anonymize --algorithm permutation|anatomy` on the permutation paper's Table 1: the two tables and the
 * partition record written and registered, checked here without the engine's re-check (group sizes, l-diversity,
 * per-group multisets, no row lost), the stored re-check catching tampering, PQT really permuted, Anatomy not;
 * bad input refused with one line, exit 2, nothing registered.
 */
class PermutationCliTest {

    private static CliRun setUp(ConnectionSettings settings) {
        return new CliRun(settings).withPaperTable("permutation-table1", "t1", null);
    }

    private static String[] anonymize(String algorithm, String name, String... extra) {
        List<String> args = new ArrayList<>(List.of("anonymize", "--table", "t1", "--qi", "age,sex", "--sensitive", "disease",
                "--algorithm", algorithm));
        if (!List.of(extra).contains("--l")) {
            args.addAll(List.of("--l", "4"));
        }
        if (name != null) {
            args.addAll(List.of("--name", name));
        }
        args.addAll(List.of(extra));
        return args.toArray(String[]::new);
    }

    /** Per GID, the rows of a table as lists of the given columns' text. */
    private static Map<Integer, List<List<String>>> byGroup(DSLContext ctx, String schema, String table, List<String> columns) {
        Map<Integer, List<List<String>>> groups = new HashMap<>();
        for (Record r : ctx.select().from(DSL.table(DSL.name(schema, table))).fetch()) {
            List<String> values = new ArrayList<>();
            for (String c : columns) {
                values.add(String.valueOf(r.get(field(r, c))));
            }
            groups.computeIfAbsent(((Number) r.get(field(r, "gid"))).intValue(), g -> new ArrayList<>()).add(values);
        }
        groups.values().forEach(rows -> rows.sort((a, b) -> a.toString().compareTo(b.toString())));
        return groups;
    }

    private static String field(Record r, String name) {
        for (var f : r.fields()) {
            if (f.getName().equalsIgnoreCase(name)) {
                return f.getName();
            }
        }
        throw new AssertionError("no column " + name);
    }

    private static Map<Integer, List<String>> column(Map<Integer, List<List<String>>> groups, int index) {
        Map<Integer, List<String>> out = new HashMap<>();
        groups.forEach((g, rows) -> out.put(g, rows.stream().map(r -> r.get(index)).sorted().toList()));
        return out;
    }

    @DatabaseTest
    @DisplayName("Table 1, l = 4: PQT/PST and QIT/ST registered; groups l-diverse, multisets kept, no row lost; PQT permuted, QIT exact")
    void releasesOfTable1(ConnectionSettings settings) {
        CliRun cli = setUp(settings);
        Set<Set<List<String>>> pqtTuples = new HashSet<>();
        for (int seed = 1; seed <= 6; seed++) {
            CliRun.Result r = cli.run(anonymize("permutation", "pa" + seed, "--seed", Integer.toString(seed)));
            assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
            assertTrue(r.out().contains("into 2 4-diverse groups (smallest 4)"), r.out());
        }
        CliRun.Result a = cli.run(anonymize("anatomy", "an"));
        assertEquals(ExitCodes.OK, a.exitCode(), a.toString());
        try (Database db = Database.open(settings)) {
            DSLContext ctx = db.dsl();
            ReleaseRegister register = new ReleaseRegister(db);
            String catalog = db.identifiers().namespace(KanonSchemas.CATALOG);
            boolean permutedSomewhere = false;
            for (int seed = 1; seed <= 6; seed++) {
                ReleaseRecord rec = register.require("pa" + seed);
                assertEquals(ReleaseRecord.PERMUTATION, rec.recoding());
                assertEquals(0, ctx.fetch(rec.recheckSql()).size(), rec.recheckSql());
                Map<Integer, List<List<String>>> pqt = byGroup(ctx, rec.relationSchema(), rec.relationName(), List.of("age", "sex"));
                Map<Integer, List<List<String>>> pst = byGroup(ctx, rec.relationSchema(), rec.sensitiveRelation(), List.of("disease"));
                Map<Integer, List<List<String>>> part = byGroup(ctx, catalog, rec.partitionRelation(), List.of("age", "sex", "disease"));
                assertEquals(9, pqt.values().stream().mapToInt(List::size).sum(), "PQT rows");
                assertEquals(9, pst.values().stream().mapToInt(List::size).sum(), "PST rows");
                List<String> all = new ArrayList<>();
                part.values().forEach(rows -> rows.forEach(row -> all.add(row.toString())));
                all.sort(null);
                assertEquals(List.of("[10, M, Bronchitis]", "[40, F, Gastritic]", "[45, M, Flu]", "[50, F, Pneumonia]", "[50, M, Cancer]",
                        "[55, F, Gastritic]", "[65, M, Emphysema]", "[70, F, Flu]", "[90, F, Dyspepsia]"), all, "the partition holds Table 1");
                for (int gid : pqt.keySet()) {
                    List<List<String>> group = pst.get(gid);
                    assertTrue(group.size() >= 4, "group " + gid + " of " + group.size());
                    Map<String, Integer> counts = new HashMap<>();
                    group.forEach(row -> counts.merge(row.get(0), 1, Integer::sum));
                    counts.values().forEach(c -> assertTrue(c * 4 <= group.size(), "group " + gid + " is not 4-diverse: " + counts));
                }
                assertEquals(column(part, 0), column(pqt, 0), "ages per group");
                assertEquals(column(part, 1), column(pqt, 1), "sexes per group");
                assertEquals(column(part, 2), column(pst, 0), "diseases per group");
                if (!part.keySet().stream().allMatch(g -> pqt.get(g).equals(part.get(g).stream().map(row -> row.subList(0, 2))
                        .sorted((x, y) -> x.toString().compareTo(y.toString())).toList()))) {
                    permutedSomewhere = true;
                }
                Set<List<String>> tuples = new HashSet<>();
                pqt.values().forEach(tuples::addAll);
                pqtTuples.add(tuples);
            }
            assertTrue(permutedSomewhere, "no seed permuted a QI tuple: PQT repeats the original tuples");
            ReleaseRecord an = register.require("an");
            assertEquals(ReleaseRecord.ANATOMY, an.recoding());
            assertEquals(0, ctx.fetch(an.recheckSql()).size());
            Map<Integer, List<List<String>>> qit = byGroup(ctx, an.relationSchema(), an.relationName(), List.of("age", "sex"));
            Map<Integer, List<List<String>>> part = byGroup(ctx, catalog, an.partitionRelation(), List.of("age", "sex", "disease"));
            for (int g : part.keySet()) {
                assertEquals(part.get(g).stream().map(row -> row.subList(0, 2)).sorted((x, y) -> x.toString().compareTo(y.toString())).toList(),
                        qit.get(g), "QIT holds the exact tuples of group " + g);
            }

            // the stored re-check catches a changed value, a lost row and a group made less diverse
            ReleaseRecord pa = register.require("pa1");
            ctx.update(DSL.table(DSL.name(pa.relationSchema(), pa.relationName())))
                    .set(DSL.field(DSL.name(db.identifiers().fold("age")), Integer.class), 99)
                    .where(DSL.field(DSL.name(db.identifiers().fold("age")), Integer.class).eq(65)).execute();
            assertFalse(ctx.fetch(pa.recheckSql()).isEmpty(), "a changed age passes the re-check");
            ReleaseRecord pa2 = register.require("pa2");
            ctx.deleteFrom(DSL.table(DSL.name(catalog, pa2.partitionRelation())))
                    .where(DSL.field(DSL.name(db.identifiers().fold("age")), Integer.class).eq(10)).execute();
            assertFalse(ctx.fetch(pa2.recheckSql()).isEmpty(), "a lost row passes the re-check");
            ReleaseRecord pa3 = register.require("pa3");
            ctx.update(DSL.table(DSL.name(pa3.relationSchema(), pa3.sensitiveRelation())))
                    .set(DSL.field(DSL.name(db.identifiers().fold("disease")), String.class), "Flu").execute();
            assertTrue(ctx.fetch(pa3.recheckSql()).stream().anyMatch(r -> "l-diversity".equals(r.get(0))), "a group of one disease passes");
        }
        // dropping the release drops all three tables
        assertEquals(ExitCodes.OK, cli.run("release", "drop", "pa4").exitCode());
        try (Database db = Database.open(settings)) {
            String schema = db.identifiers().namespace(KanonSchemas.RELEASES);
            assertFalse(Relations.exists(db.dsl(), schema, db.identifiers().fold("pa4_PQT")));
            assertFalse(Relations.exists(db.dsl(), schema, db.identifiers().fold("pa4_PST")));
            assertFalse(Relations.exists(db.dsl(), db.identifiers().namespace(KanonSchemas.CATALOG), db.identifiers().fold("pa4_PARTITION")));
            assertTrue(Relations.exists(db.dsl(), schema, db.identifiers().fold("pa5_PQT")));
        }
    }

    @DatabaseTest
    @DisplayName("infeasible l, l = 1, the sensitive attribute among the QIs, no --sensitive, an existing name: exit 2, nothing registered")
    void badInput(ConnectionSettings settings) {
        CliRun cli = setUp(settings);
        CliRun.assertRefused(cli.run(anonymize("permutation", "x1", "--l", "5")), "--l", "no 5-diverse partition", "Flu", "largest feasible l is 4");
        CliRun.assertRefused(cli.run(anonymize("anatomy", "x2", "--l", "1")), "--l", "at least 2");
        CliRun.assertRefused(cli.run("anonymize", "--table", "t1", "--qi", "age,disease", "--sensitive", "disease", "--l", "2",
                "--algorithm", "permutation", "--name", "x3"), "--sensitive", "also in --qi");
        CliRun.assertRefused(cli.run("anonymize", "--table", "t1", "--qi", "age,sex", "--l", "2", "--algorithm", "permutation"), "--sensitive");
        CliRun.assertRefused(cli.run("anonymize", "--table", "t1", "--qi", "age,sex", "--sensitive", "nope", "--l", "2", "--algorithm", "anatomy"), "nope");
        try (Database db = Database.open(settings)) {
            assertTrue(new ReleaseRegister(db).list().isEmpty());
        }
        assertEquals(ExitCodes.OK, cli.run(anonymize("permutation", "dup")).exitCode());
        CliRun.assertRefused(cli.run(anonymize("permutation", "dup")), "dup", "already exists", "--replace");
        assertEquals(ExitCodes.OK, cli.run(anonymize("permutation", "dup", "--replace")).exitCode());
    }
}
