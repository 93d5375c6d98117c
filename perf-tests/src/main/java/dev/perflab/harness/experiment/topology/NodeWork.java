package dev.perflab.harness.experiment.topology;

import com.fasterxml.jackson.annotation.JacksonInject;
import dev.perflab.harness.config.StrictYaml;
import java.util.List;

/**
 * What a service does for one request type, as contract v4's {@code NODE_SPEC} states it: CPU work in
 * units of the calibrated kernel, then a wait, then its calls, one after another or all at once (fork and
 * join).
 *
 * @param workUnits the CPU work, in units of {@code unitCpuMillis} of the kernel
 * @param delayMs a wait that takes no CPU (the study's delay at Attribute); left out: 0
 * @param parallel the calls all at once, the answer when the last is in; left out: one after another
 * @param calls left out: none
 */
public record NodeWork(int workUnits, @JacksonInject(StrictYaml.ABSENT + "delayMs") Integer delayMs,
    @JacksonInject(StrictYaml.ABSENT + "parallel") Boolean parallel,
    @JacksonInject(StrictYaml.ABSENT + "calls") List<NodeCall> calls) {

  /** Contract v4's bounds, so a file is refused before any app refuses it at its first request. */
  static final int MAX_WORK_UNITS = 10_000;
  static final int MAX_DELAY_MS = 10_000;
  static final int MAX_CALLS = 16;

  public NodeWork {
    delayMs = delayMs == null ? 0 : delayMs;
    parallel = parallel != null && parallel;
    calls = calls == null ? List.of() : List.copyOf(calls);
    if (workUnits < 0 || workUnits > MAX_WORK_UNITS) {
      throw new IllegalArgumentException("'workUnits' must be between 0 and " + MAX_WORK_UNITS + ", got " + workUnits);
    }
    if (delayMs < 0 || delayMs > MAX_DELAY_MS) {
      throw new IllegalArgumentException("'delayMs' must be between 0 and " + MAX_DELAY_MS + ", got " + delayMs);
    }
    if (calls.size() > MAX_CALLS) {
      throw new IllegalArgumentException("'calls' holds at most " + MAX_CALLS + " calls, got " + calls.size());
    }
  }

  /** Whether its calls fork and join: more than one, at once. */
  boolean forks() {
    return parallel && calls.size() > 1;
  }
}
