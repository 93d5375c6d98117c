package dev.perflab.harness.experiment.topology;

import static dev.perflab.harness.experiment.topology.TopologySpecTest.service;
import static dev.perflab.harness.experiment.topology.TopologySpecTest.work;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.perflab.harness.catalog.NodeScheduling;
import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.FindingVerdict;
import dev.perflab.harness.experiment.finding.StudyFigure;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** The series, bottlenecks and findings of rows written by hand, as an offloading run could measure them. */
class TopologyAnalysesTest {

  private static final List<Double> MIXES = List.of(0.0, 0.2, 0.4, 0.6, 0.8, 1.0);
  private static final List<FindingClaim> CLAIMS = List.of(
      new FindingClaim(TopologyFindings.FASTER, "w5 faster than w0"),
      new FindingClaim(TopologyFindings.FLAT, "w10 flat"),
      new FindingClaim(TopologyFindings.MINIMUM, "w0 lowest at 0.4"),
      new FindingClaim(TopologyFindings.SWITCHES, "the bottleneck switches"),
      new FindingClaim(TopologyFindings.MODEL, "the model ranks alike"));
  private static final TopologyAnalysis ANALYSIS = new TopologyAnalysis(new TopologyAnalysis.Faster("w5", "w0"),
      new TopologyAnalysis.Flat("w10", 0.1), new TopologyAnalysis.Minimum("w0", new StudyFigure(0.4, "a test")),
      new TopologyAnalysis.Switches(List.of("w0")), new TopologyAnalysis.ModelAgrees(new StudyFigure(0.78, "a test"), List.of("w10")));

  @Test
  void anOffloadingRunAsTheStudyFoundItAgreesWithEachFinding() {
    TopologyData data = data(
        // w0: V-shaped, 600 ms at the ends, 300 at p = 0.4; s3 busiest at p = 0, s1 at p = 1.
        variant("w0", mix -> 300 + 750 * Math.abs(mix - 0.4), mix -> mix, mix -> 1 - mix),
        variant("w5", mix -> 200 + 500 * Math.abs(mix - 0.4), mix -> mix, mix -> 1 - mix),
        variant("w10", mix -> 500 + 10 * mix, mix -> 0.5, mix -> 0.5));

    TopologyReport report = TopologyAnalyses.analyse(data, spec(), CLAIMS, app -> NodeScheduling.TIME_SLICED);

    assertThat(report.findings()).extracting(FindingResult::verdict).containsOnly(FindingVerdict.AGREE);
    TopologySeries w0 = report.series().stream().filter(series -> series.variant().equals("w0")
        && series.subject().equals(TopologyMixRow.ALL)).findFirst().orElseThrow();
    // Two repetitions 2 % apart: the median between them, the noise their spread.
    assertThat(w0.measured().get(2)).isCloseTo(303, within(1e-6));
    assertThat(w0.noise()).isCloseTo(0.02 * (300 + 750 * 0.6), within(1e-6));
    assertThat(w0.spearman()).isCloseTo(1.0, within(1e-9));
    assertThat(w0.pairsInOrder()).as("pairs apart beyond the noise, in order").isPositive().isEqualTo(w0.pairsApart());
    assertThat(report.bottlenecks()).filteredOn(b -> b.variant().equals("w0")).first()
        .satisfies(b -> assertThat(b.measured()).isEqualTo("s3"));
    assertThat(report.bottlenecks()).filteredOn(b -> b.variant().equals("w0")).last()
        .satisfies(b -> assertThat(b.measured()).isEqualTo("s1"));
  }

  @Test
  void theOppositeDisagrees() {
    TopologyData data = data(
        variant("w0", mix -> 300 + 100 * mix, mix -> 0.9, mix -> 0.5),
        variant("w5", mix -> 500 + 100 * mix, mix -> 0.9, mix -> 0.5),
        variant("w10", mix -> 200 + 400 * mix, mix -> 0.9, mix -> 0.5));

    TopologyReport report = TopologyAnalyses.analyse(data, spec(), CLAIMS.subList(0, 4),
        app -> NodeScheduling.TIME_SLICED);

    assertThat(report.findings()).extracting(FindingResult::verdict).containsOnly(FindingVerdict.DISAGREE);
    assertThat(report.findings().getFirst().why()).isEqualTo("'w5' below 'w0' beyond the noise at 0 of 6 mixes,"
        + " above it beyond the noise at 6");
  }

