package dev.perflab.harness.launch;

import java.nio.file.Path;
import java.time.Instant;

/**
 * A launch recorded by the JVM's flight recorder from its start: the recording on the host, and when the launch
 * first answered 200 (the end of the start the recording is read up to).
 */
public record RecordedStart(Path recording, Instant firstOk, double timeToFirstOkMillis) {}
