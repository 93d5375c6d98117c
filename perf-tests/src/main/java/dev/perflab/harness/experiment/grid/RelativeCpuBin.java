package dev.perflab.harness.experiment.grid;

/**
 * The measured seconds whose relative CPU (usage over limit) falls in [{@code fromRatio},
 * {@code toRatio}); the last bin also holds values above 1, which one-second sampling can give.
 *
 * @param seconds how many measured seconds fall in the bin
 * @param p95MedianMillis the median of the seconds' p95s; null without seconds
 */
public record RelativeCpuBin(double fromRatio, double toRatio, int seconds, Double p95MedianMillis, Double p95P90Millis,
    Double p95MaxMillis) {

  /** "0.8–1.0". */
  public String label() {
    return fromRatio + "–" + toRatio;
  }
}
