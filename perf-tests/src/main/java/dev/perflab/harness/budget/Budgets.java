package dev.perflab.harness.budget;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.GatlingScenario;
import dev.perflab.harness.config.ConfigFileException;
import dev.perflab.harness.config.StrictYaml;
import dev.perflab.harness.result.CellResult;
import dev.perflab.harness.result.LaunchSample;
import dev.perflab.harness.environment.ReferenceRuns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The human-edited budgets file: one entry per cell ({@code app/mode/profile}), each with every
 * field of {@link Budget}, and one per load cell Gatling runs against (apps that answer the
 * perflab contract) and Gatling simulation ({@link GatlingBudget}).
 * A cell of the catalog without a budget, a budget for a cell the catalog does not have, an
 * unknown key or a wrong type each fail loading, naming the file, the line and the field.
 */
public record Budgets(Map<String, Double> machineReferenceMillis, Map<String, Budget> cells,
    Map<String, Map<String, GatlingBudget>> gatling) {

  private static final ObjectMapper YAML_TREE = new ObjectMapper(new YAMLFactory());

  public Budgets {
    machineReferenceMillis = machineReferenceMillis == null ? Map.of() : Map.copyOf(machineReferenceMillis);
    cells = Map.copyOf(StrictYaml.required(cells, "cells"));
    gatling = gatling == null ? Map.of() : Map.copyOf(gatling);
  }

  /**
   * This machine against the budgets' under {@code profile}: the run's machine reference over the
   * figure this file carries for the profile.
   */
  public MachineFactor factor(String profile, ReferenceRuns now) {
    Double then = machineReferenceMillis.get(profile);
    if (then == null) {
      throw new IllegalStateException("the budgets carry no machine reference for profile " + profile);
    }
    return MachineFactor.of(now, then);
  }

  /**
   * The budgets a run asserts, or empty for a first run that asserts none: no file given, or a
   * file without a single budget ({@code cells: {}}). Then every cell is measured and reported, and
   * the run proposes budgets from its medians ({@link RecordedBudgets}).
   */
  public static Optional<Budgets> forRun(Path file, Catalog catalog) {
    if (file == null) {
      return Optional.empty();
    }
    Budgets budgets = load(file, catalog);
    return budgets.cells().isEmpty() && budgets.gatling().isEmpty() ? Optional.empty() : Optional.of(budgets);
  }

  public static Budgets load(Path file, Catalog catalog) {
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the budgets file " + file.toAbsolutePath(), e);
    }
    return parse(text, file.toString(), catalog.cells(), catalog.gatlingCells().stream().map(Cell::id).toList(),
        catalog.load().gatling().stream().filter(GatlingScenario::budgeted).map(GatlingScenario::name).toList());
  }

  /** The Gatling budget of {@code simulation} against load cell {@code cellId}, or null if it has none. */
  public GatlingBudget gatling(String cellId, String simulation) {
    return gatling.getOrDefault(cellId, Map.of()).get(simulation);
  }

  static Budgets parse(String yaml, String source, List<Cell> catalogCells, List<String> gatlingCellIds,
      List<String> simulations) {
    Budgets budgets = StrictYaml.read(withMachineReference(yaml), source, Budgets.class);
    if (budgets.cells().isEmpty() && budgets.gatling().isEmpty()) {
      return budgets;
    }
    List<String> known = catalogCells.stream().map(Cell::id).toList();
    for (String cellId : new TreeMap<>(budgets.cells()).keySet()) {
      if (!known.contains(cellId)) {
        throw new ConfigFileException(source, lineOf(yaml, cellId), "cells." + cellId,
            "no such cell in the catalog; cells are " + known + ". A budgets file belongs to one catalog: with"
            + " perflab.catalog, give your own perflab.budgets.file too");
      }
    }
    for (String cellId : known) {
      if (!budgets.cells().containsKey(cellId)) {
        throw new ConfigFileException(source, lineOf(yaml, "cells"), "cells",
            "no budget for cell '" + cellId + "'; every cell of the catalog needs one. For a first run"
            + " that measures without asserting and proposes budgets from its medians, give no budgets file"
            + " (or one with cells: {})");
      }
    }
    checkGatling(budgets, yaml, source, gatlingCellIds, simulations);
    checkMachineReference(budgets, yaml, source, catalogCells);
    return budgets;
  }

  /**
   * Time budgets mean "this fast on the machine they were set on": the file must say how fast that
   * machine ran the reference, under every profile its cells use.
   */
  private static void checkMachineReference(Budgets budgets, String yaml, String source, List<Cell> catalogCells) {
    List<String> profiles = profiles(catalogCells.stream().filter(cell -> budgets.cells().containsKey(cell.id()))
        .toList());
    if (budgets.machineReferenceMillis().isEmpty() && !budgets.cells().isEmpty()) {
      throw new ConfigFileException(source, lineOf(yaml, "machineReferenceMillis"), "machineReferenceMillis",
          "is missing: time budgets hold on the machine they were set on and are scaled to the one that runs them by"
          + " the machine reference, whose figure per profile on that day this key carries. Every run writes its"
          + " figures into the recorded-budgets.yaml of its report: take the block from a run on the machine these"
          + " budgets were set on, e.g. machineReferenceMillis: {" + profiles.stream().map(profile -> profile + ": 1200")
          .collect(Collectors.joining(", ")) + "}");
    }
    for (String profile : profiles) {
      Double millis = budgets.machineReferenceMillis().get(profile);
      if (millis == null || !(millis > 0)) {
        throw new ConfigFileException(source, lineOf(yaml, "machineReferenceMillis"), "machineReferenceMillis",
            millis == null ? "has no figure for profile '" + profile + "', which cells of the catalog use"
                : "'" + profile + "' is " + millis + "; a reference time is a positive number of milliseconds");
      }
    }
    for (String profile : new TreeMap<>(budgets.machineReferenceMillis()).keySet()) {
      if (!profiles.contains(profile)) {
        throw new ConfigFileException(source, lineOf(yaml, "machineReferenceMillis", profile),
            "machineReferenceMillis." + profile, "no cell of the catalog runs under this profile; they use " + profiles);
      }
    }
  }

  /**
   * The file's text for the strict read: one without a machine reference gets an empty one after its
   * last line, where no line number moves, so that a first run's {@code cells: {}} needs none and
   * budgets written before budgets carried one are refused by {@link #checkMachineReference} with what
   * to add, rather than by the strict read as a key merely missing.
   */
  private static String withMachineReference(String yaml) {
    JsonNode root;
    try {
      root = YAML_TREE.readTree(yaml);
    } catch (IOException e) {
      return yaml; // the strict read reports it, with its line
    }
    return root == null || !root.isObject() || root.has("machineReferenceMillis") ? yaml
        : yaml + "\nmachineReferenceMillis: {}\n";
  }

  private static List<String> profiles(List<Cell> cells) {
    return cells.stream().map(cell -> cell.profile().name()).distinct().toList();
  }

  private static void checkGatling(Budgets budgets, String yaml, String source, List<String> gatlingCellIds,
      List<String> simulations) {
    for (String cellId : new TreeMap<>(budgets.gatling()).keySet()) {
      if (!gatlingCellIds.contains(cellId)) {
        throw new ConfigFileException(source, lineOf(yaml, "gatling", cellId), "gatling." + cellId,
            "not a load cell Gatling runs against (those of apps with contract: true); they are " + gatlingCellIds);
      }
      for (String simulation : new TreeMap<>(budgets.gatling().get(cellId)).keySet()) {
        if (!simulations.contains(simulation)) {
          throw new ConfigFileException(source, lineOf(yaml, "gatling", simulation), "gatling." + cellId + "." + simulation,
              "no such simulation in the catalog's load.gatling; simulations are " + simulations);
        }
      }
    }
    for (String cellId : gatlingCellIds) {
      Map<String, GatlingBudget> bySimulation = budgets.gatling().getOrDefault(cellId, Map.of());
      for (String simulation : simulations) {
        if (!bySimulation.containsKey(simulation)) {
          throw new ConfigFileException(source, budgets.gatling().containsKey(cellId) ? lineOf(yaml, "gatling", cellId)
              : lineOf(yaml, "gatling"),
              "gatling." + cellId, "no budget for simulation '" + simulation + "'; every load cell needs one per "
              + "simulation of the catalog's load.gatling " + simulations);
        }
      }
    }
  }

  /**
   * Every budget the cell's result breaks; empty when it is within all of them. A time budget is
   * judged at its value times the machine factor.
   */
  public List<Breach> check(CellResult result, MachineFactor factor) {
    Budget budget = cells.get(result.cellId());
    List<Breach> breaches = new ArrayList<>();
    for (BudgetedMetric metric : BudgetedMetric.values()) {
      double scale = metric.scalesWithMachine() ? factor.factor() : 1;
      metric.measured(result).filter(value -> value > budget.limit(metric) * scale).ifPresent(value -> breaches.add(
          new Breach(result.cellId(), metric.checkName(), value, budget.limit(metric),
              metric.scalesWithMachine() ? factor : null, metric.metric().unit().shownAs())));
    }
    return breaches;
  }

  /**
   * Whether one budgeted metric's launches so far tell on which side of its budget the median lies
   * ({@link BudgetDecision}): with the other metric's, the startup part's cue to stop launching a cell.
   *
   * @param pooled per budgeted metric, the noise of the run's other cells' launches so far
   */
  public boolean decided(BudgetedMetric metric, String cellId, List<LaunchSample> measured, MachineFactor factor,
      Map<BudgetedMetric, BudgetDecision.Noise> pooled) {
    return decision(metric, cells.get(cellId), measured, factor, pooled.getOrDefault(metric, BudgetDecision.Noise.NONE))
        != BudgetDecision.UNDECIDED;
  }

  /**
   * The chance that the cell's time verdict is told by {@code mostLaunches} launches, the factor then
   * pinned by {@code factorRunsAtMost} reference runs ({@link BudgetDecision#chanceToDecide}).
   */
  public double chanceToDecideTime(String cellId, List<LaunchSample> measured, MachineFactor factor,
      BudgetDecision.Noise pooled, int mostLaunches, int factorRunsAtMost) {
    BudgetedMetric time = BudgetedMetric.TIME_TO_FIRST_OK;
    return BudgetDecision.chanceToDecide(time.values(measured), cells.get(cellId).limit(time), factor.factor(),
        factor.logStandardError(), factor.referenceRuns(), pooled, mostLaunches, factorRunsAtMost);
  }

  /** One budgeted metric's {@link BudgetDecision} over the launches so far. */
  public static BudgetDecision decision(BudgetedMetric metric, Budget budget, List<LaunchSample> measured,
      MachineFactor factor, BudgetDecision.Noise pooled) {
    List<Double> values = metric.values(measured);
    return metric.scalesWithMachine()
        ? BudgetDecision.of(values, budget.limit(metric), factor.factor(), factor.logStandardError(), pooled)
        : BudgetDecision.of(values, budget.limit(metric), 1, 0, pooled);
  }

  private static int lineOf(String yaml, String key) {
    return lineOf(yaml, null, key);
  }

  /** The line of {@code key}, looking only after the top-level {@code section} when one is given. */
  private static int lineOf(String yaml, String section, String key) {
    String[] lines = yaml.split("\n", -1);
    int from = section == null ? 0 : Math.max(0, lineOf(yaml, section) - 1);
    for (int i = from; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.startsWith(key + ":") || line.startsWith("\"" + key + "\":") || line.startsWith("'" + key + "':")) {
        return i + 1;
      }
    }
    return 0;
  }
}
