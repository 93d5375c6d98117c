package dev.perflab.harness.experiment.coldstart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.FindingVerdict;
import dev.perflab.harness.experiment.finding.StudyFigure;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The cold-start analyses on launches written by hand, their figures reckoned by hand. */
class ColdStartAnalysesTest {

  private static final ColdStartAnalysis THESIS =
      new ColdStartAnalysis("jvm", DatabaseUse.WITHOUT, List.of("quarkus", "micronaut", "spring-boot"), new StudyFigure(3.3, "a test"));
  private static final List<FindingClaim> CLAIMS = List.of(
      new FindingClaim(ColdStartFindings.CACHED_ORDER, "Quarkus < Micronaut << Spring Boot, 3.3 times"),
      new FindingClaim(ColdStartFindings.PULLED_TRACKS_SIZE, "tracks image size, r 0.97"));

  /**
   * Cached framework startups of 1000 / 1500 / 3300 ms (± 1 %): in the study's order, Spring Boot 3.3
   * times Quarkus. Pulled, beyond the framework 200 ms plus 4 ms a MB of image: a line, r 1, over four
   * variants (three have no interval on their r).
   */
  @Test
  void theStudysOrderAndALineThroughSizeAgree() {
    List<ColdStartLaunch> launches = new ArrayList<>();
    launches.addAll(cached("quarkus", 1000, 100_000_000L));
    launches.addAll(cached("micronaut", 1500, 120_000_000L));
    launches.addAll(cached("spring-boot", 3300, 150_000_000L));
    launches.addAll(pulled("quarkus", 1000, 100_000_000L));
    launches.addAll(pulled("micronaut", 1500, 120_000_000L));
    launches.addAll(pulled("spring-boot", 3300, 150_000_000L));
    launches.addAll(pulled("own-service", 2000, 180_000_000L));

    ColdStartReport report = ColdStartAnalyses.analyse(new ColdStartData(launches), THESIS, CLAIMS);

    assertThat(verdict(report, ColdStartFindings.CACHED_ORDER)).isEqualTo(FindingVerdict.AGREE);
    assertThat(verdict(report, ColdStartFindings.PULLED_TRACKS_SIZE)).isEqualTo(FindingVerdict.AGREE);
    SizeRegression line = ColdStartFindings.find(report.regressions(), ImageSource.PULLED, ColdStartAnalyses.IMAGE_SIZE);
    assertThat(line.slopeMillisPerMegabyte()).isCloseTo(4.0, within(0.2));
    assertThat(line.r()).isGreaterThan(0.99);
    ColdStartVariant quarkusPulled = report.variants().stream()
        .filter(variant -> variant.app().equals("quarkus") && variant.image() == ImageSource.PULLED).findFirst()
        .orElseThrow();
    // zero to one = pull + create + first OK = 300 + 50 + (1000 + 150 + 400 - 300): 1600 ms; beyond: 600 ms.
    assertThat(quarkusPulled.zeroToOneMillis().mean()).isCloseTo(1600, within(25.0));
    assertThat(quarkusPulled.beyondFrameworkMillis().mean()).isCloseTo(600, within(1.0));
    assertThat(quarkusPulled.launches()).isEqualTo(5);
    assertThat(quarkusPulled.pulledBytes()).isEqualTo(40_000_000L);
  }

  /** The same line through three variants only: r 1, but three points give its r no interval. */
  @Test
  void aLineThroughThreeVariantsIsInconclusive() {
    List<ColdStartLaunch> launches = new ArrayList<>();
    launches.addAll(pulled("quarkus", 1000, 100_000_000L));
    launches.addAll(pulled("micronaut", 1500, 120_000_000L));
    launches.addAll(pulled("spring-boot", 3300, 150_000_000L));

    ColdStartReport report = ColdStartAnalyses.analyse(new ColdStartData(launches), THESIS, CLAIMS);

    assertThat(verdict(report, ColdStartFindings.PULLED_TRACKS_SIZE)).isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(finding(report, ColdStartFindings.PULLED_TRACKS_SIZE).why()).contains("at least 4 variants");
  }

