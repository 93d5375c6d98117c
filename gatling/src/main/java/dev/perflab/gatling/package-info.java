/**
 * Gatling load simulations (Java DSL) over workload contract v1 + v2, and the small API the
 * perf-test harness uses to run them in a JVM of their own and read the results.
 *
 * <p>The simulations, each sending the weighted {@link dev.perflab.gatling.Contract contract}
 * mix with body checks: {@link dev.perflab.gatling.Steady} (open model, constant arrival rate),
 * {@link dev.perflab.gatling.Ramp} (open model, rising staircase, stops itself when the recent
 * p95 or error rate breaks a limit), {@link dev.perflab.gatling.Spike} (open model, base rate
 * with bursts, statistics per phase) and {@link dev.perflab.gatling.Stress} (closed model, fixed
 * concurrency, no think time). Apart from the mix, {@link dev.perflab.gatling.Sessions} (open
 * model, ramp then constant rate) runs user sessions of five requests, each after its CORS
 * preflight, over the users resource (contract v2) and a service node (contract v4): the ShellOnYou
 * study's scenario R. They take
 * their settings from {@code perflab.*} system properties ({@link dev.perflab.gatling.Parameters}),
 * each listed in its class's comment.
 *
 * <p>For the harness: {@link dev.perflab.gatling.GatlingCommand} builds the command line of the
 * forked run, {@link dev.perflab.gatling.GatlingReport} reads its report,
 * {@link dev.perflab.gatling.RampOutcome} reads why a Ramp ended and
 * {@link dev.perflab.gatling.SessionOutcome} what a Sessions run counted, with the study's figures.
 */
package dev.perflab.gatling;
