package dev.perflab.harness.budget;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.GatlingScenario;
import dev.perflab.harness.config.ConfigFileException;
import dev.perflab.harness.config.StrictYaml;
import dev.perflab.harness.result.CellResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The human-edited budgets file: one entry per cell ({@code app/mode/profile}), each with every
 * field of {@link Budget}, and one per load cell Gatling runs against (apps that answer the
 * perflab contract) and Gatling simulation ({@link GatlingBudget}).
 * A cell of the catalog without a budget, a budget for a cell the catalog does not have, an
 * unknown key or a wrong type each fail loading, naming the file, the line and the field.
 */
public record Budgets(Map<String, Budget> cells, Map<String, Map<String, GatlingBudget>> gatling) {

  public Budgets {
    cells = Map.copyOf(StrictYaml.required(cells, "cells"));
    gatling = gatling == null ? Map.of() : Map.copyOf(gatling);
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
    Budgets budgets = StrictYaml.read(yaml, source, Budgets.class);
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
    return budgets;
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

  /** Every budget the cell's result breaks; empty when it is within all of them. */
  public List<Breach> check(CellResult result) {
    Budget budget = cells.get(result.cellId());
    List<Breach> breaches = new ArrayList<>();
    for (BudgetedMetric metric : BudgetedMetric.values()) {
      metric.measured(result).filter(value -> value > budget.limit(metric)).ifPresent(value -> breaches.add(
          new Breach(result.cellId(), metric.checkName(), value, budget.limit(metric),
              metric.metric().unit().shownAs())));
    }
    return breaches;
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
