package dev.perflab.harness.experiment.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.StudyFigure;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each peak beside what bound it, on ramps written by hand at 0.372 CPU: a pool's bound is its size over the quickest
 * second's p50, the CPU's is 0.9 of the limit over the peak's seconds.
 */
class PeakBoundTest {

  private static final UserRampAnalysis THESIS = new UserRampAnalysis("blocking", "reactive",
      new StudyFigure(3.5, "a test"), new StudyFigure(1.4, "a test"), 500, new StudyFigure(0.368, "a test"));
  private static final Map<String, RampPool> POOLS = Map.of(
      "blocking", new RampPool(200, "Tomcat request threads", "Spring Boot's default"),
      "reactive", new RampPool(500, "WebClient connections", "Reactor Netty's default"),
      "virtual", new RampPool(null, "virtual threads, one per request", "Tomcat on virtual threads"));

  /**
   * Blocking answers flatten at 1,900 a second at 0.54 of its CPU, 105 ms a request: 200 / 0.105 s = 1,905, its
   * pool. Reactive flattens at 865 at 0.97 of its CPU, far under 500 / 0.104 s = 4,808: its CPU. Virtual threads have
   * no pool and flatten at 1,000 at half their CPU: neither.
   */
  @Test
  void eachPeakIsShownBesideItsPoolsBoundAndItsCpu() {
    List<RampRow> rows = new ArrayList<>();
    rows.addAll(ramp("blocking", 1900, 105, 0.54));
    rows.addAll(ramp("reactive", 865, 104, 0.97));
    rows.addAll(ramp("virtual", 1000, 103, 0.5));

    UserRampReport report = UserRampAnalyses.analyse(new UserRampData(rows), List.of(500), THESIS,
        List.of(new FindingClaim(UserRampFindings.PEAK, "3.5 times the peak")), POOLS);

    RampVariant blocking = report.variants().get(0);
    assertThat(blocking.peakBoundBy()).isEqualTo(PeakBound.POOL);
    assertThat(PeakBound.describe(blocking)).isEqualTo("blocking peak 1,900/s; 200 Tomcat request threads / 0.105 s"
        + " = 1,905/s; CPU 0.54 of its 0.372 CPU at the peak: bound by its pool");
    assertThat(PeakBound.describe(report.variants().get(1))).isEqualTo("reactive peak 865/s; 500 WebClient"
        + " connections / 0.104 s = 4,808/s; CPU 0.97 of its 0.372 CPU at the peak: bound by its CPU");
    assertThat(PeakBound.describe(report.variants().get(2))).isEqualTo("virtual peak 1,000/s; no pool (virtual"
        + " threads, one per request); CPU 0.50 of its 0.372 CPU at the peak: bound by neither its CPU nor its pool");
    assertThat(report.findings().getFirst().why()).as("the peak finding's why")
        .contains("blocking peak 1,900/s; 200 Tomcat request threads / 0.105 s = 1,905/s")
        .contains("reactive peak 865/s").contains("bound by its CPU").doesNotContain("virtual");
    assertThat(UserRampSummary.boundCells(blocking)).containsExactly("blocking (jvm)", "1,900", "0.54",
        "200 Tomcat request threads", "105", "1,905", "pool");
  }

  @Test
  void aVariantWithoutAPoolDeclaredSaysSo() {
    UserRampReport report = UserRampAnalyses.analyse(new UserRampData(ramp("blocking", 1900, 105, 0.95)),
        List.of(500), THESIS, List.of(), Map.of());

    assertThat(PeakBound.describe(report.variants().getFirst())).isEqualTo("blocking peak 1,900/s; no pool declared;"
        + " CPU 0.95 of its 0.372 CPU at the peak: bound by its CPU");
  }

  /**
   * 50 users more each second for 60 s; answers a second climb to {@code peak} and stay there; a request takes
   * {@code p50Millis} until then and 400 ms after (queued); CPU climbs with the answers to {@code cpuAtPeak}. The
   * first second is a cold JVM's: 5 answers at 900 ms, too few to time a request by.
   */
  private static List<RampRow> ramp(String variant, long peak, double p50Millis, double cpuAtPeak) {
    List<RampRow> rows = new ArrayList<>();
    rows.add(row(variant, 0, 50, 5, 900, cpuAtPeak / 10));
    for (int second = 1; second < 60; second++) {
      long completed = Math.min(peak, 80L * (second + 1));
      rows.add(row(variant, second, 50 * (second + 1), completed, completed < peak ? p50Millis : 400,
          cpuAtPeak * completed / peak));
    }
    return rows;
  }

  private static RampRow row(String variant, int second, int users, long completed, double p50Millis,
      double relativeCpu) {
    return new RampRow(variant, "jvm", 0, second, RampRow.RAMP, users, completed, 0, p50Millis, p50Millis * 1.5,
        p50Millis * 2, 150.0, 0.0, false, 0, 0.372, relativeCpu, 300L << 20, 0.05, 1.5,
        second == 59 ? "the longest duration" : null, second == 59 ? false : null, null, null);
  }
}
