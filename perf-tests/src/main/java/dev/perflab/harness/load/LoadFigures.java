package dev.perflab.harness.load;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.CellLauncher;
import dev.perflab.harness.launch.RunningCell;
import java.net.InetSocketAddress;

/**
 * The two load figures an A/B comparison gates on, from one fresh container driven as the load
 * part drives it (same warm-up, fixed rate and capacity search, without the Gatling runs).
 *
 * @param p99Micros the median of the fixed-rate run's window p99s
 * @param capacityPerSecond the highest rate whose p99 stayed within the objective
 */
public record LoadFigures(double p99Micros, double capacityPerSecond) {

  public static LoadFigures measure(CellLauncher launcher, Cell cell, LoadSettings settings)
      throws CellLaunchException, InterruptedException {
    try (RunningCell running = launcher.startPinned(cell)) {
      InetSocketAddress target = new InetSocketAddress(running.container().networkIp(), cell.app().port());
      RequestMix requests = settings.requests(cell.app());
      LoadResult fixedRate = LoadRun.warmThenMeasure(target, requests, settings);
      if (fixedRate.errorRatio() > 0.01 || fixedRate.generatorLimited()) {
        throw new IllegalStateException(cell.id() + ": the fixed-rate run is not valid (" + fixedRate.errors()
            + " errors of " + fixedRate.sent() + ", driver lag p99 " + fixedRate.generatorLag().p99Micros() + " µs)");
      }
      Capacity capacity = CapacitySearch.run(target, requests, settings, running.container()::stillRunning);
      return new LoadFigures(fixedRate.windowP99Micros().median(), capacity.ratePerSecond());
    }
  }
}
