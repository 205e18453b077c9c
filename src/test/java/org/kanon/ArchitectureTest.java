package org.kanon;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering of the main code, checked on its compiled classes: dependencies point inward (cli -> engine ->
 * release, workflow, verify, risk, report -> algorithms -> lattice, privacy, frequency, metrics -> schema -> db ->
 * progress), so no package depends, even indirectly, on itself, nothing outside the CLI depends on it, and only the
 * CLI on the engine.
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

    /** Progress is the floor every layer reports through: it knows nothing of kanon but itself. */
    @Test
    void progressDependsOnNothingOfKanon() {
        noClasses().that().resideInAPackage("org.kanon.progress..")
                .should().dependOnClassesThat().resideOutsideOfPackages("org.kanon.progress..", "java..")
                .check(main);
    }

    /**
     * The layers, outermost first; a layer may use those below it, never one above. The services are what the engine
     * composes besides the algorithms: release writing and its metrics (the permutation paper's figures of a
     * two-table release among them), verification, the spec workflow (whose {@code SpecRunner.Engine} the engine
     * implements, so the workflow never calls the engine), query evaluation, import, the demo, risk analysis and
     * the HTML report. Progress is the lowest layer: every layer may report through it.
     */
    @Test
    void layersDependOnlyInward() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("Cli").definedBy("org.kanon.cli..")
                .layer("Engine").definedBy("org.kanon.engine..")
                .layer("Services").definedBy("org.kanon.release..", "org.kanon.verify..", "org.kanon.workflow..", "org.kanon.evaluation..",
                        "org.kanon.ingest..", "org.kanon.demo..", "org.kanon.permutation.metrics..", "org.kanon.risk..", "org.kanon.report..")
                .layer("Algorithms").definedBy("org.kanon.global..", "org.kanon.local..", "org.kanon.approximation..", "org.kanon.permutation")
                .layer("Core").definedBy("org.kanon.lattice..", "org.kanon.privacy..", "org.kanon.frequency..", "org.kanon.metrics..")
                .layer("Schema").definedBy("org.kanon.schema..")
                .layer("Db").definedBy("org.kanon.db..")
                .layer("Progress").definedBy("org.kanon.progress..")
                .whereLayer("Cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("Engine").mayOnlyBeAccessedByLayers("Cli")
                .whereLayer("Services").mayOnlyBeAccessedByLayers("Cli", "Engine")
                .whereLayer("Algorithms").mayOnlyBeAccessedByLayers("Cli", "Engine", "Services")
                .whereLayer("Core").mayOnlyBeAccessedByLayers("Cli", "Engine", "Services", "Algorithms")
                .whereLayer("Schema").mayOnlyBeAccessedByLayers("Cli", "Engine", "Services", "Algorithms", "Core")
                .whereLayer("Db").mayOnlyBeAccessedByLayers("Cli", "Engine", "Services", "Algorithms", "Core", "Schema")
                .whereLayer("Progress").mayOnlyBeAccessedByLayers("Cli", "Engine", "Services", "Algorithms", "Core", "Schema", "Db")
                .check(main);
    }
}
