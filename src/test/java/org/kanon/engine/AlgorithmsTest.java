package org.kanon.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.kanon.InvalidInputException;

/** The registry: every algorithm once, by its name, in the help's order; applicability from what each reads. */
class AlgorithmsTest {

    @Test
    void everyAlgorithmIsRegisteredOnceInTheHelpsOrder() {
        assertEquals(List.of("incognito", "eincognito", "incognito-superroots", "incognito-cube", "samarati", "bottomup",
                "bottomup-rollup", "bruteforce", "topdown", "top-down", "kaca1", "kaca2", "mondrian", "forest", "factor2", "factor3",
                "exact", "permutation", "anatomy"), Algorithms.names());
        for (String name : Algorithms.names()) {
            assertEquals(name, Algorithms.require(name).name());
        }
        assertEquals(8, Algorithms.names(Family.FULL_DOMAIN).size());
        assertEquals(List.of("permutation", "anatomy"), Algorithms.names(Family.TWO_TABLES));
    }

    @Test
    void anUnknownNameIsRefusedWithTheNearestOnes() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Algorithms.require("kaca"));
        assertTrue(e.getMessage().startsWith("--algorithm: unknown algorithm 'kaca'; did you mean kaca1 or kaca2? (valid: incognito, "),
                e.getMessage());
    }

    @Test
    void anOptionIsRefusedForAnAlgorithmThatDoesNotReadIt() {
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> Algorithms.requireApplicable("mondrian", Set.of(AlgorithmOption.EXECUTOR, AlgorithmOption.SEED)::contains));
        assertEquals("--executor does not apply to --algorithm mondrian; it applies to incognito, eincognito, incognito-superroots, "
                + "incognito-cube, samarati, bottomup, bottomup-rollup, bruteforce", e.getMessage());
        assertEquals(List.of("kaca2"), Algorithms.readingOption(AlgorithmOption.MAX_INCONSISTENCY));
        assertEquals(List.of("factor2", "factor3"), Algorithms.readingOption(AlgorithmOption.BLOCK_SIZE));
        Algorithms.requireApplicable("kaca2", Set.of(AlgorithmOption.SEED, AlgorithmOption.MAX_INCONSISTENCY)::contains);
    }

    @Test
    void aRunIsValidatedBeforeAnyDatabaseIsNeeded() {
        Anonymization what = Anonymization.kAnonymity("patients", "sex,zipcode", 2);
        // the builder marks what it sets as given: a seed for incognito is refused, no database opened
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> AlgorithmRunner.prepare("incognito", what, AnonymizeOptions.builder().seed(7).build()));
        assertTrue(e.getMessage().startsWith("--seed does not apply to --algorithm incognito"), e.getMessage());
        e = assertThrows(InvalidInputException.class,
                () -> AlgorithmRunner.prepare("kaca1", what, AnonymizeOptions.builder().beta("0.5").build()));
        assertEquals("--beta: must be a number >= 1, got 0.5", e.getMessage());
        e = assertThrows(InvalidInputException.class,
                () -> AlgorithmRunner.prepare("forest", what.withSuppression("2"), AnonymizeOptions.builder().build()));
        assertEquals("--suppression: forest recodes every row locally and suppresses none; drop the option", e.getMessage());
        e = assertThrows(InvalidInputException.class,
                () -> AlgorithmRunner.prepare("anatomy", what, AnonymizeOptions.builder().build()));
        assertEquals("--l is required for --algorithm anatomy", e.getMessage());
    }
}
