package dev.perflab.harness.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import dev.perflab.harness.config.StrictYaml;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

class CatalogTest {

  private final Catalog catalog = CatalogLoader.bundled();

  @Test
  void everyAppTimesEveryProfileInEveryMode() {
    assertThat(catalog.cells()).extracting(Cell::id).hasSize(4 * 3 * 2).contains(
        "spring-boot/jvm/1cpu-512m", "spring-boot/aot/half-cpu-256m", "spring-boot/native/1cpu-512m",
        "spring-boot-webflux/jvm/1cpu-512m", "spring-boot-webflux/aot/half-cpu-256m", "spring-boot-webflux/native/1cpu-512m",
        "quarkus/jvm/1cpu-512m", "quarkus/aot/1cpu-512m", "quarkus/native/half-cpu-256m",
        "micronaut/jvm/half-cpu-256m", "micronaut/aot/1cpu-512m", "micronaut/native/1cpu-512m");
  }

  /** The cold-start lab runs without the stub: no app of such a catalog calls it, the others untouched. */
  @Test
  void aCatalogWithoutAServiceHasNoAppCallingIt() {
    Catalog withoutStub = catalog.without(LabService.DOWNSTREAM);

    assertThat(withoutStub.uses(LabService.DOWNSTREAM)).isFalse();
    assertThat(withoutStub.apps()).allSatisfy(app -> assertThat(app.uses()).containsExactly(LabService.DATABASE));
    assertThat(withoutStub.apps()).extracting(App::images).isEqualTo(catalog.apps().stream().map(App::images).toList());
    assertThat(catalog.uses(LabService.DOWNSTREAM)).isTrue();
  }

  @Test
  void theRegistryImageComesFromTheBuild() {
    assertThat(catalog.registry().image()).isEqualTo("perflab/registry:2");
  }

  @Test
  void theBalancerImageComesFromTheBuild() {
    assertThat(catalog.balancer()).contains(new Balancer("perflab/haproxy:2.6"));
    assertThat(catalog.balancerImage()).isEqualTo("perflab/haproxy:2.6");
  }

  /** A catalog written before the balancer existed, or one of a user's own that runs no balanced set. */
  @Test
  void aCatalogWithoutABalancerReadsAndSaysWhereToGetOneWhenOneIsNeeded() throws Exception {
    String bundled;
    try (InputStream yaml = getClass().getClassLoader().getResourceAsStream(CatalogLoader.RESOURCE)) {
      bundled = new String(yaml.readAllBytes(), StandardCharsets.UTF_8);
    }
    String withoutBalancer = bundled.replaceAll("(?m)^balancer:\\n  image: .*\\n", "");
    assertThat(withoutBalancer).doesNotContain("balancer:\n");

    Catalog catalog = StrictYaml.read(withoutBalancer, "old.yaml", Catalog.class);

    assertThat(catalog.balancer()).isEmpty();
    assertThat(catalog.withJvmOption("-Xint").balancer()).isEmpty();
    assertThatIllegalStateException().isThrownBy(catalog::balancerImage).withMessage("the catalog names no balancer"
        + " image (balancer: {image: ...}); the bundled catalog's is perflab/haproxy:2.6, built by ./mvnw -pl"
        + " docker/haproxy package");
    assertThat(CatalogLoader.overlay("balancer: null\n", "own.yaml").balancer()).isEmpty();
  }

  @Test
  void versionsAndImageTagsComeFromTheBuild() {
    for (App app : catalog.apps()) {
      assertThat(app.frameworkVersion()).as(app.name()).doesNotContain("${").isNotBlank();
      for (Mode mode : catalog.modes()) {
        assertThat(app.imageFor(mode))
            .isEqualTo("perflab/" + app.name() + ":" + app.frameworkVersion() + "-" + mode.name());
        assertThat(app.artifacts().get(mode.name())).as(app.name() + " artifact in " + mode.name())
            .startsWith("target/").doesNotContain("${");
      }
    }
  }

  @Test
  void eachAppsVersionPropertyIsTheOneItsImagesAreTaggedWith() throws Exception {
    // The upgrade check builds with -D<frameworkVersionProperty>=<version>: that property must
    // hold the catalog's version, and the module must tag its images from it.
    Path project = Path.of("..");
    for (App app : catalog.apps()) {
      assertThat(property(project.resolve("pom.xml"), app.frameworkVersionProperty()))
          .as("root pom.xml, property %s", app.frameworkVersionProperty()).isEqualTo(app.frameworkVersion());
      assertThat(property(project.resolve(app.module()).resolve("pom.xml"), "perflab.framework.version"))
          .as("%s/pom.xml, property perflab.framework.version", app.module())
          .isEqualTo("${" + app.frameworkVersionProperty() + "}");
    }
  }