  /** Spring Boot 3.3 times Quarkus, Micronaut between them but within the noise of Quarkus: not told. */
  @Test
  void aStepInsideTheNoiseIsInconclusive() {
    List<ColdStartLaunch> launches = new ArrayList<>();
    launches.addAll(cached("quarkus", 1000, 100_000_000L));
    launches.addAll(cached("micronaut", 1003, 120_000_000L));
    launches.addAll(cached("spring-boot", 3300, 150_000_000L));

    ColdStartReport report = ColdStartAnalyses.analyse(new ColdStartData(launches), THESIS, CLAIMS);

    assertThat(verdict(report, ColdStartFindings.CACHED_ORDER)).isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(finding(report, ColdStartFindings.CACHED_ORDER).why()).contains("micronaut over quarkus straddles");
  }

  /** Micronaut faster than Quarkus, told by five launches each: the order is reversed. */
  @Test
  void aReversedOrderDisagrees() {
    List<ColdStartLaunch> launches = new ArrayList<>();
    launches.addAll(cached("quarkus", 1500, 100_000_000L));
    launches.addAll(cached("micronaut", 1000, 120_000_000L));
    launches.addAll(cached("spring-boot", 4950, 150_000_000L));

    ColdStartReport report = ColdStartAnalyses.analyse(new ColdStartData(launches), THESIS, CLAIMS);

    assertThat(verdict(report, ColdStartFindings.CACHED_ORDER)).isEqualTo(FindingVerdict.DISAGREE);
    assertThat(figure(report, ColdStartFindings.CACHED_ORDER)).contains("quarkus 1,5").contains("micronaut 1,0");
  }

  /** In order but Spring Boot 1.5 times Quarkus, not 3.3: the ratio disagrees and says so. */
  @Test
  void theOrderWithAnotherRatioDisagrees() {
    List<ColdStartLaunch> launches = new ArrayList<>();
    launches.addAll(cached("quarkus", 1000, 100_000_000L));
    launches.addAll(cached("micronaut", 1200, 120_000_000L));
    launches.addAll(cached("spring-boot", 1500, 150_000_000L));

    ColdStartReport report = ColdStartAnalyses.analyse(new ColdStartData(launches), THESIS, CLAIMS);

    assertThat(verdict(report, ColdStartFindings.CACHED_ORDER)).isEqualTo(FindingVerdict.DISAGREE);
    assertThat(finding(report, ColdStartFindings.CACHED_ORDER).why())
        .contains("micronaut over quarkus inside").contains("spring-boot over quarkus outside");
  }

  /** Two launches of an app, or pulls of one size only, tell nothing. */
  @Test
  void tooFewLaunchesOrSizesAreInconclusive() {
    List<ColdStartLaunch> launches = new ArrayList<>();
    launches.addAll(cached("quarkus", 1000, 100_000_000L).subList(0, 2));
    launches.addAll(cached("micronaut", 1500, 120_000_000L));
    launches.addAll(cached("spring-boot", 3300, 150_000_000L));
    launches.addAll(pulled("quarkus", 1000, 100_000_000L));

    ColdStartReport report = ColdStartAnalyses.analyse(new ColdStartData(launches), THESIS, CLAIMS);

    assertThat(verdict(report, ColdStartFindings.CACHED_ORDER)).isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(verdict(report, ColdStartFindings.PULLED_TRACKS_SIZE)).isEqualTo(FindingVerdict.INCONCLUSIVE);
  }

  /** Pulled times that do not move with size (four sizes, flat and noisy): the line disagrees. */
  @Test
  void pullsThatDoNotTrackSizeDisagree() {
    List<ColdStartLaunch> launches = new ArrayList<>();
    launches.addAll(pulledBeyond("a", 100_000_000L, 900));
    launches.addAll(pulledBeyond("b", 120_000_000L, 700));
    launches.addAll(pulledBeyond("c", 150_000_000L, 880));
    launches.addAll(pulledBeyond("d", 200_000_000L, 690));

    ColdStartReport report = ColdStartAnalyses.analyse(new ColdStartData(launches), THESIS, CLAIMS);

    assertThat(verdict(report, ColdStartFindings.PULLED_TRACKS_SIZE)).isEqualTo(FindingVerdict.DISAGREE);
  }

