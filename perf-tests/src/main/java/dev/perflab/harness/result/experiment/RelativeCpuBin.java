package dev.perflab.harness.result.experiment;

/**
 * The measured steps whose mean relative CPU (usage over limit) falls in [{@code fromRatio},
 * {@code toRatio}); the last bin also holds values above 1, which one-second sampling can give.
 *
 * @param p95MedianMillis the median of the steps' p95s; null without steps
 */
public record RelativeCpuBin(double fromRatio, double toRatio, int steps, Double p95MedianMillis, Double p95P90Millis,
    Double p95MaxMillis) {

  /** "0.8–1.0". */
  public String label() {
    return fromRatio + "–" + toRatio;
  }
}
