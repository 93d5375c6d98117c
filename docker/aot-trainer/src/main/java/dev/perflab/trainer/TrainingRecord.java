package dev.perflab.trainer;

import java.util.List;

/**
 * What one training run did and cost, shipped in the AOT image next to the cache so every perf
 * result can say how its cache was made. CPU times are the kernel's count for the app JVM (and
 * anything it waited for), on every core. Written as JSON by Jackson; the harness reads it back.
 */
public record TrainingRecord(String app, List<String> command, String jvmOptions, int requests,
                      long trainingWallMillis, long trainingCpuMillis,
                      long assemblyWallMillis, long assemblyCpuMillis, long cacheBytes) {

    String summary() {
        return String.format("%s: trained on %d requests in %.1f s (CPU %.1f s), cache assembled in %.1f s (CPU %.1f s), %.1f MB",
                app, requests, trainingWallMillis / 1e3, trainingCpuMillis / 1e3, assemblyWallMillis / 1e3,
                assemblyCpuMillis / 1e3, cacheBytes / 1e6);
    }
}
