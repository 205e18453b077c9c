package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.CatalogTable;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/** Small slips of the output a new user met (issue 32, item 12): each as it reads now. */
class SmallSlipsCliTest {
    @DatabaseTest(only = TestDatabases.Kind.DERBY)
    @DisplayName("release list/show keep :00 seconds; '1 class'; risk --levels says the levels once; anonymize's headline is the search time, "
            + "'written in N ms' apart; JSON levels are arrays (jsonVersion 2)")
    void outputReadsRight(ConnectionSettings settings) {
        try (Database db = Database.openScratch(settings)) {
            CliRun cli = new CliRun(settings).withPaperTable("incognito-patients", "patients", PaperTables.PATIENTS_PREFIX);

            CliRun.Result made = cli.run("anonymize", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--name", "p2", "--stats");
            assertEquals(ExitCodes.OK, made.exitCode(), made.toString());
            Matcher headline = Pattern.compile("searched .* checked, (\\d+) ms\\n").matcher(made.out());
            Matcher searchMs = Pattern.compile("searchMs=(\\d+) ").matcher(made.out());
            assertTrue(headline.find() && searchMs.find(), made.out());
            assertEquals(searchMs.group(1), headline.group(1), "the headline's time is the search's");
            assertTrue(made.out().matches("(?s).*released p2 .*\\nwritten in \\d+ ms\\n.*"), made.out());

            var releases = new CatalogTable(db, "releases");
            db.dsl().update(releases.table()).set(releases.field("created_at", LocalDateTime.class), LocalDateTime.of(2026, 1, 2, 3, 4, 0))
                    .where(releases.field("release_name", String.class).eq("p2")).execute();
            CliRun.Result list = cli.run("release", "list");
            assertTrue(list.out().contains("\t2026-01-02T03:04:00\t"), list.out());
            assertTrue(cli.run("release", "show", "p2").out().contains("created:           2026-01-02T03:04:00 by"));
            assertEquals("2026-01-02T03:04:00", CliRun.jsonArray(cli.run("release", "list", "--format", "json")).get(0).get("createdAt"));

            CliRun.Result one = cli.run("check", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--levels", "1,2");
            assertTrue(one.out().contains(": 6 rows in 1 class, smallest class 6"), one.out());

            CliRun.Result risk = cli.run("risk", "--table", "patients", "--qi", "sex,zipcode", "--levels", "1,2");
            String first = risk.out().lines().findFirst().orElseThrow();
            assertTrue(first.contains("1,2") && first.indexOf("1,2") == first.lastIndexOf("1,2"), "the levels once: " + first);
            assertTrue(risk.out().contains("         6: 1 class, 6 rows\n"), risk.out());

            Map<String, Object> json = CliRun.jsonObject(cli.run("anonymize", "--table", "patients", "--qi", "sex,zipcode", "--k", "2",
                    "--list", "--format", "json"));
            assertEquals(2L, json.get("jsonVersion"));
            assertEquals(List.of(1L, 0L), ((Map<?, ?>) json.get("selected")).get("levels"));
            for (Object node : (List<?>) json.get("nodes")) {
                assertTrue(((Map<?, ?>) node).get("levels") instanceof List<?> levels && levels.size() == 2, node.toString());
            }
        }
    }
}
