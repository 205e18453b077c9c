package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jooq.Record;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.privacy.KAnonymity;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.ReleaseVerifier;

/**
 * `kanon anonymize --algorithm kaca1|kaca2` on the TKDE paper's Tables 1a and 3a: releases registered and verified,
 * `kanon metrics` on them, --priority and --seed honoured; bad input refused with one line, exit 2, nothing registered.
 */
class KacaCliTest {
    private static final String T1_QI = "gender,age,postcode";

    private static CliRun setUp(ConnectionSettings settings, String... tables) {
        CliRun cli = new CliRun(settings);
        for (String table : tables) {
            String name = table.replace("kaca-table", "t");
            assertEquals(0, cli.run("import", PaperTables.PAPERS.resolve(table + ".csv").toString(), "--table", name).exitCode());
            assertEquals(0, cli.run("hierarchy", "import", "--table", name, "--dir", PaperTables.PAPERS.toString(),
                    "--prefix", table + "_").exitCode());
        }
        return cli;
    }

    /** Released QI cells by No. */
    private static Map<Integer, List<String>> rows(Database db, SourceTable t, ReleaseRecord r, List<String> qis) {
        Map<Integer, List<String>> rows = new TreeMap<>();
        for (Record row : db.dsl().select().from(DSL.table(DSL.name(r.relationSchema(), r.relationName()))).fetch()) {
            List<String> cells = new ArrayList<>();
            for (String q : qis) {
                cells.add(String.valueOf(row.get(t.column(q).name())));
            }
            rows.put(Integer.parseInt(String.valueOf(row.get(t.column("no").name()))), cells);
        }
        return rows;
    }

    @DatabaseTest
    @DisplayName("kaca1 and kaca2 on Table 1a with --name: registered, verified, Table 1d's classes; kanon metrics runs on them")
    void releasesAndMetrics(ConnectionSettings settings) {
        CliRun cli = setUp(settings, "kaca-table1a");
        CliRun.Result r = cli.run("anonymize", "--table", "t1a", "--qi", T1_QI, "--k", "2", "--algorithm", "kaca1",
                "--weights", "uniform", "--seed", "3", "--name", "t1a_k1");
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        assertTrue(r.out().contains("with kaca1"), r.out());
        assertTrue(r.out().contains("6 rows in 3 classes, smallest 2, 0 merges and 1 stubs"), r.out());
        assertTrue(r.out().contains("released t1a_k1 as table"), r.out());
        CliRun.Result r2 = cli.run("anonymize", "--table", "t1a", "--qi", T1_QI, "--k", "2", "--algorithm", "kaca2",
                "--max-inconsistency", "30%", "--weights", "height", "--beta", "2", "--name", "t1a_k2");
        assertEquals(ExitCodes.OK, r2.exitCode(), r2.toString());
        assertTrue(r2.out().contains("max inconsistency 30"), r2.out());

        CliRun.Result m = cli.run("metrics", "--release", "t1a_k1");
        assertEquals(ExitCodes.OK, m.exitCode(), m.toString());
        // Table 1d: 3 classes (2, 2, 2); one row of 1-3 and row 4 with gender and postcode one level up: 2 * 2 = 4
        assertTrue(m.out().contains("rows:               6 in 3 classes, smallest 2"), m.out());
        assertTrue(m.out().contains("distortion:         4 "), m.out());
        assertEquals(ExitCodes.OK, cli.run("metrics", "--release", "t1a_k2").exitCode());

        try (Database db = Database.open(settings)) {
            SourceTable t = new TableResolver(db).resolve("t1a");
            ReleaseRegister register = new ReleaseRegister(db);
            List<String> qis = List.of("gender", "age", "postcode");
            for (String name : new String[] {"t1a_k1", "t1a_k2"}) {
                ReleaseRecord rec = register.require(name);
                ReleaseVerifier.verify(db, t, rec, qis, new KAnonymity(2), Set.of());
                assertEquals(0, db.dsl().fetch(rec.recheckSql()).size(), rec.recheckSql());
            }
            // the classes of Table 1d: 2 x {male, middle, 4350}, 2 x {*, middle, 435*}, 2 x {female, old, 4353}
            Map<List<String>, Integer> classes = new TreeMap<>((a, b) -> a.toString().compareTo(b.toString()));
            rows(db, t, register.require("t1a_k1"), qis).values().forEach(c -> classes.merge(c, 1, Integer::sum));
            assertEquals(Map.of(List.of("male", "middle", "4350"), 2, List.of("*", "middle", "435*"), 2,
                    List.of("female", "old", "4353"), 2), new java.util.HashMap<>(classes));
            assertEquals("KACA1", register.require("t1a_k1").algorithm().toUpperCase());
        }
    }

