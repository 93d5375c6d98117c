package dev.perflab.harness.compare;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.RecordedStart;
import dev.perflab.harness.measure.FlightRecording;
import dev.perflab.harness.result.StartupExplanation;
import dev.perflab.harness.result.StartupExplanation.RecordedSide;
import dev.perflab.harness.result.StartupProfile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code -Dperflab.compare.explain=jfr}: once a cell's pairs are done, one more launch a side under a flight
 * recording, read up to each first OK and set side by side. A side that cannot be recorded leaves the explanation
 * unavailable with the reason; the verdict stands either way.
 */
final class StartupExplainer {

  private static final Logger LOG = LoggerFactory.getLogger(StartupExplainer.class);

  private StartupExplainer() {}

  /** {@code pair}'s starts recorded into {@code directory} (A and B in folders of their own). */
  static StartupExplanation explain(Lab lab, CellPair pair, Path directory) throws InterruptedException {
    if (!pair.baseline().mode().jvm()) {
      return StartupExplanation.unavailable("mode " + pair.baseline().mode().name() + " runs no JVM to record");
    }
    if (pair.baseline().mode().aotCache() != null) {
      // Seen: "Mismatched values for property jdk.module.addmods: jdk.jfr specified during runtime but not during
      // dump time", and the JVM stops; a recording without the cache would explain another start than the one measured.
      return StartupExplanation.unavailable("mode " + pair.baseline().mode().name() + " starts from an AOT cache, which"
          + " the JVM refuses once the flight recorder adds its module (jdk.jfr) to the one the cache was trained with;"
          + " compare the JVM-mode cells to explain a start");
    }
    try {
      Recorded baseline = record(lab, pair.baseline(), directory.resolve("A"));
      Recorded candidate = record(lab, pair.candidate(), directory.resolve("B"));
      LOG.info("{}: recorded starts, A {} execution samples in {} ms, B {} in {} ms", pair.cellId(),
          baseline.profile().executionSamples(), Math.round(baseline.side().timeToFirstOkMillis()),
          candidate.profile().executionSamples(), Math.round(candidate.side().timeToFirstOkMillis()));
      return StartupExplanation.of(baseline.side(), baseline.profile(), candidate.side(), candidate.profile());
    } catch (CellLaunchException e) {
      if (Thread.currentThread().isInterrupted()) {
        throw new InterruptedException("interrupted in a recorded launch of " + pair.cellId());
      }
      return StartupExplanation.unavailable(e.failure().describe());
    } catch (UnsupportedOperationException | IOException | UncheckedIOException e) {
      return StartupExplanation.unavailable(e.getMessage());
    }
  }

  private record Recorded(RecordedSide side, StartupProfile profile) {}

  private static Recorded record(Lab lab, Cell cell, Path directory) throws CellLaunchException, IOException {
    RecordedStart start = lab.launcher().recordStartup(cell, directory);
    StartupProfile profile = FlightRecording.read(start.recording(), start.firstOk());
    return new Recorded(new RecordedSide(start.timeToFirstOkMillis(), profile.executionSamples(),
        profile.allocationSampledBytes(), start.recording().toString()), profile);
  }
}
