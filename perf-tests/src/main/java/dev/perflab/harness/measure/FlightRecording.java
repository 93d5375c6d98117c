package dev.perflab.harness.measure;

import dev.perflab.harness.result.StartupProfile;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * A start's flight recording read on the host (JFR's own parser, {@link RecordingFile}), up to the launch's first
 * OK: what a container's JVM wrote with {@link #jvmOptions}.
 */
public final class FlightRecording {

  static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";
  static final String ALLOCATION_SAMPLE = "jdk.ObjectAllocationSample";
  /** The JDK's own packages: a sample is counted at the nearest frame outside them. */
  private static final List<String> JDK_PACKAGES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");
  /** Hidden classes' and lambdas' addresses, which differ from one launch to the next for the same code. */
  private static final Pattern GENERATED_SUFFIX = Pattern.compile("/0x\\p{XDigit}+|(?<=\\$\\$Lambda)\\$\\d+");

  private FlightRecording() {}

  /**
   * The JVM options that record a start into {@code directory} (a bind mount of the host's): the "profile" settings
   * (execution samples every 10 ms, allocation samples), written when the JVM exits, its repository there too so
   * an image without a writable /tmp records as well.
   */
  public static String jvmOptions(String directory, String fileName) {
    return "-XX:StartFlightRecording=settings=profile,dumponexit=true,filename=" + directory + "/" + fileName
        + " -XX:FlightRecorderOptions=repository=" + directory + "/repository";
  }

  /** The execution and allocation samples of {@code recording} that started no later than {@code firstOk}. */
  public static StartupProfile read(Path recording, Instant firstOk) throws IOException {
    long executionSamples = 0;
    long allocationSampledBytes = 0;
    Map<String, Long> samplesByMethod = new HashMap<>();
    Map<String, Long> allocatedBytesBySite = new HashMap<>();
    Map<String, Long> allocationSamplesBySite = new HashMap<>();
    try (RecordingFile file = new RecordingFile(recording)) {
      while (file.hasMoreEvents()) {
        RecordedEvent event = file.readEvent();
        if (event.getStartTime().isAfter(firstOk)) {
          continue;
        }
        String type = event.getEventType().getName();
        if (type.equals(EXECUTION_SAMPLE)) {
          executionSamples++;
          samplesByMethod.merge(frame(event.getStackTrace()), 1L, Long::sum);
        } else if (type.equals(ALLOCATION_SAMPLE)) {
          long weight = event.getLong("weight");
          String site = frame(event.getStackTrace());
          allocationSampledBytes += weight;
          allocatedBytesBySite.merge(site, weight, Long::sum);
          allocationSamplesBySite.merge(site, 1L, Long::sum);
        }
      }
    }
    return new StartupProfile(executionSamples, samplesByMethod, allocationSampledBytes, allocatedBytesBySite,
        allocationSamplesBySite);
  }

  /** "org.example.Foo.bar": the nearest Java frame outside the JDK, else the top one. */
  static String frame(RecordedStackTrace stackTrace) {
    if (stackTrace == null || stackTrace.getFrames().isEmpty()) {
      return "(no stack trace)";
    }
    RecordedFrame top = null;
    for (RecordedFrame frame : stackTrace.getFrames()) {
      if (!frame.isJavaFrame() || frame.getMethod() == null) {
        continue;
      }
      if (top == null) {
        top = frame;
      }
      if (!inJdk(frame.getMethod().getType().getName())) {
        return name(frame);
      }
    }
    return top == null ? "(native)" : name(top);
  }

  private static boolean inJdk(String className) {
    return JDK_PACKAGES.stream().anyMatch(className::startsWith);
  }

  private static String name(RecordedFrame frame) {
    return typeName(frame.getMethod().getType().getName()) + "." + frame.getMethod().getName();
  }

  /** A class's name without the address a hidden class or lambda gets anew in every launch. */
  static String typeName(String className) {
    return GENERATED_SUFFIX.matcher(className).replaceAll("");
  }
}