  /** A discarded launch and a failed one count in no statistic; the failed one is counted as failed. */
  @Test
  void discardedAndFailedLaunchesAreLeftOut() {
    List<ColdStartLaunch> launches = new ArrayList<>(cached("quarkus", 1000, 100_000_000L));
    launches.add(launch("quarkus", ImageSource.CACHED, -1, true, 100_000_000L, null, 0, 99_000.0, null));
    launches.add(new ColdStartLaunch("quarkus", "jvm", DatabaseUse.WITHOUT, ImageSource.CACHED, 9, false, null,
        100_000_000L, null, null, null, 0, null, null, null, null, null, "quarkus: start: no first OK"));

    ColdStartReport report = ColdStartAnalyses.analyse(new ColdStartData(launches), THESIS, List.of());

    ColdStartVariant variant = report.variants().getFirst();
    assertThat(variant.launches()).isEqualTo(5);
    assertThat(variant.failed()).isEqualTo(1);
    assertThat(variant.frameworkReportedStartupMillis().median()).isEqualTo(1000);
  }

  /** Five cached launches: framework startup {@code frameworkMillis} ± 1 %, create 50 ms, JVM and platform 150 ms more. */
  private static List<ColdStartLaunch> cached(String app, double frameworkMillis, long sizeBytes) {
    List<ColdStartLaunch> launches = new ArrayList<>();
    double[] spread = {0.99, 1.0, 1.01, 0.995, 1.005};
    for (int i = 0; i < spread.length; i++) {
      double framework = frameworkMillis * spread[i];
      launches.add(launch(app, ImageSource.CACHED, i, false, sizeBytes, null, 0, framework + 150, framework));
    }
    return launches;
  }

  /** Five pulled launches: as cached, plus a 300 ms pull of 40 MB and 4 ms a MB of image beyond the framework. */
  private static List<ColdStartLaunch> pulled(String app, double frameworkMillis, long sizeBytes) {
    List<ColdStartLaunch> launches = new ArrayList<>();
    double[] spread = {0.99, 1.0, 1.01, 0.995, 1.005};
    for (int i = 0; i < spread.length; i++) {
      double framework = frameworkMillis * spread[i];
      double bySize = 4 * sizeBytes / 1e6;
      launches.add(launch(app, ImageSource.PULLED, i, false, sizeBytes, 40_000_000L, 300,
          framework + 150 + bySize - 300, framework));
    }
    return launches;
  }

  /** Five pulled launches, beyond the framework {@code beyondMillis} ± 20 %. */
  private static List<ColdStartLaunch> pulledBeyond(String app, long sizeBytes, double beyondMillis) {
    List<ColdStartLaunch> launches = new ArrayList<>();
    double[] spread = {0.8, 1.0, 1.2, 0.9, 1.1};
    for (int i = 0; i < spread.length; i++) {
      launches.add(launch(app, ImageSource.PULLED, i, false, sizeBytes, sizeBytes / 3, 200,
          1000 + beyondMillis * spread[i] - 250, 1000.0));
    }
    return launches;
  }

  private static ColdStartLaunch launch(String app, ImageSource source, int repetition, boolean discarded,
      long sizeBytes, Long pulledBytes, double pullMillis, double firstOkMillis, Double frameworkMillis) {
    double zeroToOne = pullMillis + 50 + firstOkMillis;
    return new ColdStartLaunch(app, "jvm", DatabaseUse.WITHOUT, source, repetition, discarded, "sha256:" + app,
        sizeBytes, pulledBytes, pulledBytes == null ? null : 4, pulledBytes == null ? null : 0, pullMillis, 50.0,
        firstOkMillis, frameworkMillis, zeroToOne, frameworkMillis == null ? null : zeroToOne - frameworkMillis, null);
  }

  private static FindingVerdict verdict(ColdStartReport report, String id) {
    return finding(report, id).verdict();
  }

  private static String figure(ColdStartReport report, String id) {
    return finding(report, id).figure();
  }

  private static FindingResult finding(ColdStartReport report, String id) {
    return report.findings().stream().filter(finding -> finding.id().equals(id)).findFirst().orElseThrow();
  }
}
