package dev.perflab.trainer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * CPU time of this process's reaped children, from {@code /proc/self/stat} (cutime + cstime):
 * what a child JVM and everything it waited for used, on every core, counted by the kernel.
 * The JDK has no API for a finished child's CPU time.
 */
final class ChildCpu {

    /** Linux's USER_HZ, the unit of /proc/[pid]/stat times, is 100 on every architecture the JDK runs on. */
    private static final int TICKS_PER_SECOND = 100;

    private ChildCpu() {
    }

    static Duration ofThisProcess() throws IOException {
        return parse(Files.readString(Path.of("/proc/self/stat")));
    }

    /**
     * Fields 16 and 17 of a stat line. The command name (field 2) is in parentheses and may hold
     * spaces, so fields are counted from the last ')'.
     */
    static Duration parse(String statLine) {
        String[] afterName = statLine.substring(statLine.lastIndexOf(')') + 2).trim().split(" ");
        // afterName[0] is field 3 (state): field n is afterName[n - 3].
        long ticks = Long.parseLong(afterName[16 - 3]) + Long.parseLong(afterName[17 - 3]);
        return Duration.ofMillis(ticks * 1000 / TICKS_PER_SECOND);
    }
}
