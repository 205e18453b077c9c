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
    void verifiesAndCatches(ConnectionSettings settings) {
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
        assertTrue(raw.out().contains("4 class(es) below k = 2"), raw.out());
        // the total counts classes listed and counted alike
        CliRun.Result one = cli.run("verify", "--table", "medical", "--qi", qi, "--k", "2", "--limit", "1");
        assertEquals(ExitCodes.NOT_MET, one.exitCode(), one.toString());
        assertTrue(one.out().contains("NOT verified") && one.out().contains(": 4 class(es) below k = 2 (1 listed, 3 more counted)")
                && one.out().contains("class: 3 more class(es) below k"), one.out());
        CliRun.Result asTable;
        try (Database db = Database.open(settings)) {
            ReleaseRecord local = new ReleaseRegister(db).require("local");
            asTable = cli.run("verify", "--table", local.relationSchema() + "." + local.relationName(), "--qi", qi, "--k", "2");
        }
        assertEquals(ExitCodes.OK, asTable.exitCode(), asTable.toString());
        CliRun.assertRefused(cli.run("verify", "--table", "medical", "--k", "2"), "--qi");
        CliRun.assertRefused(cli.run("verify", "local", "--table", "medical", "--qi", qi, "--k", "2"), "not both");
    }

    @DatabaseTest
    @DisplayName("verify: good releases of every algorithm family pass, from the papers' tables")
    void everyFamilyVerifies(ConnectionSettings settings) {
        CliRun cli = papers(settings);
        String[][] runs = {
                {"incognito", "anonymize", "--table", "patients", "--qi", PATIENTS_QI, "--k", "2"},
                {"starred", "release", "--table", "patients", "--qi", PATIENTS_QI, "--levels", "1,0,1", "--k", "2", "--suppression", "3",
                        "--suppress-mode", "star"},
                {"removed", "release", "--table", "patients", "--qi", PATIENTS_QI, "--levels", "1,0,1", "--k", "2", "--suppression", "3",
                        "--materialize"},
                {"e_alpha", "anonymize", "--table", "t1", "--qi", ALPHA_QI, "--k", "2", "--alpha", "0.5", "--sensitive", "illness", "--value", "HIV"},
                {"topdown", "anonymize", "--table", "t1", "--qi", ALPHA_QI, "--k", "2", "--alpha", "0.5", "--sensitive", "illness", "--value", "HIV",
                        "--algorithm", "topdown"},
                {"general", "anonymize", "--table", "t1", "--qi", ALPHA_QI, "--k", "2", "--alpha", "0.5", "--sensitive", "illness",
                        "--algorithm", "topdown"},
                {"kaca", "anonymize", "--table", "t1a", "--qi", KACA_QI, "--k", "2", "--algorithm", "kaca1"},
                {"mondrian", "anonymize", "--table", "t1a", "--qi", KACA_QI, "--k", "2", "--algorithm", "mondrian"},
                {"mondrian_l", "anonymize", "--table", "t1a", "--qi", KACA_QI, "--k", "1", "--l", "2", "--sensitive", "problem",
                        "--algorithm", "mondrian"},
                {"forest", "anonymize", "--table", "medical", "--qi", MEDICAL_QI, "--k", "2", "--algorithm", "forest"},
                {"exact", "anonymize", "--table", "medical", "--qi", MEDICAL_QI, "--k", "2", "--algorithm", "exact"},
                {"deleted", "anonymize", "--table", "medical", "--qi", MEDICAL_QI, "--k", "2", "--algorithm", "exact", "--row-deletion"},
                {"permuted", "anonymize", "--table", "t1p", "--qi", "age,sex", "--sensitive", "disease", "--l", "4", "--algorithm", "permutation",
                        "--seed", "3"},
                {"anatomy", "anonymize", "--table", "t1p", "--qi", "age,sex", "--sensitive", "disease", "--l", "4", "--algorithm", "anatomy",
                        "--seed", "3"}};
        for (String[] run : runs) {
            String[] args = java.util.Arrays.copyOfRange(run, 1, run.length + 2);
            args[args.length - 2] = "--name";
            args[args.length - 1] = run[0];
            CliRun.Result made = cli.run(args);
            assertEquals(ExitCodes.OK, made.exitCode(), run[0] + "\n" + made);
            CliRun.Result r = cli.run("verify", run[0]);
            assertEquals(ExitCodes.OK, r.exitCode(), run[0] + "\n" + r);
            assertTrue(r.out().startsWith("verified " + run[0]), r.out());
        }
    }

    @DatabaseTest
    @DisplayName("verify: rows paired one by one (swapped cells, a changed non-QI value), the registered model, starred rows, a broken l-diverse pair")
    void catchesHandMadeBadReleases(ConnectionSettings settings) {
        CliRun cli = papers(settings);
        assertEquals(0, cli.run("anonymize", "--table", "medical", "--qi", "age", "--k", "2", "--algorithm", "exact", "--name", "swapped").exitCode());
        assertEquals(0, cli.run("anonymize", "--table", "medical", "--qi", MEDICAL_QI, "--k", "2", "--algorithm", "exact", "--name", "changed").exitCode());
        for (String name : new String[] {"star_class", "star_none"}) {
            assertEquals(0, cli.run("release", "--table", "patients", "--qi", PATIENTS_QI, "--levels", "1,0,1", "--k", "2", "--suppression", "3",
                    "--suppress-mode", "star", "--name", name).exitCode());
        }
        assertEquals(0, cli.run("anonymize", "--table", "t1", "--qi", ALPHA_QI, "--k", "2", "--alpha", "0.5", "--sensitive", "illness",
                "--value", "HIV", "--algorithm", "topdown", "--name", "alpha").exitCode());
        assertEquals(0, cli.run("anonymize", "--table", "t1p", "--qi", "age,sex", "--sensitive", "disease", "--l", "4", "--algorithm", "permutation",
                "--seed", "3", "--name", "diverse").exitCode());
        for (String name : new String[] {"swapped", "changed", "star_class", "star_none", "alpha", "diverse"}) {
            assertEquals(ExitCodes.OK, cli.run("verify", name).exitCode(), name);
        }
        try (Database db = Database.open(settings)) {
            ReleaseRegister register = new ReleaseRegister(db);
            var ids = db.identifiers();
            // each age cell stays a label and both classes keep 2 rows, but 47 (Common Cold) now shows 27
            ReleaseRecord swapped = register.require("swapped");
            var swappedTable = DSL.table(DSL.name(swapped.relationSchema(), swapped.relationName()));
            var age = DSL.field(DSL.name(ids.fold("age")), String.class);
            var diseases = DSL.field(DSL.name(ids.fold("diseases")), String.class);
            assertEquals("*", db.dsl().select(age).from(swappedTable).where(diseases.eq("Common Cold")).fetchOne(age));
            assertEquals("27", db.dsl().select(age).from(swappedTable).where(diseases.eq("Hypertension")).fetchOne(age));
            db.dsl().update(swappedTable).set(age, "27").where(diseases.eq("Common Cold")).execute();
            db.dsl().update(swappedTable).set(age, "*").where(diseases.eq("Hypertension")).execute();
            ReleaseRecord changed = register.require("changed");
            db.dsl().update(DSL.table(DSL.name(changed.relationSchema(), changed.relationName()))).set(diseases, "Measles")
                    .where(diseases.eq("Common Cold")).execute();
            var releases = new org.kanon.db.CatalogTable(db, "releases");
            var classes = releases.field("classes", Long.class);
            var suppressed = releases.field("rows_suppressed", Long.class);
            var name = releases.field("release_name", String.class);
            // the register counts the 2 starred rows as a class besides the 2 real ones; or as no suppressed rows at all
            db.dsl().update(releases.table()).set(classes, 3L).where(name.eq("star_class")).execute();
            db.dsl().update(releases.table()).set(classes, 3L).set(suppressed, 0L).where(name.eq("star_none")).execute();
            ReleaseRecord alpha = register.require("alpha");
            db.dsl().update(DSL.table(DSL.name(alpha.relationSchema(), alpha.relationName())))
                    .set(DSL.field(DSL.name(ids.fold("illness")), String.class), "HIV").execute();
            ReleaseRecord diverse = register.require("diverse");
            var pst = DSL.table(DSL.name(diverse.relationSchema(), diverse.sensitiveRelation()));
            var disease = DSL.field(DSL.name(ids.fold("disease")), String.class);
            var gid = DSL.field(DSL.name(org.kanon.release.TwoTableRecheckQuery.GID), Integer.class);
            String first = db.dsl().select(DSL.min(disease)).from(pst).where(gid.eq(1)).fetchOne(0, String.class);
            db.dsl().update(pst).set(disease, first).where(gid.eq(1)).execute();
        }
        CliRun.Result swapped = cli.run("verify", "swapped");
        assertEquals(ExitCodes.NOT_MET, swapped.exitCode(), swapped.toString());
        String out = swapped.out().toLowerCase(java.util.Locale.ROOT);
        assertTrue(out.contains("1 violation(s)") && out.contains("row: released row {age=27, race=white, gender=male, zip=21004, diseases=common cold} has no source row it generalizes"),
                swapped.out());
        CliRun.Result changed = cli.run("verify", "changed", "--format", "json");
        assertEquals(ExitCodes.NOT_MET, changed.exitCode(), changed.toString());
        assertTrue(changed.out().contains("{\"check\":\"row\"") && changed.out().contains("Measles") && changed.out().contains("no source row has its other values"),
                changed.out());
        CliRun.Result starClass = cli.run("verify", "star_class");
        assertEquals(ExitCodes.NOT_MET, starClass.exitCode(), starClass.toString());
        assertTrue(starClass.out().contains("1 violation(s)") && starClass.out().contains("has 2 class(es) besides the starred rows, the register says 3"),
                starClass.out());
        CliRun.Result starNone = cli.run("verify", "star_none");
        assertEquals(ExitCodes.NOT_MET, starNone.exitCode(), starNone.toString());
        assertTrue(starNone.out().contains("suppressed: ") && starNone.out().contains("has 2 starred row(s) (every QI '*'), the register says 0"),
                starNone.out());
        CliRun.Result alpha = cli.run("verify", "alpha");
        assertEquals(ExitCodes.NOT_MET, alpha.exitCode(), alpha.toString());
        assertTrue(alpha.out().contains("class: ") && alpha.out().contains("above alpha = 0.5") && alpha.out().contains("re-check: "), alpha.out());
        CliRun.Result diverse = cli.run("verify", "diverse", "--limit", "1");
        assertEquals(ExitCodes.NOT_MET, diverse.exitCode(), diverse.toString());
        assertTrue(diverse.out().contains("group: GID 1 of ") && diverse.out().contains("4-diversity fails")
                && diverse.out().contains("sensitive: ") && diverse.out().contains("group: GID 1: the sensitive values"), diverse.out());
    }

    private static final String PATIENTS_QI = "birthdate,sex,zipcode";
    private static final String ALPHA_QI = "job,birth,postcode";
    private static final String KACA_QI = "gender,age,postcode";
    private static final String MEDICAL_QI = "age,race,gender,zip";

    /** The papers' tables: Patients (Incognito), (alpha,k) Table 1, KACA Table 1a, the approximation paper's medical table, permutation Table 1. */
    /**
     * The register's re-check text is never run: altered to hide a CREATE TABLE after a harmless SELECT, or to a
     * DELETE of source rows, verify fails naming the alteration (exit 1) and neither the table nor the deletion
     * happens; release show prints kanon's own re-check with a warning, not the altered text.
     */
    @DatabaseTest
    void anAlteredRecheckIsCaughtAndNeverRun(TestDatabases.Kind kind, ConnectionSettings settings) {
        CliRun cli = papers(settings);
        String qi = "age,race,gender,zip";
        assertEquals(0, cli.run("anonymize", "--table", "medical", "--qi", qi, "--k", "2", "--name", "global").exitCode());
        assertEquals(0, cli.run("anonymize", "--table", "medical", "--qi", qi, "--k", "2", "--algorithm", "exact", "--name", "local").exitCode());
        assertEquals(0, cli.run("anonymize", "--table", "t1p", "--qi", "age,sex", "--sensitive", "disease", "--l", "4",
                "--algorithm", "permutation", "--seed", "3", "--name", "pa").exitCode());
        try (Database db = Database.open(settings)) {
            var ids = db.identifiers();
            var source = DSL.table(DSL.name(db.currentSchema(), ids.fold("medical")));
            int rows = db.dsl().fetchCount(source);
            String pwned = db.dsl().renderInlined(DSL.name(db.currentSchema(), ids.fold("verify_pwned")));
            ReleaseRecord global = new ReleaseRegister(db).require("global");
            String create = "SELECT 1 FROM " + db.dsl().renderInlined(DSL.name(global.relationSchema(), global.relationName()))
                    + " WHERE 1 = 0; CREATE TABLE " + pwned + " AS SELECT 42 AS x FROM " + db.dsl().renderInlined(source) + " WITH NO DATA";
            String delete = db.dsl().renderInlined(DSL.deleteFrom(source).where(DSL.field(DSL.name(ids.fold("age"))).eq(DSL.inline(27))))
                    + (kind != TestDatabases.Kind.DERBY ? " RETURNING age" : "");
            var releases = new org.kanon.db.CatalogTable(db, "releases");
            var recheck = releases.field("recheck_sql", String.class);
            var name = releases.field("release_name", String.class);
            db.dsl().update(releases.table()).set(recheck, create).where(name.eq("global")).execute();
            db.dsl().update(releases.table()).set(recheck, delete).where(name.eq("local")).execute();
            db.dsl().update(releases.table()).set(recheck, create).where(name.eq("pa")).execute();
            for (String release : new String[] {"global", "local", "pa"}) {
                CliRun.Result r = cli.run("verify", release);
                assertEquals(ExitCodes.NOT_MET, r.exitCode(), r.toString());
                assertTrue(r.out().contains("re-check: the stored re-check SQL was altered"), r.out());
                assertFalse(org.kanon.db.Relations.exists(db.dsl(), db.currentSchema(), ids.fold("verify_pwned")), release);
                assertEquals(rows, db.dsl().fetchCount(source), release + ": no source row deleted");
            }
            CliRun.Result show = cli.run("release", "show", "global");
            assertEquals(0, show.exitCode(), show.toString());
            assertTrue(show.out().contains("WARNING: the register's re-check SQL was altered"), show.out());
            assertFalse(show.out().toLowerCase(java.util.Locale.ROOT).contains("verify_pwned"), show.out());
            CliRun.Result json = cli.run("release", "show", "local", "--format", "json");
            assertTrue(json.out().contains("\"recheckSqlStored\":\"altered\"") && !json.out().contains("DELETE"), json.out());
            CliRun.Result list = cli.run("release", "list", "--format", "json");
            assertTrue(list.out().contains("\"recheckSqlStored\":\"altered\"") && !list.out().contains("DELETE")
                    && !list.out().toLowerCase(java.util.Locale.ROOT).contains("verify_pwned"), list.out());
            // put back, they verify again: the stored text is compared, not trusted
            db.dsl().update(releases.table()).set(recheck, global.recheckSql()).where(name.eq("global")).execute();
            assertEquals(ExitCodes.OK, cli.run("verify", "global").exitCode());
            assertTrue(cli.run("release", "show", "global", "--format", "json").out().contains("\"recheckSqlStored\":\"kanon's\""));

            // a release whose relation is gone: a violation naming it, not an internal error
            ReleaseRecord pa = new ReleaseRegister(db).require("pa");
            org.kanon.db.Relations.dropIfExists(db.dsl(), global.relationSchema(), global.relationName());
            org.kanon.db.Relations.dropIfExists(db.dsl(), pa.relationSchema(), pa.sensitiveRelation());
            CliRun.Result gone = cli.run("verify", "global");
            assertEquals(ExitCodes.NOT_MET, gone.exitCode(), gone.toString());
            assertTrue(gone.out().contains("relation: relation " + global.relation() + " of release global is missing"), gone.out());
            CliRun.Result pst = cli.run("verify", "pa");
            assertEquals(ExitCodes.NOT_MET, pst.exitCode(), pst.toString());
            assertTrue(pst.out().contains("relation " + pa.relationSchema() + "." + pa.sensitiveRelation() + " of release pa is missing"), pst.out());
        }
    }

    /**
     * The register records the columns a release leaves out (its identifying ones): a relation replaced by one
     * holding an identifying column fails verification, naming the column; the release as written verifies.
     */
    @DatabaseTest
    void aReleaseHoldingAnIdentifyingColumnFails(ConnectionSettings settings) {
        CliRun cli = papers(settings);
        String qi = "age,race,gender,zip";
        for (String name : new String[] {"noid_view", "noid_local"}) {
            String[] algorithm = name.endsWith("local") ? new String[] {"--algorithm", "exact"} : new String[0];
            String[] args = java.util.stream.Stream.concat(java.util.stream.Stream.of("anonymize", "--table", "medical", "--qi", qi, "--k", "2",
                    "--identifying", "diseases", "--name", name), java.util.Arrays.stream(algorithm)).toArray(String[]::new);
            assertEquals(0, cli.run(args).exitCode(), name);
            assertEquals(ExitCodes.OK, cli.run("verify", name).exitCode(), name);
        }
        try (Database db = Database.open(settings)) {
            var ids = db.identifiers();
            var source = DSL.table(DSL.name(db.currentSchema(), ids.fold("medical")));
            for (String name : new String[] {"noid_view", "noid_local"}) {
                ReleaseRecord r = new ReleaseRegister(db).require(name);
                assertEquals(java.util.List.of(ids.fold("diseases")), new ReleaseRegister(db).droppedColumns(name));
                var relation = DSL.name(r.relationSchema(), r.relationName());
                org.kanon.db.Relations.dropIfExists(db.dsl(), r.relationSchema(), r.relationName());
                db.dsl().createTable(relation).as(DSL.selectFrom(source)).withNoData().execute();
                db.dsl().insertInto(DSL.table(relation)).select(DSL.selectFrom(source)).execute();
                CliRun.Result v = cli.run("verify", name);
                assertEquals(ExitCodes.NOT_MET, v.exitCode(), v.toString());
                assertTrue(v.out().contains("column: " + r.relation() + " holds " + ids.fold("diseases") + ", a column of the source that "
                        + name + " was registered without"), v.out());
            }
        }
    }

    /**
     * PostgreSQL: a release view that is no longer a security barrier (someone reset the option) lets a reader's own
     * conditions see the rows it filters out, so verify fails it (exit 1) and says how to mark it again.
     */
    @DatabaseTest(only = TestDatabases.Kind.POSTGRES)
    void aViewThatIsNoSecurityBarrierFails(ConnectionSettings settings) {
        CliRun cli = new CliRun(settings).withPaperTable("approx-medical", "medical", "approx-medical_hierarchy_");
        assertEquals(0, cli.run("anonymize", "--table", "medical", "--qi", "age,race,gender,zip", "--k", "2", "--name", "guarded").exitCode());
        assertEquals(ExitCodes.OK, cli.run("verify", "guarded").exitCode());
        try (Database db = Database.open(settings)) {
            db.dsl().execute("ALTER VIEW kanon_release.guarded RESET (security_barrier)");
            CliRun.Result v = cli.run("verify", "guarded");
            assertEquals(ExitCodes.NOT_MET, v.exitCode(), v.toString());
            assertTrue(v.out().contains("barrier: view kanon_release.guarded is not a security barrier"), v.out());
            assertTrue(v.out().contains("ALTER VIEW \"kanon_release\".\"guarded\" SET (security_barrier = true)"), v.out());
            assertTrue(v.out().contains("sql/postgres/least-privilege.sql"), v.out());
            db.dsl().execute("ALTER VIEW \"kanon_release\".\"guarded\" SET (security_barrier = true)");
            assertEquals(ExitCodes.OK, cli.run("verify", "guarded").exitCode());

            // a barrier without its OFFSET 0 fence: the same view, replaced by hand without the fence
            db.dsl().execute("DO $$ BEGIN EXECUTE 'CREATE OR REPLACE VIEW kanon_release.guarded WITH (security_barrier = true) AS '"
                    + " || regexp_replace(pg_get_viewdef('kanon_release.guarded'::regclass), '\\s*OFFSET 0;?\\s*$', ''); END $$");
            CliRun.Result unfenced = cli.run("verify", "guarded");
            assertEquals(ExitCodes.NOT_MET, unfenced.exitCode(), unfenced.toString());
            assertTrue(unfenced.out().contains("barrier: view kanon_release.guarded is not fenced by OFFSET 0"), unfenced.out());
        }
    }

    private static CliRun papers(ConnectionSettings settings) {
        CliRun cli = new CliRun(settings).withPaperTable("approx-medical", "medical", "approx-medical_hierarchy_")
                .withPaperTable("permutation-table1", "t1p", null)
                .withPaperTable("incognito-patients", "patients", "incognito-patients_")
                .withPaperTable("alphak-table1", "t1", "alphak-table1_")
                .withPaperTable("kaca-table1a", "t1a", "kaca-table1a_");
        return cli;
    }
}
