package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/** `kanon verify R`: sound releases of every kind pass (exit 0); hand-spoiled ones fail (exit 1) with the violation named. */
class VerifyCliTest {

    @DatabaseTest
    @DisplayName("verify: global view, local table, two-table release pass; a class below k, a foreign cell, a lost row fail")
    void verifiesAndCatches(TestDatabases.Kind kind) {
        ConnectionSettings settings = TestDatabases.fresh(kind);
        try {
            CliRun cli = new CliRun(settings).withPaperTable("approx-medical", "medical", "approx-medical_hierarchy_")
                    .withPaperTable("permutation-table1", "t1", null);
            String qi = "age,race,gender,zip";
            assertEquals(0, cli.run("anonymize", "--table", "medical", "--qi", qi, "--k", "2", "--name", "global").exitCode());
            for (String name : new String[] {"local", "bad_class", "bad_cell"}) {
                assertEquals(0, cli.run("anonymize", "--table", "medical", "--qi", qi, "--k", "2", "--algorithm", "exact", "--name", name).exitCode());
            }
            for (String name : new String[] {"pa", "bad_rows"}) {
                assertEquals(0, cli.run("anonymize", "--table", "t1", "--qi", "age,sex", "--sensitive", "disease", "--l", "4",
                        "--algorithm", "permutation", "--seed", "3", "--name", name).exitCode());
            }
            for (String name : new String[] {"global", "local", "pa"}) {
                CliRun.Result r = cli.run("verify", name);
                assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
                assertTrue(r.out().startsWith("verified " + name), r.out());
            }
            try (Database db = Database.open(settings)) {
                ReleaseRegister register = new ReleaseRegister(db);
                ReleaseRecord c = register.require("bad_class");
                var age = DSL.field(DSL.name(db.identifiers().fold("age")), String.class);
                db.dsl().deleteFrom(DSL.table(DSL.name(c.relationSchema(), c.relationName())))
                        .where(DSL.field(DSL.name(db.identifiers().fold("diseases")), String.class).eq("Hypertension")).execute();
                ReleaseRecord cell = register.require("bad_cell");
                db.dsl().update(DSL.table(DSL.name(cell.relationSchema(), cell.relationName()))).set(age, "99").where(age.eq("27")).execute();
                ReleaseRecord rows = register.require("bad_rows");
                db.dsl().deleteFrom(DSL.table(DSL.name(rows.relationSchema(), rows.relationName())))
                        .where(DSL.field(DSL.name(db.identifiers().fold("age")), Integer.class).eq(10)).execute();
            }
            CliRun.Result badClass = cli.run("verify", "bad_class");
            assertEquals(ExitCodes.NOT_MET, badClass.exitCode(), badClass.toString());
            assertTrue(badClass.out().contains("class: [27, *, Female, 92010] holds 1 row(s), below k = 2"), badClass.out());
            assertTrue(badClass.out().contains("rows: "), badClass.out());
            CliRun.Result badCell = cli.run("verify", "bad_cell");
            assertEquals(ExitCodes.NOT_MET, badCell.exitCode(), badCell.toString());
            assertTrue(badCell.out().contains("= '99' is neither a value of the source column nor a label"), badCell.out());
            CliRun.Result json = cli.run("verify", "bad_cell", "--format", "json");
            assertEquals(ExitCodes.NOT_MET, json.exitCode(), json.toString());
            assertTrue(json.out().startsWith("{\"subject\":\"bad_cell") && json.out().contains("\"verified\":false")
                    && json.out().contains("{\"check\":\"cell\""), json.out());
            CliRun.Result badRows = cli.run("verify", "bad_rows");
            assertEquals(ExitCodes.NOT_MET, badRows.exitCode(), badRows.toString());
            assertTrue(badRows.out().contains("rows: ") && badRows.out().contains("re-check: "), badRows.out());
            CliRun.assertRefused(cli.run("verify", "nope"), "nope");
            // any table: the source itself is not 2-anonymous, the release table is
            CliRun.Result raw = cli.run("verify", "--table", "medical", "--qi", qi, "--k", "2");
            assertEquals(ExitCodes.NOT_MET, raw.exitCode(), raw.toString());
            assertTrue(raw.out().contains("4 violation(s)"), raw.out());
            CliRun.Result asTable;
            try (Database db = Database.open(settings)) {
                ReleaseRecord local = new ReleaseRegister(db).require("local");
                asTable = cli.run("verify", "--table", local.relationSchema() + "." + local.relationName(), "--qi", qi, "--k", "2");
            }
            assertEquals(ExitCodes.OK, asTable.exitCode(), asTable.toString());
            CliRun.assertRefused(cli.run("verify", "--table", "medical", "--k", "2"), "--qi");
            CliRun.assertRefused(cli.run("verify", "local", "--table", "medical", "--qi", qi, "--k", "2"), "not both");
        } finally {
            TestDatabases.dispose(settings);
        }
    }
}
