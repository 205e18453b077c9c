package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jooq.Record;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.privacy.KAnonymity;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.ReleaseVerifier;

/**
 * `kanon anonymize --algorithm forest|factor2|factor3|exact` on the approximation paper's medical table (section 1)
 * and the TKDE paper's Table 1a: releases registered and verified independently, the paper's optimal 2-anonymous
 * suppression, row deletion, `kanon metrics` reporting the cost; bad input refused with one line, exit 2.
 */
class ApproximationCliTest {
    private static final String MEDICAL_QI = "age,race,gender,zip";
    private static final Pattern COST = Pattern.compile("cost (\\d+\\.\\d+)");

    @TempDir
    Path tmp;

    private static CliRun setUp(ConnectionSettings settings, String file, String table) {
        return new CliRun(settings).withPaperTable(file, table, file + "_hierarchy_");
    }

    private static double cost(CliRun.Result r) {
        Matcher m = COST.matcher(r.out());
        assertTrue(m.find(), r.out());
        return Double.parseDouble(m.group(1));
    }

    /** Released QI cells, sorted. */
    private static List<List<String>> cells(Database db, SourceTable t, ReleaseRecord r, List<String> qis) {
        List<List<String>> rows = new ArrayList<>();
        for (Record row : db.dsl().select().from(DSL.table(DSL.name(r.relationSchema(), r.relationName()))).fetch()) {
            List<String> c = new ArrayList<>();
            for (String q : qis) {
                c.add(String.valueOf(row.get(t.column(q).name())));
            }
            rows.add(c);
        }
        rows.sort((a, b) -> a.toString().compareTo(b.toString()));
        return rows;
    }

    @DatabaseTest
    @DisplayName("medical table, k = 2: exact, forest and factor2 all release the paper's 6-star suppression, verified")
    void medicalTable(ConnectionSettings settings) {
        CliRun cli = setUp(settings, "approx-medical", "medical");
        for (String algorithm : List.of("exact", "forest", "factor2")) {
            CliRun.Result r = cli.run("anonymize", "--table", "medical", "--qi", MEDICAL_QI, "--k", "2", "--algorithm", algorithm,
                    "--name", "med_" + algorithm);
            assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
            assertEquals(6.0, cost(r), 1e-9, algorithm + ": " + r.out());
            assertTrue(r.out().contains("4 rows in 2 classes"), r.out());
        }
        CliRun.Result m = cli.run("metrics", "--release", "med_forest");
        assertEquals(ExitCodes.OK, m.exitCode(), m.toString());
        assertTrue(m.out().contains("cost (r/l):         6.0000"), m.out());
        try (Database db = Database.open(settings)) {
            SourceTable t = new TableResolver(db).resolve("medical");
            ReleaseRegister register = new ReleaseRegister(db);
            List<String> qis = List.of("age", "race", "gender", "zip");
            for (String algorithm : List.of("exact", "forest", "factor2")) {
                ReleaseRecord rec = register.require("med_" + algorithm);
                ReleaseVerifier.verify(db, t, rec, qis, new KAnonymity(2), Set.of());
                assertEquals(0, db.dsl().fetch(rec.recheckSql()).size(), rec.recheckSql());
                assertEquals(List.of(List.of("*", "White", "*", "21004"), List.of("*", "White", "*", "21004"),
                        List.of("27", "*", "Female", "92010"), List.of("27", "*", "Female", "92010")), cells(db, t, rec, qis), algorithm);
            }
        }
    }

    @DatabaseTest
    @DisplayName("Table 1a with hierarchies: every algorithm releases a verified table; none costs less than exact; factor3 at k = 3")
    void everyAlgorithmOnHierarchies(ConnectionSettings settings) {
        CliRun cli = setUp(settings, "kaca-table1a", "t1a");
        Map<String, Double> costs = new TreeMap<>();
        for (String[] run : new String[][] {{"exact", "2"}, {"forest", "2"}, {"factor2", "2"}, {"exact", "3"}, {"forest", "3"}, {"factor3", "3"}}) {
            CliRun.Result r = cli.run("anonymize", "--table", "t1a", "--qi", "gender,age,postcode", "--k", run[1], "--algorithm", run[0],
                    "--identifying", "no", "--name", "t1a_" + run[0] + run[1]);
            assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
            assertTrue(r.out().contains("guarantee:"), r.out());
            costs.put(run[0] + run[1], cost(r));
        }
        for (String k : List.of("2", "3")) {
            for (Map.Entry<String, Double> e : costs.entrySet()) {
                if (e.getKey().endsWith(k)) {
                    assertTrue(e.getValue() >= costs.get("exact" + k) - 1e-9, e + " below the optimum " + costs);
                }
            }
        }
        try (Database db = Database.open(settings)) {
            SourceTable t = new TableResolver(db).resolve("t1a");
            ReleaseRegister register = new ReleaseRegister(db);
            for (String name : costs.keySet()) {
                ReleaseRecord rec = register.require("t1a_" + name);
                int k = Integer.parseInt(name.substring(name.length() - 1));
                ReleaseVerifier.verify(db, t, rec, List.of("gender", "age", "postcode"), new KAnonymity(k), Set.of(t.column("no").name()));
                assertEquals(0, db.dsl().fetch(rec.recheckSql()).size(), rec.recheckSql());
                assertEquals(name.substring(0, name.length() - 1), rec.algorithm().toLowerCase());
            }
        }
    }

