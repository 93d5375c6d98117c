package dev.perflab.harness.experiment.grid;


/** Rows as a grid run writes them, for tests. */
final class GridRows {

  private GridRows() {}

  static GridRow measured(GridPoint point, int step, double ratePerSecond) {
    return Rows.builder(point).timeToFirstOkMillis(3_500.0).cpuUntilReadySeconds(2.1).jvmMaxHeapBytes(128L << 20)
        .jvmGc("Serial").jvmActiveProcessors(1).step(step).offeredRatePerSecond(ratePerSecond)
        .achievedRatePerSecond(ratePerSecond).requests((long) ratePerSecond * 5).errors(0L)
        .p50Millis(1.2).p95Millis(2.5).p99Millis(4.0).relativeCpuMean(0.3).relativeCpuMax(0.4).relativeMemoryMean(0.5)
        .relativeMemoryMax(0.55).throttledPeriodsRatio(0.0).throttledMillis(0.0).gcPauseShare(0.001)
        .driverLagP99Micros(120L).lastMemoryBytes(140L << 20).outcome(GridRow.StepOutcome.MEASURED).build();
  }

  static GridSecond second(GridPoint point, int step, double ratePerSecond, int second) {
    return new GridSecond(point.app().name(), point.mode().name(), point.cpus().cores(), point.memoryMebibytes(),
        point.repetition(), step, ratePerSecond, null, second, (long) ratePerSecond, 1.1, 2.4, 3.9, 0.35, 0.52, 0.0);
  }
}
