package org.kanon.workflow;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.kanon.db.Database;
import org.kanon.engine.SpecAnonymizer;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The worker's log (issue 23): per request one line when claimed (id, action, attempt) and one when finished (id,
 * outcome, seconds, action), for a run, a verification that passes, one that fails and a run that cannot meet its
 * requirement; and no line holds a value of the data, even where the stored error of a failed verification does.
 */
class WorkerLogLinesTest {
    /** Every value of the patients table (Incognito, Figure 1), the sensitive ones among them. */
    private static final List<String> VALUES = List.of("1/21/76", "4/13/86", "2/28/76", "Male", "53715", "53703", "53706",
            "Flu", "Hepatitis", "Brochitis", "Broken Arm", "Sprained Ankle", "Hang Nail");
    private static final String FINISHED = "request %d: %s in \\d+\\.\\d s: %s";

    @DatabaseTest(only = TestDatabases.Kind.DERBY)
    @DisplayName("claimed and finished lines with outcome and seconds for every request, and no data value in any")
    void claimedAndFinishedLinesWithoutDataValues(Database db) {
        PaperTables.patients(db);
        var sql = TestDatabases.sql(db);
        sql.execute("INSERT INTO kanon.specs (spec_name, source_table, quasi_identifiers, k, release_name, target_kind) "
                + "VALUES ('p', 'patients', 'birthdate,sex,zipcode', 2, 'pub', 'TABLE')");
        sql.execute("INSERT INTO kanon.specs (spec_name, source_table, quasi_identifiers, k, release_name) "
                + "VALUES ('all', 'patients', 'birthdate,sex,zipcode', 7, 'seven')");
        RequestQueue queue = new RequestQueue(db);
        int run = queue.submit("p", false);
        int impossible = queue.submit("all", false);
        sql.execute("INSERT INTO kanon.requests (action, release_name) VALUES ('VERIFY', 'pub')");
        List<String> log = new ArrayList<>();
        Worker worker = new Worker(db, new SpecRunner(db, new SpecAnonymizer()), "w", Duration.ofSeconds(30), log::add);
        assertEquals(3, worker.drain(), log.toString());
        int verified = run + 2;

        assertLine(log, "request " + run + ": claimed: run spec p \\(attempt 1\\)");
        assertLine(log, String.format(FINISHED, run, "done", "run spec p, release pub"));
        assertLine(log, "request " + impossible + ": claimed: run spec all \\(attempt 1\\)");
        assertLine(log, String.format(FINISHED, impossible, "(not_met|failed)", "run spec all: .+"));
        assertLine(log, "request " + verified + ": claimed: verify release pub \\(attempt 1\\)");
        assertLine(log, String.format(FINISHED, verified, "done", "verify release pub, verified"));

        // a released row altered to another patient's disease: the verification fails, and its stored error may
        // quote the row, but the log line only counts the violations
        String relation = sql.fetchOne("SELECT relation_name FROM kanon.releases WHERE release_name = 'pub'").get(0, String.class);
        sql.execute("UPDATE kanon_release." + relation + " SET disease = 'Sprained Ankle' WHERE disease = 'Flu'");
        sql.execute("INSERT INTO kanon.requests (action, release_name) VALUES ('VERIFY', 'pub')");
        assertEquals(1, worker.drain(), log.toString());
        int failed = verified + 1;
        assertLine(log, String.format(FINISHED, failed, "not_met", "verify release pub: \\d+ violation\\(s\\)"));
        assertEquals(8, log.size(), log.toString());
        for (String line : log) {
            for (String value : VALUES) {
                assertFalse(line.contains(value), "'" + value + "' in: " + line);
            }
        }
    }

    @Test
    @DisplayName("a finished line is one line whatever its detail, and names the action and what it acts on")
    void oneLinePerEvent() {
        List<String> log = new ArrayList<>();
        RequestLog requests = new RequestLog(log::add);
        RequestQueue.Claim run = new RequestQueue.Claim(7, RequestQueue.RUN, "s", null, false, 2);
        long at = requests.claimed(run);
        requests.finished(run, RequestQueue.FAILED, at, "kanon: the first line\n  and the second\n");
        requests.finished(new RequestQueue.Claim(8, RequestQueue.DROP, null, "r", false, 1), RequestQueue.DONE, at, "dropped");
        assertEquals("request 7: claimed: run spec s (attempt 2)", log.get(0));
        assertTrue(log.get(1).matches("request 7: failed in \\d+\\.\\d s: run spec s: kanon: the first line and the second"), log.get(1));
        assertTrue(log.get(2).matches("request 8: done in \\d+\\.\\d s: drop release r, dropped"), log.get(2));
    }

    private static void assertLine(List<String> log, String regex) {
        assertEquals(1, log.stream().filter(l -> l.matches(regex)).count(), regex + " in " + log);
    }
}