    @DatabaseTest
    @DisplayName("--row-deletion: at k = 3 the optimum deletes one row of the medical table (cost 13 instead of 16); registered as suppressed")
    void rowDeletion(ConnectionSettings settings) {
        CliRun cli = setUp(settings, "approx-medical", "medical");
        CliRun.Result plain = cli.run("anonymize", "--table", "medical", "--qi", MEDICAL_QI, "--k", "3", "--algorithm", "exact");
        assertEquals(ExitCodes.OK, plain.exitCode(), plain.toString());
        assertEquals(16.0, cost(plain), 1e-9, plain.out());
        CliRun.Result r = cli.run("anonymize", "--table", "medical", "--qi", MEDICAL_QI, "--k", "3", "--algorithm", "exact",
                "--row-deletion", "--name", "med_del");
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        assertEquals(13.0, cost(r), 1e-9, r.out());
        assertTrue(r.out().contains("1 row(s) deleted"), r.out());
        CliRun.Result forest = cli.run("anonymize", "--table", "medical", "--qi", MEDICAL_QI, "--k", "3", "--algorithm", "forest",
                "--row-deletion", "--name", "med_fdel");
        assertEquals(ExitCodes.OK, forest.exitCode(), forest.toString());
        assertTrue(cost(forest) <= 16.0 + 1e-9, forest.out());
        try (Database db = Database.open(settings)) {
            SourceTable t = new TableResolver(db).resolve("medical");
            ReleaseRecord rec = new ReleaseRegister(db).require("med_del");
            assertEquals(4, rec.rowsIn());
            assertEquals(3, rec.rowsOut());
            assertEquals(1, rec.rowsSuppressed());
            ReleaseVerifier.verify(db, t, rec, List.of("age", "race", "gender", "zip"), new KAnonymity(3), Set.of());
            assertEquals(0, db.dsl().fetch(rec.recheckSql()).size(), rec.recheckSql());
            ReleaseVerifier.verify(db, t, new ReleaseRegister(db).require("med_fdel"), List.of("age", "race", "gender", "zip"),
                    new KAnonymity(3), Set.of());
        }
        CliRun.Result m = cli.run("metrics", "--release", "med_del");
        assertEquals(ExitCodes.OK, m.exitCode(), m.toString());
        assertTrue(m.out().contains("cost (r/l):         13.0000"), m.out());
    }

    @DatabaseTest
    @DisplayName("exact above its limit, factor2 at k = 3, factor3 with --row-deletion, --alpha, --block-size 1, a QI without hierarchy: exit 2, nothing registered")
    void badInput(ConnectionSettings settings) throws IOException {
        CliRun cli = setUp(settings, "approx-medical", "medical");
        StringBuilder csv = new StringBuilder("a,b\n");
        for (int i = 0; i < 20; i++) {
            csv.append(i % 5).append(',').append(i).append('\n');
        }
        Path big = Files.writeString(tmp.resolve("big.csv"), csv);
        assertEquals(0, cli.run("import", big.toString(), "--table", "big").exitCode());
        assertEquals(0, cli.run("hierarchy", "build", "--table", "big", "--column", "a", "--spec", "interval:5").exitCode(),
                "interval hierarchy on a");
        CliRun.assertRefused(cli.run("anonymize", "--table", "big", "--qi", "a", "--k", "2", "--algorithm", "exact", "--name", "x1"),
                "--algorithm exact", "18 rows", "20");
        CliRun.assertRefused(cli.run("anonymize", "--table", "big", "--qi", "a,b", "--k", "2", "--algorithm", "forest", "--name", "x2"),
                "--qi", "b", "no hierarchy");
        CliRun.assertRefused(cli.run("anonymize", "--table", "medical", "--qi", MEDICAL_QI, "--k", "3", "--algorithm", "factor2", "--name", "x3"),
                "--k", "factor2", "3");
        CliRun.assertRefused(cli.run("anonymize", "--table", "medical", "--qi", MEDICAL_QI, "--k", "3", "--algorithm", "factor3",
                "--row-deletion", "--name", "x4"), "--row-deletion", "factor3");
        CliRun.assertRefused(cli.run("anonymize", "--table", "medical", "--qi", MEDICAL_QI, "--k", "2", "--algorithm", "forest",
                "--alpha", "0.5", "--sensitive", "diseases", "--name", "x5"), "forest", "--alpha");
        CliRun.assertRefused(cli.run("anonymize", "--table", "medical", "--qi", MEDICAL_QI, "--k", "2", "--algorithm", "factor2",
                "--block-size", "1", "--name", "x6"), "--block-size", "1");
        CliRun.assertRefused(cli.run("anonymize", "--table", "medical", "--qi", MEDICAL_QI, "--k", "5", "--algorithm", "forest", "--name", "x7"),
                "--k", "4 row(s)");
        CliRun.assertRefused(cli.run("anonymize", "--table", "medical", "--qi", MEDICAL_QI, "--k", "2", "--algorithm", "forest",
                "--weights", "1,2", "--name", "x8"), "--weights", "2 weight(s)", "4");
        try (Database db = Database.open(settings)) {
            assertTrue(new ReleaseRegister(db).list().isEmpty());
        }
    }
}
