package dev.perflab.harness.model;

import java.util.Arrays;
import java.util.List;

/**
 * The path one request of a class takes: station visits in sequence, where a step may fork into
 * parallel branches that must all finish before the request goes on (a gateway that calls three
 * services at once and answers when the last one has). A branch is a route itself, so forks nest.
 *
 * @param steps in order
 */
public record Route(List<Step> steps) {

  /** One step of a route. */
  public sealed interface Step permits Visit, Fork {}

  /** A visit to a station, receiving service there. */
  public record Visit(String station) implements Step {

    public Visit {
      if (station == null || station.isBlank()) {
        throw new IllegalArgumentException("a visit needs a station name");
      }
    }
  }

  /** Parallel branches, joined: the step ends when the slowest branch does. */
  public record Fork(List<Route> branches) implements Step {

    public Fork {
      branches = List.copyOf(branches);
      if (branches.size() < 2) {
        throw new IllegalArgumentException("a fork needs two branches or more, not " + branches.size());
      }
    }
  }

  public Route {
    steps = List.copyOf(steps);
  }

  public static Route of(Step... steps) {
    return new Route(Arrays.asList(steps));
  }

  /** Visits of the stations one after the other. */
  public static Route through(String... stations) {
    return new Route(Arrays.stream(stations).<Step>map(Visit::new).toList());
  }

  public static Visit visit(String station) {
    return new Visit(station);
  }

  public static Fork fork(Route... branches) {
    return new Fork(Arrays.asList(branches));
  }

  /** How many times the route visits the station, in all branches. */
  public int visitsTo(String station) {
    int visits = 0;
    for (Step step : steps) {
      visits += switch (step) {
        case Visit visit -> visit.station().equals(station) ? 1 : 0;
        case Fork fork -> fork.branches().stream().mapToInt(branch -> branch.visitsTo(station)).sum();
      };
    }
    return visits;
  }
}
