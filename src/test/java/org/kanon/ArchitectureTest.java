package org.kanon;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering of the main code, checked on its compiled classes: dependencies point inward (cli -> release, workflow,
 * verify -> algorithms -> lattice, privacy, frequency, metrics -> schema -> db), so no package depends, even
 * indirectly, on itself, and nothing outside the CLI depends on it.
 */
class ArchitectureTest {
    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.kanon");
    }

    @Test
    void noPackageCycles() {
        // (**) makes every package, subpackages included, a slice of its own
        slices().matching("org.kanon.(**)").should().beFreeOfCycles().check(main);
    }

    @Test
    void nothingOutsideCliDependsOnCli() {
        noClasses().that().resideOutsideOfPackage("org.kanon.cli..")
                .should().dependOnClassesThat().resideInAPackage("org.kanon.cli..")
                .check(main);
    }
}