  private static TopologySpec spec() {
    List<TopologyVariant> variants = new ArrayList<>();
    for (String name : List.of("w0", "w5", "w10")) {
      variants.add(new TopologyVariant(name, "gw", null, List.of(
          service("gw", 0.25, Map.of("a", work(0, false, "s1"), "b", work(0, false, "s3"))),
          service("s1", 0.25, Map.of("a", work(20, false))),
          service("s3", 0.25, Map.of("b", work(15, false))))));
    }
    TopologyScale scale = new TopologyScale(List.of("quarkus"), "jvm", null, 4, 0, MIXES, 0, 1, 1, 1, 0, 1, 1);
    return new TopologySpec(List.of("a", "b"), 0.5, 16, null, variants, ANALYSIS, Map.of("default", scale, "smoke",
        scale));
  }

  private record Variant(String name, DoubleUnaryOperator response, DoubleUnaryOperator s1, DoubleUnaryOperator s3) {}

  /**
   * A JVM still compiling spends CPU the demands leave out. The model is compared with the cgroup's utilisation,
   * compiler included, as the study measured it (the work's alone ranked worse: at a saturated service the compiler
   * takes quota the work would have had); the summary says how much of it was the compiler's.
   */
  @Test
  void utilisationIsTheCgroupsWithTheCompilersShareBeside() {
    TopologyData data = data(variant("w0", mix -> 300, mix -> mix, mix -> 1 - mix));
    List<TopologyServiceRow> services = data.services().stream().map(row -> !row.service().equals("s1") ? row
        : new TopologyServiceRow(row.app(), row.mode(), row.variant(), row.repetition(), row.mix(), row.service(),
            row.quotaCores(), row.cpuCores(), 0.05 * row.mix(), row.utilisation(),
            row.utilisation() - 0.2 * row.mix(), row.predictedUtilisation(), 0.0, row.memoryBytes(),
            row.cfsPeriodMillis())).toList();

    TopologyReport report = TopologyAnalyses.analyse(new TopologyData(List.of(), data.mixes(), services, List.of()),
        spec(), CLAIMS, app -> NodeScheduling.TIME_SLICED);

    assertThat(utilisationOf(report, "s1").measured()).containsExactlyElementsOf(MIXES);
    assertThat(TopologySummary.compilerShare(services))
        .contains("a median 10.0 and at most 20.0 points of a service's quota");
    assertThat(TopologySummary.compilerShare(data.services())).as("not read").isEmpty();
  }

  private static TopologySeries utilisationOf(TopologyReport report, String service) {
    return report.series().stream().filter(series -> series.quantity().equals(TopologySeries.UTILISATION)
        && series.subject().equals(service)).findFirst().orElseThrow();
  }

  private static Variant variant(String name, DoubleUnaryOperator response, DoubleUnaryOperator s1,
      DoubleUnaryOperator s3) {
    return new Variant(name, response, s1, s3);
  }

  /** Two repetitions of each variant, the second 2 % slower; the model predicts the first exactly. */
  private static TopologyData data(Variant... variants) {
    List<TopologyMixRow> mixes = new ArrayList<>();
    List<TopologyServiceRow> services = new ArrayList<>();
    for (Variant variant : variants) {
      for (int repetition = 0; repetition < 2; repetition++) {
        double factor = repetition == 0 ? 1 : 1.02;
        for (double mix : MIXES) {
          double millis = variant.response().applyAsDouble(mix);
          mixes.add(new TopologyMixRow("quarkus", "jvm", variant.name(), repetition, mix, TopologyMixRow.ALL, 4, 100,
              0, 10, millis * factor, millis * factor, millis * factor * 2, millis, 10.0, millis, null));
          services.add(utilisation(variant.name(), repetition, mix, "s1", variant.s1().applyAsDouble(mix)));
          services.add(utilisation(variant.name(), repetition, mix, "s3", variant.s3().applyAsDouble(mix)));
          services.add(utilisation(variant.name(), repetition, mix, "gw", 0.1));
        }
      }
    }
    return new TopologyData(List.of(), mixes, services, List.of());
  }

  private static TopologyServiceRow utilisation(String variant, int repetition, double mix, String name, double use) {
    return new TopologyServiceRow("quarkus", "jvm", variant, repetition, mix, name, 0.25, use * 0.25, null, use, null,
        use, 0.0, 100_000_000L, 10.0);
  }
}