    @DatabaseTest
    @DisplayName("Table 3a: --priority marriage gives Table 3c; the same --seed gives the same release, the seeds 1..3 not all the same")
    void priorityAndSeed(ConnectionSettings settings) {
        CliRun cli = setUp(settings, "kaca-table3a");
        CliRun.Result p = cli.run("anonymize", "--table", "t3a", "--qi", "gender,marriage", "--k", "2", "--algorithm", "kaca1",
                "--priority", "marriage", "--name", "t3a_p");
        assertEquals(ExitCodes.OK, p.exitCode(), p.toString());
        assertTrue(p.out().contains("priority marriage"), p.out());
        List<String> seeds = List.of("1", "1", "2", "3");
        for (int i = 0; i < seeds.size(); i++) {
            CliRun.Result r = cli.run("anonymize", "--table", "t3a", "--qi", "gender,marriage", "--k", "2", "--algorithm", "kaca1",
                    "--seed", seeds.get(i), "--name", "t3a_s" + i);
            assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
            assertTrue(r.out().contains("seed " + seeds.get(i)), r.out());
        }
        try (Database db = Database.open(settings)) {
            SourceTable t = new TableResolver(db).resolve("t3a");
            ReleaseRegister register = new ReleaseRegister(db);
            List<String> qis = List.of("gender", "marriage");
            Map<Integer, List<String>> table3c = new TreeMap<>();
            String[] g = {"male", "male", "female", "female", "male", "male", "female", "female"};
            for (int no = 1; no <= 8; no++) {
                table3c.put(no, List.of(g[no - 1], "*"));
            }
            assertEquals(table3c, rows(db, t, register.require("t3a_p"), qis), "Table 3c");
            List<Map<Integer, List<String>>> bySeed = new ArrayList<>();
            for (int i = 0; i < seeds.size(); i++) {
                ReleaseRecord rec = register.require("t3a_s" + i);
                ReleaseVerifier.verify(db, t, rec, qis, new KAnonymity(2), Set.of());
                bySeed.add(rows(db, t, rec, qis));
            }
            assertEquals(bySeed.get(0), bySeed.get(1), "--seed 1 twice");
            assertTrue(new HashSet<>(bySeed).size() > 1, "seeds 1..3 all gave " + bySeed.get(0) + ": --seed has no effect");
        }
    }

    @DatabaseTest
    @DisplayName("k above the table, --beta 0.5, --weights foo, --max-inconsistency 150% or with kaca1, --priority of a non-QI, --alpha, --suppression: exit 2")
    void badInput(ConnectionSettings settings) {
        CliRun cli = setUp(settings, "kaca-table1a");
        CliRun.assertRefused(cli.run(kaca("kaca1", "big", "--k", "7")), "--k", "7", "6 rows");
        CliRun.assertRefused(cli.run(kaca("kaca1", "beta", "--beta", "0.5")), "--beta", "0.5");
        CliRun.assertRefused(cli.run(kaca("kaca2", "beta2", "--weights", "uniform", "--beta", "2")), "--beta");
        CliRun.assertRefused(cli.run(kaca("kaca1", "weights", "--weights", "foo")), "--weights", "foo");
        CliRun.assertRefused(cli.run(kaca("kaca2", "inc", "--max-inconsistency", "150%")), "--max-inconsistency", "150%");
        CliRun.assertRefused(cli.run(kaca("kaca2", "inc2", "--max-inconsistency", "ten")), "--max-inconsistency", "ten");
        CliRun.assertRefused(cli.run(kaca("kaca1", "inc1", "--max-inconsistency", "10%")), "--max-inconsistency", "kaca2");
        CliRun.assertRefused(cli.run(kaca("kaca1", "prio", "--priority", "problem")), "--priority", "problem");
        CliRun.assertRefused(cli.run(kaca("kaca2", "prio2", "--priority", "nope")), "nope");
        CliRun.assertRefused(cli.run(kaca("kaca1", "alpha", "--alpha", "0.5", "--sensitive", "problem")), "kaca1", "--alpha");
        CliRun.assertRefused(cli.run(kaca("kaca1", "supp", "--suppression", "5")), "--suppression");
        CliRun.Result list = cli.run("release", "list");
        assertEquals(ExitCodes.OK, list.exitCode(), list.toString());
        try (Database db = Database.open(settings)) {
            assertTrue(new ReleaseRegister(db).list().isEmpty(), list.out());
        }
    }

    private static String[] kaca(String algorithm, String name, String... extra) {
        List<String> args = new ArrayList<>(List.of("anonymize", "--table", "t1a", "--qi", T1_QI, "--algorithm", algorithm, "--name", name));
        if (!List.of(extra).contains("--k")) {
            args.addAll(List.of("--k", "2"));
        }
        args.addAll(List.of(extra));
        return args.toArray(String[]::new);
    }
}
