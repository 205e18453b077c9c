package org.kanon.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.kanon.InvalidInputException;
import org.kanon.workflow.Spec;

/** A spec's columns and options text as the engine's typed request, with the refusals of the command line. */
class SpecOptionsTest {

    private static Spec spec(String algorithm, String select, String targetKind, String options) {
        return new Spec("s", "patients", null, "sex,zipcode", null, 2, null, null, null, null, null, null, algorithm, select, options,
                targetKind, "r", null, null);
    }

    @Test
    void theOptionsTextBecomesTypedOptions() {
        AnonymizeOptions o = SpecOptions.options(spec("kaca2", null, null, "--seed 7 --max-inconsistency=5% --beta 2 --stats"), "r_v2", true);
        assertEquals(7L, o.seed());
        assertEquals("5%", o.maxInconsistency());
        assertEquals("2", o.beta());
        assertEquals("r_v2", o.name());
        assertTrue(o.replace());
        assertEquals(Set.of(AlgorithmOption.SEED, AlgorithmOption.MAX_INCONSISTENCY, AlgorithmOption.BETA), o.given());
        AnonymizeOptions f = SpecOptions.options(spec("forest", null, null, "--row-deletion --as-printed"), "r", false);
        assertTrue(f.rowDeletion() && f.asPrinted());
        assertNull(f.seed());
    }

    @Test
    void selectAndTargetKindPassWhereTheAlgorithmReadsThem() {
        AnonymizeOptions search = SpecOptions.options(spec("incognito", "dm", "TABLE", null), "r", false);
        assertEquals("dm", search.select());
        assertTrue(search.materialize() && search.isGiven(AlgorithmOption.SELECT));
        AnonymizeOptions local = SpecOptions.options(spec("mondrian", null, "TABLE", null), "r", false);
        assertFalse(local.isGiven(AlgorithmOption.SELECT) || local.isGiven(AlgorithmOption.MATERIALIZE));
        // a criterion the algorithm cannot use is passed on, so the run is refused rather than the choice ignored
        assertTrue(SpecOptions.options(spec("mondrian", "dm", null, null), "r", false).isGiven(AlgorithmOption.SELECT));
    }

    @Test
    void badOptionsAreRefused() {
        assertEquals("spec 's': options: --k is set by the spec's own column, not in options",
                assertThrows(InvalidInputException.class, () -> SpecOptions.options(spec("incognito", null, null, "--k 3"), "r", false)).getMessage());
        assertEquals("spec 's': options: '@/etc/passwd': argument files are not read from specs",
                assertThrows(InvalidInputException.class, () -> SpecOptions.options(spec("incognito", null, null, "@/etc/passwd"), "r", false)).getMessage());
        assertEquals("Unknown option: '--bogus'",
                assertThrows(InvalidInputException.class, () -> SpecOptions.options(spec("incognito", null, null, "--bogus 1"), "r", false)).getMessage());
        assertEquals("Invalid value for option '--seed': 'x' is not a long",
                assertThrows(InvalidInputException.class, () -> SpecOptions.options(spec("kaca1", null, null, "--seed x"), "r", false)).getMessage());
        assertEquals("option '--seed' should be specified only once",
                assertThrows(InvalidInputException.class, () -> SpecOptions.options(spec("kaca1", null, null, "--seed 1 --seed 2"), "r", false)).getMessage());
        assertEquals("Missing required parameter for option '--executor'",
                assertThrows(InvalidInputException.class, () -> SpecOptions.options(spec("incognito", null, null, "--executor"), "r", false)).getMessage());
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> SpecAnonymizer.check(spec("mondrian", null, null, "--executor sql")));
        assertTrue(e.getMessage().startsWith("spec 's': --executor does not apply to --algorithm mondrian; it applies to incognito"), e.getMessage());
    }
}
