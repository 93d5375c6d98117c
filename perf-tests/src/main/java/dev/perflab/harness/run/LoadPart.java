package dev.perflab.harness.run;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.LoadSettings;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.load.LoadRun;
import dev.perflab.harness.report.LoadTable;
import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.report.html.PerfRunHtml;
import dev.perflab.harness.result.CellLoad;
import dev.perflab.harness.result.Check;
import dev.perflab.harness.result.Outcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every app in the catalog's load modes, under the load profile, one cell after another (never two
 * at once): warmed up, driven at a fixed rate by the open-model driver, then searched for capacity.
 */
public final class LoadPart implements Part {

  @Override
  public String name() {
    return "load";
  }

  @Override
  public boolean inDefaultRun() {
    return true;
  }

  /**
   * Per cell: a start, the warm-up, the settle and the measured time; with the capacity search,
   * about 90 s more (100 s, and the warm-up before it, where the rate follows from it).
   */
  @Override
  public Duration estimate(RunContext run) {
    Duration total = Duration.ZERO;
    for (Cell cell : run.catalog().loadCells()) {
      if (run.images().find(cell.image()).isEmpty()) {
        continue;
      }
      LoadSettings settings = run.catalog().load().forCell(cell);
      Duration fixed = Duration.ofSeconds(10).plus(settings.warmup()).plus(LoadSettings.SETTLE).plus(settings.measure());
      total = total.plus(fixed);
      if (settings.rateFromCapacity()) {
        total = total.plus(Duration.ofSeconds(100)).plus(settings.warmup());
      } else if (run.config().full()) {
        total = total.plus(Duration.ofSeconds(90));
      }
    }
    return total;
  }

  @Override
  public PartResult run(RunContext run) {
    LoadSettings settings = run.catalog().load();
    List<CellLoad> loads = new ArrayList<>();
    try (Lab lab = run.openLab()) {
      for (Cell cell : run.catalog().loadCells()) {
        loads.add(LoadRun.drive(lab, cell, settings, run.config().full()));
      }
    }
    return new Result(settings, run.catalog().profile(settings.profile()), loads);
  }

  /** Every load cell, driven or not. */
  public record Result(LoadSettings loadSettings, ResourceProfile profile, List<CellLoad> loads) implements PartResult {

    public Result {
      loads = List.copyOf(loads);
    }

    @Override
    public Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("loadSettings", loadSettings);
      json.put("loads", loads);
      return json;
    }

    @Override
    public String markdown() {
      StringBuilder md = new StringBuilder();
      LoadTable.append(md, loadSettings, loads);
      return md.toString();
    }

    @Override
    public void html(HtmlPage page) {
      PerfRunHtml.load(page, loadSettings, profile, loads);
    }

    /** A cell is driven validly when it ran and its fixed-rate run is valid ({@code LoadResult#invalidity}). */
    @Override
    public List<Check> checks() {
      return loads.stream().map(load -> {
        String name = "load " + load.cellId();
        if (!load.outcome().measured()) {
          return Check.of(name, load.outcome(), failed -> name + ": " + failed.reason());
        }
        return load.fixedRate().invalidity()
            .map(why -> Check.failed(name, name + ": " + why, load.cellId() + ": " + why))
            .orElse(Check.passed(name));
      }).toList();
    }

    @Override
    public List<String> problems() {
      List<String> problems = new ArrayList<>();
      for (CellLoad load : loads) {
        if (load.outcome() instanceof Outcome.Failed failed) {
          problems.add(failed.describe());
        }
        if (load.exitedUnderOverload() != null) {
          problems.add("load " + load.cellId() + ": a container died during the capacity search (the rate it died"
              + " at counts as missed; the search went on in " + load.capacity().freshContainers()
              + " fresh container(s), and found " + LoadTable.capacity(load.capacity()) + "/s): "
              + load.exitedUnderOverload());
        }
      }
      return problems;
    }

    @Override
    public Optional<String> passed() {
      return Optional.of(loads.stream().filter(load -> load.outcome().measured()).count()
          + " load cell(s) driven validly");
    }
  }
}
