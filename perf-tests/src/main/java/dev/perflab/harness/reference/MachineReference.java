package dev.perflab.harness.reference;

import com.github.dockerjava.api.command.InspectContainerResponse;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.launch.CellContainer;
import dev.perflab.harness.launch.LabLabels;
import dev.perflab.harness.launch.RunStop;
import dev.perflab.harness.environment.ReferenceRuns;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.containers.startupcheck.OneShotStartupCheckStrategy;
import org.testcontainers.images.builder.Transferable;

/**
 * How fast this machine runs a cell today, measured the way a cell is: {@link ReferenceWork} in a
 * fresh container of the catalog's base image, under each profile's limits, pinned to the measured
 * CPU, with the cells' JVM options. Whatever slows the cells (a slower host, a neighbour on the
 * measured CPU, a tighter quota) slows it too, so its figure set beside the one the budgets were set
 * with says how much slower or faster than that day this machine is ({@code MachineFactor}).
 */
public final class MachineReference {

  private static final Logger LOG = LoggerFactory.getLogger(MachineReference.class);

  /**
   * Rounds of {@link ReferenceWork#round} per CPU of the profile's quota: about 1.6 s at any quota on
   * this machine, so a half-CPU profile's runs cost no more than a whole CPU's. The count is fixed per
   * profile, which is all a factor needs: the same work under the same profile then and now.
   */
  public static final int ROUNDS_PER_CPU = 48;
  /** Runs per profile before the first part, after one discarded (the first reads the image's layers cold). */
  public static final int FIRST_RUNS = 3;
  private static final String CLASS_FILE = ReferenceWork.class.getName().replace('.', '/') + ".class";
  private static final Pattern LINE = Pattern.compile(ReferenceWork.PREFIX
      + " rounds=(?<rounds>\\d+) workMillis=(?<work>[0-9.]+) checksum=(?<checksum>-?\\d+)");
  private static final byte[] CLASS_BYTES = classFile();
  /** Checksums by rounds, computed once here: the work runs a second or so on the harness CPU. */
  private static final Map<Integer, Long> EXPECTED_CHECKSUMS = new ConcurrentHashMap<>();

  private MachineReference() {}

  /** The reference under each of {@code profiles}, {@value #FIRST_RUNS} runs each: the run's first step. */
  public static List<ReferenceRuns> measure(Catalog catalog, List<ResourceProfile> profiles) {
    List<ReferenceRuns> measured = new ArrayList<>();
    LOG.info("machine reference: measuring the fixed reference work under {}", profiles.stream()
        .map(ResourceProfile::name).toList());
    for (ResourceProfile profile : profiles) {
      runOnce(catalog, profile);
      ReferenceRuns runs = measure(catalog, profile, FIRST_RUNS);
      LOG.info("machine reference under {}: {} ms (CV {} %, {} runs)", profile.name(), Math.round(runs.meanMillis()),
          String.format(Locale.ROOT, "%.1f", runs.wall().coefficientOfVariation() * 100), runs.wallMillis().size());
      measured.add(runs);
    }
    return List.copyOf(measured);
  }

  /**
   * {@code runs} more runs under {@code profile}: a part that judges cells against the machine's pace
   * runs some beside them, so that the pace it scales by is the one they ran at.
   */
  public static ReferenceRuns measure(Catalog catalog, ResourceProfile profile, int runs) {
    List<Double> wall = new ArrayList<>();
    List<Double> work = new ArrayList<>();
    for (int run = 0; run < runs; run++) {
      double[] figures = runOnce(catalog, profile);
      wall.add(figures[0]);
      work.add(figures[1]);
    }
    return new ReferenceRuns(profile.name(), wall, work);
  }

  /** One run: {wall ms, work ms}. */
  private static double[] runOnce(Catalog catalog, ResourceProfile profile) {
    try (CellContainer container = new CellContainer(catalog.baseImage())
        .withLimits(profile)
        .withCpuset(catalog.measuredCpuset())
        .withEnv("JDK_JAVA_OPTIONS", catalog.jdkJavaOptions())
        .withLabels(LabLabels.forRun())
        .withCopyToContainer(Transferable.of(CLASS_BYTES), "/reference/" + CLASS_FILE)
        .withCommand("java", "-cp", "/reference", ReferenceWork.class.getName(), String.valueOf(rounds(profile)))
        .withStartupCheckStrategy(new OneShotStartupCheckStrategy().withTimeout(Duration.ofMinutes(2)))) {
      RunStop.check();
      container.start();
      InspectContainerResponse.ContainerState state =
          container.getDockerClient().inspectContainerCmd(container.getContainerId()).exec().getState();
      double wallMillis = Duration.between(Instant.parse(state.getStartedAt()), Instant.parse(state.getFinishedAt()))
          .toNanos() / 1e6;
      String log = container.getLogs();
      Matcher line = LINE.matcher(log);
      if (!line.find()) {
        throw new IllegalStateException("the machine reference under " + profile.name() + " printed no '"
            + ReferenceWork.PREFIX + "' line; its log:\n" + log);
      }
      long expected = EXPECTED_CHECKSUMS.computeIfAbsent(rounds(profile), MachineReference::expectedChecksum);
      if (Long.parseLong(line.group("checksum")) != expected) {
        throw new IllegalStateException("the machine reference under " + profile.name() + " computed checksum "
            + line.group("checksum") + ", not " + expected + ": its work was not the reference's");
      }
      return new double[] {wallMillis, Double.parseDouble(line.group("work"))};
    }
  }

  /** The rounds under {@code profile}: {@value #ROUNDS_PER_CPU} per CPU of its quota, at least 1. */
  static int rounds(ResourceProfile profile) {
    return (int) Math.max(1, Math.round(ROUNDS_PER_CPU * profile.cpus().millicores() / 1000.0));
  }

  /** What {@link ReferenceWork} prints after {@code rounds} rounds of all its work: the same computation, here. */
  static long expectedChecksum(int rounds) {
    try {
      long checksum = 0;
      for (int round = 0; round < rounds; round++) {
        checksum = checksum * 31 + ReferenceWork.round(round);
      }
      return checksum;
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  private static byte[] classFile() {
    try (InputStream in = MachineReference.class.getClassLoader().getResourceAsStream(CLASS_FILE)) {
      if (in == null) {
        throw new IllegalStateException(CLASS_FILE + " is not on the class path");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + CLASS_FILE, e);
    }
  }
}
