package dev.perflab.harness.environment;

import com.fasterxml.jackson.databind.JsonNode;
import dev.perflab.harness.catalog.ResourceProfile;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import dev.perflab.harness.config.EngineSettings;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The part of the environment that must match for two runs' figures to be compared: the machine,
 * the engine, the JDK in the images, the JVM flags, the limits and the pinning. Not the framework
 * versions or the commit: those are what a comparison compares.
 *
 * @param id a short hash of the fields, to tell two fingerprints apart at a glance
 */
public record EnvironmentFingerprint(String id, Map<String, String> fields) {

  public EnvironmentFingerprint {
    fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
  }

  public static EnvironmentFingerprint of(EnvironmentRecord environment) {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("kernel", environment.kernel());
    fields.put("cpuModel", environment.cpuModel());
    fields.put("hostCpuCount", String.valueOf(environment.hostCpuCount()));
    fields.put("hostMemoryBytes", String.valueOf(environment.hostMemoryBytes()));
    fields.put("dockerVersion", environment.dockerVersion());
    fields.put("cgroupVersion", environment.cgroupVersion());
    fields.put("cgroupDriver", environment.cgroupDriver());
    fields.put("imageJdkVersion", environment.imageJdkVersion());
    fields.put("jvmFlags", String.join(" ", environment.jvmFlags()));
    fields.put("profiles", environment.profiles().stream()
        .map(EnvironmentFingerprint::profile).collect(Collectors.joining(", ")));
    fields.put("measuredCpuset", environment.measuredCpuset());
    fields.put("harnessCpuset", environment.harnessCpuset());
    // Only another engine is named: a local run's fingerprint stays what it was before there were two engines.
    if (!environment.engineDescription().equals(EngineSettings.LOCAL_DESCRIPTION)) {
      fields.put("engine", environment.engineDescription());
    }
    return of(fields);
  }

  /** As results.json stores it; empty fields if a file written before fingerprints has none. */
  public static EnvironmentFingerprint read(JsonNode fingerprint) {
    Map<String, String> fields = new LinkedHashMap<>();
    JsonNode stored = fingerprint == null ? null : fingerprint.get("fields");
    if (stored != null) {
      stored.properties().forEach(field -> fields.put(field.getKey(), field.getValue().asText()));
    }
    return of(fields);
  }

  private static EnvironmentFingerprint of(Map<String, String> fields) {
    String joined = fields.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining("\n"));
    try {
      byte[] hash = MessageDigest.getInstance("SHA-256").digest(joined.getBytes(StandardCharsets.UTF_8));
      return new EnvironmentFingerprint(HexFormat.of().formatHex(hash, 0, 6), fields);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  /** "cpuModel: 'X' then, 'Y' now", one per field that differs (or is missing on one side). */
  public List<String> differencesFrom(EnvironmentFingerprint then) {
    List<String> differences = new ArrayList<>();
    for (Map.Entry<String, String> field : fields.entrySet()) {
      String before = then.fields.get(field.getKey());
      if (!field.getValue().equals(before)) {
        differences.add(field.getKey() + ": " + (before == null ? "not recorded" : "'" + before + "'")
            + " then, '" + field.getValue() + "' now");
      }
    }
    return differences;
  }

  private static String profile(ResourceProfile profile) {
    return profile.name() + " (" + profile.cpus() + ", " + profile.memoryMebibytes() + " MiB)";
  }
}
