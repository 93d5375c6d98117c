package dev.perflab.harness.experiment.replication;

/**
 * HAProxy's statistics for one backend server (or the backend itself, {@code server} "BACKEND") over one run:
 * its counters are what the run added, its status and maxima as HAProxy gave them at the run's end.
 *
 * @param status UP, DOWN, MAINT, ... at the run's end
 * @param sessionsMax the most sessions at once since the set started
 * @param queueMax the longest queue since the set started
 * @param retries connection retries during the run
 * @param redispatches requests sent to another server after a failure
 * @param responseTimeMillis HAProxy's average response time over its last 1,024 requests
 * @param checksDown how many times its health checks took it from UP to DOWN during the run
 */
record ServerRow(String configuration, int run, String backend, String server, String status, long sessions,
    long sessionsMax, long queueMax, long retries, long redispatches, long connectionErrors, long responseErrors,
    long responses4xx, long responses5xx, long responseTimeMillis, long checksDown, long downtimeSeconds) {}
