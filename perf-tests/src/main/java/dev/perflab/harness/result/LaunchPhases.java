package dev.perflab.harness.result;

/**
 * Where one launch's wall time went, beside the first OK it measured: what a launch costs beyond its
 * measurement decides how many launches fit in a comparison's minutes.
 *
 * @param databaseCreateMillis creating the launch's fresh database (0 for an app without one)
 * @param containerCreateMillis from asking for the container to Docker's start call (image checks and
 *     the create call)
 * @param readingsMillis after the first OK: the AOT cache check and reading the log
 * @param warmupMillis the warm-up requests before the second memory reading
 * @param limitsCheckMillis proving the limits from inside (a JVM run in the container); 0 where the
 *     launch did not run it
 * @param removalMillis removing the container and dropping its database
 * @param wallMillis the whole launch, first OK included
 * @param jvmCountersReadMillis of that, reading the JVM's counters (at the first OK, after it is timed, and after the
 *     warm-up): what they add to a launch; null where the engine did not read them from the host
 */
public record LaunchPhases(
    double databaseCreateMillis,
    double containerCreateMillis,
    double readingsMillis,
    double warmupMillis,
    double limitsCheckMillis,
    double removalMillis,
    double wallMillis,
    Double jvmCountersReadMillis) {}
