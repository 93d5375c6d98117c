package dev.perflab.harness.result;

/**
 * The work a JVM has counted itself since it started, as its performance counters (the hsperfdata file HotSpot
 * writes unless {@code -XX:-UsePerfData}) held it at one moment: read from outside, without attaching. Counts of
 * classes and their bytes are deterministic for a given start path; times and compilations vary with scheduling.
 * Bytes allocated are not among them (HotSpot keeps no running total there).
 *
 * @param classesLoaded every class loaded, from the CDS archive or AOT cache included
 * @param classesLoadedFromCds of those, classes mapped from the CDS archive or AOT cache rather than parsed
 * @param classBytes bytes of class data (metadata) of the loaded classes
 * @param classLoadingMillis time the class loader spent loading, linking and initialising, summed over threads
 * @param jitCompiles methods the JIT compilers compiled (C1 and C2 together: the counters do not split them)
 * @param jitCompileMillis the compilers' time, summed over their threads
 * @param gcPauses collection pauses, every collector's
 * @param gcPauseMillis their time
 * @param threadsStarted Java threads started
 */
public record JvmCounters(
    long classesLoaded,
    long classesLoadedFromCds,
    long classesUnloaded,
    long classBytes,
    double classLoadingMillis,
    long jitCompiles,
    double jitCompileMillis,
    long gcPauses,
    double gcPauseMillis,
    long safepoints,
    double safepointMillis,
    long threadsStarted) {}
