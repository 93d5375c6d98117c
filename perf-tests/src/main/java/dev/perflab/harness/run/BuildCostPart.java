package dev.perflab.harness.run;

import dev.perflab.harness.build.ModeBuild;
import dev.perflab.harness.report.BuildCostTable;
import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.result.BuildCost;
import dev.perflab.harness.result.Check;
import dev.perflab.harness.result.Outcome;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Timed, uncached builds of every app in every mode ({@code perflab.build.repetitions} each). Runs
 * before any lab opens: a lab's sweep would remove an AOT build's training database. Each build
 * leaves its mode's image rebuilt, and the parts after it measure those.
 */
public final class BuildCostPart implements Part {

  @Override
  public String name() {
    return "builds";
  }

  /** About 45 s a build of one app in one mode (AOT training included), from the reference runs. */
  @Override
  public Duration estimate(RunContext run) {
    long builds = run.catalog().apps().stream().filter(app -> app.module() != null)
        .mapToLong(app -> app.images().size()).sum();
    return Duration.ofSeconds(45L * builds * run.config().buildRepetitions());
  }

  @Override
  public PartResult run(RunContext run) {
    return new Result(new ModeBuild(run.catalog(), run.config().projectDir(), run.reportDir().resolve("build-logs"),
        run.images()).measureAll(run.config().buildRepetitions()));
  }

  /** A build cost per app and mode. */
  public record Result(List<BuildCost> buildCosts) implements PartResult {

    public Result {
      buildCosts = List.copyOf(buildCosts);
    }

    @Override
    public Map<String, Object> json() {
      return Map.of("buildCosts", buildCosts);
    }

    @Override
    public String markdown() {
      StringBuilder md = new StringBuilder();
      BuildCostTable.append(md, buildCosts);
      return md.toString();
    }

    /** The page leaves build costs to summary.md, as it says at its top. */
    @Override
    public void html(HtmlPage page) {}

    @Override
    public List<Check> checks() {
      return buildCosts.stream().map(cost -> {
        String name = "build " + cost.app() + "/" + cost.mode();
        return Check.of(name, cost.outcome(), failed -> name);
      }).toList();
    }

    @Override
    public List<String> problems() {
      return buildCosts.stream().map(BuildCost::outcome).filter(Outcome.Failed.class::isInstance)
          .map(failed -> ((Outcome.Failed) failed).describe()).toList();
    }
  }
}
