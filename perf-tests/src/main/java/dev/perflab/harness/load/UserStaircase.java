package dev.perflab.harness.load;

import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.result.ClosedLoadResult;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A closed model's staircase: populations of users one after another, each a run of its own, until the
 * last, or until a step's p95 passes {@code stopP95Millis} or its error ratio {@code stopErrorRatio}.
 */
public final class UserStaircase {

  /**
   * @param steps the runs, in order
   * @param stoppedBecause why the staircase ended before its last step; null if it ran them all
   */
  public record Result(List<ClosedLoadResult> steps, String stoppedBecause) {

    public Result {
      steps = List.copyOf(steps);
    }
  }

  private UserStaircase() {}

  public static Result run(InetSocketAddress target, RequestMix requests, ClosedModel model, List<Integer> users,
      double stopP95Millis, double stopErrorRatio) throws InterruptedException {
    List<ClosedLoadResult> steps = new ArrayList<>();
    for (int count : users) {
      ClosedLoadResult step = ClosedLoop.run(target, requests, model.withUsers(count));
      steps.add(step);
      double p95Millis = step.latency().p95Micros() / 1000.0;
      if (p95Millis > stopP95Millis || step.errorRatio() > stopErrorRatio) {
        return new Result(steps, String.format(Locale.ROOT, "at %d users: p95 %.1f ms (stop above %.1f ms), %.2f %%"
            + " errors (stop above %.2f %%)", count, p95Millis, stopP95Millis, step.errorRatio() * 100,
            stopErrorRatio * 100));
      }
    }
    return new Result(steps, null);
  }
}
