package org.kanon.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.kanon.InvalidInputException;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.release.ReleaseOutcome;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/**
 * Issue 32, item 11: a Java caller's mistakes are told in the Java API's words. The engine's messages name the
 * command line's options; through {@link Kanon} none of them may name an option ("--table is required", "use
 * --replace"), since a Java caller has none.
 */
class ApiWordsTest {
    @DatabaseTest(only = TestDatabases.Kind.DERBY)
    void theApiSaysItsOwnWords(ConnectionSettings settings) {
        try (Database scratch = Database.openScratch(settings)) {
            PaperTables.patients(scratch);
            try (Kanon kanon = Kanon.open(settings.url())) {
                String missingTable = refused(() -> kanon.check(Anonymization.kAnonymity(null, "sex,zipcode", 2)));
                assertEquals("Anonymization.table is required", missingTable);

                Anonymization what = Anonymization.kAnonymity("patients", "sex,zipcode", 2);
                kanon.anonymize("incognito", what, AnonymizeOptions.builder().releaseAs("api_words").build());
                String again = refused(() -> kanon.anonymize("incognito", what, AnonymizeOptions.builder().releaseAs("api_words").build()));
                assertTrue(again.contains("use AnonymizeOptions.replace(true)"), again);
                kanon.anonymize("incognito", what, AnonymizeOptions.builder().releaseAs("api_words").replace(true).build());

                String released = refused(() -> kanon.release(what, "1,1", "api_words"));
                assertTrue(released.contains("use Kanon.release(what, levels, name, true)"), released);
                ReleaseOutcome replaced = kanon.release(what, "1,1", "api_words", true);
                assertTrue(replaced.released(), replaced.toString());

                String notRead = refused(() -> kanon.anonymize("mondrian", what, AnonymizeOptions.builder().weights("1,1").build()));
                assertTrue(notRead.startsWith("AnonymizeOptions.weights does not apply to algorithm mondrian"), notRead);
                refused(() -> kanon.check(what, "1,x"));
                refused(() -> kanon.risk("patients", "sex,,zipcode", null, org.kanon.risk.RiskOptions.defaults()));
                refused(() -> kanon.anonymize("kaca1", what.withSuppression("1"), AnonymizeOptions.builder().build()));
            }
        }
    }

    @Test
    void onlyOptionsAreTranslated() {
        assertEquals("table 'my--table' not found", ApiWords.ANONYMIZE.of("table 'my--table' not found"));
        assertEquals("AnonymizeOptions.maxInconsistency: only kaca2 bounds the inconsistency; use algorithm kaca2",
                ApiWords.ANONYMIZE.of("--max-inconsistency: only kaca2 bounds the inconsistency; use --algorithm kaca2"));
    }

    /** The message of the call's refusal, which names no command-line option. */
    private static String refused(Executable call) {
        String message = assertThrows(InvalidInputException.class, call).getMessage();
        assertFalse(message.contains("--"), message);
        return message;
    }
}
