package dev.perflab.harness.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a JVM run with {@link #OPTION} wrote to its container log: the choices it made at its limits
 * (collector, heap ceiling, processors) and each GC pause with the wall-clock moment it was logged.
 * The log is the one reading of these that costs the container nothing: no JVM is exec'd beside the
 * app, and the app's own counters stay inside it.
 */
public final class JvmGcLog {

  /** The JVM option that writes what this reads: GC and GC-init lines, stamped in epoch milliseconds. */
  public static final String OPTION = "-Xlog:gc,gc+init:stdout:timemillis,tags";

  private static final Pattern STAMP = Pattern.compile("^\\[(\\d+)ms]\\[([a-z,]+)\\s*] (.*)$");
  private static final Pattern PAUSE = Pattern.compile("^GC\\(\\d+\\) Pause .* (\\d+(?:\\.\\d+)?)ms$");
  private static final Pattern CPUS = Pattern.compile("^CPUs: \\d+ total, (\\d+) available$");
  private static final Pattern HEAP_MAX = Pattern.compile("^Heap Max Capacity: (\\d+)([KMG]?)$");
  private static final Pattern USING = Pattern.compile("^Using (.+)$");

  /** A pause: when its line was logged (its end), epoch ms, and how long it stopped the application. */
  public record Pause(long loggedAtEpochMillis, double pauseMillis) {}

  /**
   * @param collector "Serial", "G1", ...; null if the log has no "Using" line
   * @param maxHeapBytes null if the log has no heap ceiling line
   * @param activeProcessors null if the log has no CPUs line
   */
  public record Choices(String collector, Long maxHeapBytes, Integer activeProcessors) {}

  private final Choices choices;
  private final List<Pause> pauses;

  private JvmGcLog(Choices choices, List<Pause> pauses) {
    this.choices = choices;
    this.pauses = List.copyOf(pauses);
  }

  /** Reads a container log; lines that are not the JVM's GC log (the app's own) are skipped. */
  public static JvmGcLog parse(String containerLog) {
    String collector = null;
    Long maxHeap = null;
    Integer processors = null;
    List<Pause> pauses = new ArrayList<>();
    for (String line : containerLog.split("\n")) {
      Matcher stamped = STAMP.matcher(line.strip());
      if (!stamped.matches()) {
        continue;
      }
      String text = stamped.group(3);
      Matcher m;
      if (stamped.group(2).equals("gc") && (m = PAUSE.matcher(text)).matches()) {
        pauses.add(new Pause(Long.parseLong(stamped.group(1)), Double.parseDouble(m.group(1))));
      } else if ((m = USING.matcher(text)).matches()) {
        collector = m.group(1);
      } else if ((m = HEAP_MAX.matcher(text)).matches()) {
        maxHeap = Long.parseLong(m.group(1)) << shift(m.group(2));
      } else if ((m = CPUS.matcher(text)).matches()) {
        processors = Integer.parseInt(m.group(1));
      }
    }
    return new JvmGcLog(new Choices(collector, maxHeap, processors), pauses);
  }

  public Choices choices() {
    return choices;
  }

  /** The pause time logged in [{@code fromEpochMillis}, {@code toEpochMillis}), over that time: 0 to 1. */
  public double pauseShare(long fromEpochMillis, long toEpochMillis) {
    if (toEpochMillis <= fromEpochMillis) {
      throw new IllegalArgumentException("an empty interval: " + fromEpochMillis + " to " + toEpochMillis);
    }
    double paused = pauses.stream()
        .filter(pause -> pause.loggedAtEpochMillis() >= fromEpochMillis && pause.loggedAtEpochMillis() < toEpochMillis)
        .mapToDouble(Pause::pauseMillis).sum();
    return paused / (toEpochMillis - fromEpochMillis);
  }

  public List<Pause> pauses() {
    return pauses;
  }

  private static int shift(String unit) {
    return switch (unit.toUpperCase(Locale.ROOT)) {
      case "K" -> 10;
      case "M" -> 20;
      case "G" -> 30;
      default -> 0;
    };
  }
}
