package dev.perflab.harness.result;

import java.util.Map;

/**
 * What one flight recording saw of a start, up to its first OK: execution samples counted per method, and the
 * allocation samples' weight (bytes) per allocation site. A sample is counted at its nearest frame outside the
 * JDK, so the class loading or reflection a library's code sets off is that code's, not {@code defineClass1}'s.
 *
 * @param executionSamples every execution sample before the first OK
 * @param allocationSampledBytes the weight of every allocation sample before the first OK: an estimate of the bytes
 *     allocated, from JFR's throttled samples
 * @param allocationSamplesBySite how many allocation samples each site's bytes rest on
 */
public record StartupProfile(long executionSamples, Map<String, Long> samplesByMethod, long allocationSampledBytes,
    Map<String, Long> allocatedBytesBySite, Map<String, Long> allocationSamplesBySite) {

  public StartupProfile {
    samplesByMethod = Map.copyOf(samplesByMethod);
    allocatedBytesBySite = Map.copyOf(allocatedBytesBySite);
    allocationSamplesBySite = Map.copyOf(allocationSamplesBySite);
  }
}