  @Test
  void anAppAtAnotherVersionHasThatVersionsImages() {
    App quarkus = catalog.apps().stream().filter(app -> app.name().equals("quarkus")).findFirst().orElseThrow();

    App older = quarkus.atVersion("3.37.2");

    assertThat(older.frameworkVersion()).isEqualTo("3.37.2");
    assertThat(older.images()).hasSameSizeAs(quarkus.images());
    for (Mode mode : catalog.modes()) {
      assertThat(older.imageFor(mode)).isEqualTo("perflab/quarkus:3.37.2-" + mode.name());
    }
    assertThat(older).usingRecursiveComparison().ignoringFields("frameworkVersion", "images").isEqualTo(quarkus);
    assertThat(older.atVersion(quarkus.frameworkVersion())).isEqualTo(quarkus);
  }

  @Test
  void onlyTheTagOfAnImageMovesToAnotherVersion() {
    App app = app(Map.of("jvm", "registry.example:5000/perflab/quarkus:3.37.3-jvm"));

    assertThat(app.atVersion("4.0.0-M1").images()).containsEntry("jvm", "registry.example:5000/perflab/quarkus:4.0.0-M1-jvm");
  }

  @Test
  void anImageWithoutTheVersionInItsTagCannotMove() {
    assertThatIllegalArgumentException().isThrownBy(() -> app(Map.of("jvm", "perflab/quarkus:latest")).atVersion("3.37.2"))
        .withMessage("quarkus: the jvm image perflab/quarkus:latest has no tag containing the framework version 3.37.3,"
            + " so its name at 3.37.2 is unknown; in catalog.yaml, tag it <name>:<version>-<mode> as the build does");
    // The version in the registry's address or the repository is not a tag.
    assertThatIllegalArgumentException().isThrownBy(() -> app(Map.of("jvm", "perflab/quarkus-3.37.3")).atVersion("3.37.2"))
        .withMessageContaining("has no tag containing the framework version 3.37.3");
  }

  @Test
  void aVersionThatCannotBeATagIsRefused() {
    App app = app(Map.of("jvm", "perflab/quarkus:3.37.3-jvm"));

    assertThatIllegalArgumentException().isThrownBy(() -> app.atVersion("3.37 2"))
        .withMessage("quarkus: '3.37 2' is not a framework version that can be part of an image tag (letters, digits,"
            + " '_', '.', '-'; up to 128 characters)");
    assertThatIllegalArgumentException().isThrownBy(() -> app.atVersion(""));
    assertThatIllegalArgumentException().isThrownBy(() -> app.atVersion(null));
  }

  private static App app(Map<String, String> images) {
    return new App("quarkus", "Quarkus", "3.37.3", "quarkus.platform.version", true, 8080, "/hello",
        Pattern.compile("started in (?<seconds>[0-9.]+)s"), "frameworks/quarkus", images,
        Map.of("jvm", "target/quarkus-app"), null, null, List.of(), Map.of(), null);
  }

  /** A property of a POM as written there (not interpolated). */
  private static String property(Path pom, String name) throws Exception {
    Element project = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile()).getDocumentElement();
    Element properties = (Element) project.getElementsByTagName("properties").item(0);
    var property = properties.getElementsByTagName(name).item(0);
    return property == null ? null : property.getTextContent().strip();
  }

  @Test
  void aotCachesAreTrainedUnderTheReferenceProfileWithTheCellsFlags() {
    // The image build takes the limits and flags from the parent POM, as this catalog does.
    assertThat(catalog.profiles().stream().filter(p -> p.cpus().equals(catalog.aotTraining().cpus())
        && p.memoryMebibytes() == catalog.aotTraining().memoryMebibytes()).findFirst())
        .map(ResourceProfile::name).contains("1cpu-512m");
    assertThat(catalog.jvmOptions()).doesNotContain("${");
    Mode aot = catalog.mode("aot");
    assertThat(aot.aotCache()).isEqualTo("/app/app.aot");
    assertThat(aot.buildArguments()).containsExactly("-Dperflab.jvm.skip=true");
  }

  @Test
  void onlyTheNativeModeNeedsATool() {
    assertThat(catalog.modes()).filteredOn(mode -> mode.toolchain() != null)
        .extracting(Mode::name).containsExactly("native");
    assertThat(catalog.mode("native").toolchain()).isEqualTo("native-image");
  }

  @Test
  void profilesAreLimitsTheKernelCanExpress() {
    ResourceProfile halfCpu = catalog.profile("half-cpu-256m");
    assertThat(halfCpu.cpus()).isEqualTo(CpuLimit.ofQuota(50_000, 100_000));
    assertThat(halfCpu.memoryBytes()).isEqualTo(256L * 1024 * 1024);
    assertThat(catalog.measuredCpuCount()).isEqualTo(1);
  }

  @Test
  void cpusetListsExpandRanges() {
    assertThat(Catalog.cpus("1")).containsExactly(1);
    assertThat(Catalog.cpus("0-2,5")).containsExactly(0, 1, 2, 5);
    assertThat(Catalog.cpus(catalog.harnessCpuset())).doesNotContainAnyElementsOf(Catalog.cpus(catalog.measuredCpuset()));
  }

  @Test
  void everyCellGetsTheSameJvmFlags() {
    assertThat(catalog.jdkJavaOptions()).contains("-XX:MaxRAMPercentage=75");
    assertThat(catalog.jvmFlags()).contains("-XX:MaxRAMPercentage=75", "-XX:+ExitOnOutOfMemoryError");
  }
}
