package dev.perflab.harness;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The harness's shape, kept: no two packages depend on each other, however indirectly, and every
 * dependency points down the layers docs/development.md's Layout section draws. A part of the run may use
 * anything below it; nothing below may reach up (a result knows nothing of how it is reported, a
 * launch nothing of the run that asked for it). An experiment kind keeps its engine, result and
 * renderers together, so the experiments sit above the reports they draw with. The queueing models
 * predict what the experiments measure and stand apart: only the run and the experiments use them, and
 * they use nothing of the harness but its statistics.
 */
class ArchitectureTest {

  private static final JavaClasses HARNESS = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.perflab.harness");

  @Test
  void noPackageDependsOnItselfThroughOthers() {
    slices().matching("dev.perflab.harness.(**)").should().beFreeOfCycles().check(HARNESS);
  }

  @Test
  void everyDependencyPointsDownTheLayers() {
    layeredArchitecture().consideringOnlyDependenciesInLayers()
        .layer("run").definedBy("dev.perflab.harness.run..")
        .layer("experiments").definedBy("dev.perflab.harness.experiment..")
        .layer("models").definedBy("dev.perflab.harness.model..")
        .layer("reports").definedBy("dev.perflab.harness.report..")
        .layer("engines").definedBy("dev.perflab.harness.build..", "dev.perflab.harness.load..",
            "dev.perflab.harness.compare..", "dev.perflab.harness.jmh..", "dev.perflab.harness.parity..",
            "dev.perflab.harness.reference..")
        .layer("budgets").definedBy("dev.perflab.harness.budget..")
        .layer("lab").definedBy("dev.perflab.harness.launch..")
        .layer("host readings").definedBy("dev.perflab.harness.measure..")
        .layer("results").definedBy("dev.perflab.harness.result..", "dev.perflab.harness.environment..")
        .layer("catalog").definedBy("dev.perflab.harness.catalog..")
        .layer("configuration").definedBy("dev.perflab.harness.config..")
        .layer("metrics and statistics").definedBy("dev.perflab.harness.metric..", "dev.perflab.harness.stats..")
        .whereLayer("run").mayNotBeAccessedByAnyLayer()
        .whereLayer("experiments").mayOnlyBeAccessedByLayers("run")
        .whereLayer("models").mayOnlyBeAccessedByLayers("run", "experiments")
        .whereLayer("reports").mayOnlyBeAccessedByLayers("run", "experiments")
        .whereLayer("engines").mayOnlyBeAccessedByLayers("run", "experiments")
        .whereLayer("budgets").mayOnlyBeAccessedByLayers("run", "experiments", "reports", "engines")
        .whereLayer("lab").mayOnlyBeAccessedByLayers("run", "experiments", "engines")
        .whereLayer("host readings").mayOnlyBeAccessedByLayers("run", "experiments", "engines", "lab")
        .whereLayer("results").mayOnlyBeAccessedByLayers("run", "experiments", "reports", "engines", "budgets", "lab",
            "host readings")
        .whereLayer("catalog").mayOnlyBeAccessedByLayers("run", "experiments", "reports", "engines", "budgets", "lab",
            "host readings", "results")
        .whereLayer("configuration").mayOnlyBeAccessedByLayers("run", "experiments", "reports", "engines", "budgets",
            "lab", "host readings", "results", "catalog")
        .check(HARNESS);
  }

  @Test
  void theModelsUseNothingOfTheHarnessButItsStatistics() {
    noClasses().that().resideInAPackage("dev.perflab.harness.model..").should().dependOnClassesThat(
        resideInAPackage("dev.perflab.harness..").and(not(resideInAnyPackage("dev.perflab.harness.model..",
            "dev.perflab.harness.stats..", "dev.perflab.harness.metric..")))).check(HARNESS);
  }
}
