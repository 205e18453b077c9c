package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.LDiversity;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.release.ReleaseRegister;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.ReleaseVerifier;

/** `kanon anonymize --algorithm mondrian` on the TKDE paper's Table 1a, and its bad input (exit 2, nothing registered). */
class MondrianCliTest {
    private static final String QI = "gender,age,postcode";

    private static CliRun setUp(ConnectionSettings settings) {
        CliRun cli = new CliRun(settings);
        assertEquals(0, cli.run("import", PaperTables.PAPERS.resolve("kaca-table1a.csv").toString(), "--table", "t1a").exitCode());
        assertEquals(0, cli.run("hierarchy", "import", "--table", "t1a", "--dir", PaperTables.PAPERS.toString(),
                "--prefix", "kaca-table1a_").exitCode());
        return cli;
    }

    @DatabaseTest
    @DisplayName("k=2 on Table 1a: 2 classes of 3, DM 18, CAVG 1.5; released, registered as mondrian, verified; l-diversity too")
    void releasesTableOneA(ConnectionSettings settings) {
        CliRun cli = setUp(settings);
        CliRun.Result r = cli.run("anonymize", "--table", "t1a", "--qi", QI, "--k", "2", "--algorithm", "mondrian",
                "--name", "t1a_m", "--identifying", "no");
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        assertTrue(r.out().contains("with mondrian (strict multidimensional partitioning) under 2-anonymity: 6 rows in 2 classes, "
                + "smallest 3, DM 18, CAVG 1.5000"), r.out());
        assertTrue(r.out().contains("released t1a_m as table"), r.out());
        CliRun.Result show = cli.run("release", "show", "t1a_m");
        assertEquals(ExitCodes.OK, show.exitCode(), show.toString());
        assertTrue(show.out().contains("mondrian"), show.out());

        CliRun.Result diverse = cli.run("anonymize", "--table", "t1a", "--qi", QI, "--k", "1", "--l", "2", "--sensitive", "problem",
                "--diversity", "distinct", "--algorithm", "mondrian", "--name", "t1a_l2");
        assertEquals(ExitCodes.OK, diverse.exitCode(), diverse.toString());
        try (Database db = Database.open(settings)) {
            SourceTable t = new TableResolver(db).resolve("t1a");
            ReleaseRegister register = new ReleaseRegister(db);
            ReleaseVerifier.verify(db, t, register.require("t1a_m"), List.of("gender", "age", "postcode"), new KAnonymity(2),
                    Set.of(t.column("no").name()));
            ReleaseVerifier.verify(db, t, register.require("t1a_l2"), List.of("gender", "age", "postcode"),
                    new LDiversity(1, 2, LDiversity.Form.DISTINCT, new SensitiveAttribute("problem", List.of())), Set.of());
            assertEquals(2, register.require("t1a_l2").classes());
        }
    }

    @DatabaseTest
    @DisplayName("k above the 6 rows, a suppression allowance, an unknown QI: one line naming the option, exit 2, nothing registered")
    void badInput(ConnectionSettings settings) {
        CliRun cli = setUp(settings);
        CliRun.assertRefused(cli.run("anonymize", "--table", "t1a", "--qi", QI, "--k", "7", "--algorithm", "mondrian", "--name", "big"),
                "--k", "7", "6 row(s)");
        CliRun.assertRefused(cli.run("anonymize", "--table", "t1a", "--qi", QI, "--k", "2", "--suppression", "1", "--algorithm", "mondrian",
                "--name", "supp"), "--suppression");
        CliRun.assertRefused(cli.run("anonymize", "--table", "t1a", "--qi", "gender,nope", "--k", "2", "--algorithm", "mondrian",
                "--name", "nope"), "nope");
        CliRun.Result list = cli.run("release", "list");
        assertEquals(ExitCodes.OK, list.exitCode(), list.toString());
        for (String name : new String[] {"big", "supp", "nope"}) {
            assertFalse(list.out().toLowerCase().contains(name), name + " registered:\n" + list.out());
        }
        try (Database db = Database.open(settings)) {
            assertTrue(new ReleaseRegister(db).list().isEmpty());
        }
    }
}
