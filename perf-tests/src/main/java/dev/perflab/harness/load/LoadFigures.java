package dev.perflab.harness.load;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.LoadSettings;
import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.CellLauncher;
import dev.perflab.harness.launch.RunningCell;
import dev.perflab.harness.result.Capacity;
import dev.perflab.harness.result.LoadResult;
import java.net.InetSocketAddress;

/**
 * The two load figures an A/B comparison gates on, from one fresh container driven as the load
 * part drives it (same warm-up, fixed rate and capacity search, the cell's own rates). A cell whose
 * fixed rate follows from its capacity is searched first and measured at that share of its own
 * capacity, in the same container: each side at the same share of what it sustains.
 *
 * @param p99Micros the median of the fixed-rate run's window p99s
 * @param capacityPerSecond the highest rate whose p99 stayed within the objective
 */
public record LoadFigures(double p99Micros, double capacityPerSecond) {

  public static LoadFigures measure(CellLauncher launcher, Cell cell, LoadSettings catalogSettings)
      throws CellLaunchException, InterruptedException {
    LoadSettings settings = catalogSettings.forCell(cell);
    try (RunningCell running = launcher.startPinned(cell)) {
      InetSocketAddress target = running.address();
      RequestMix requests = settings.requests(cell.app());
      Capacity capacity = null;
      if (settings.rateFromCapacity()) {
        LoadRun.warmUp(target, requests, settings);
        CapacitySearch search = CapacitySearch.from(settings.warmupRatePerSecond(), requests, settings);
        capacity = search.continueOn(target, running.replica()::stillRunning).orElseGet(search::endedByDeath);
        settings = settings.withFixedRate((int) Math.max(1, settings.rateAtShareOf(capacity.ratePerSecond())));
      }
      LoadResult fixedRate = LoadRun.warmThenMeasure(target, requests, settings);
      fixedRate.invalidity().ifPresent(why -> {
        throw new IllegalStateException(cell.id() + ": the fixed-rate run is not valid: " + why);
      });
      if (capacity == null) {
        capacity = CapacitySearch.run(target, requests, settings, running.replica()::stillRunning);
      }
      return new LoadFigures(fixedRate.windowP99Micros().median(), capacity.ratePerSecond());
    }
  }
}
