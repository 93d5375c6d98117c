package dev.perflab.harness.environment;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Info;
import com.github.dockerjava.api.model.Version;
import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.config.EngineSettings;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.catalog.TrainingLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Where and with what a result was measured: without it, a number cannot be compared with
 * another. Recorded with every run.
 *
 * @param imageJdkVersion the JDK inside the images (the base image's label)
 * @param gitDirty whether the checkout had uncommitted changes
 * @param machineReference how fast this machine ran the fixed reference work under each profile at the
 *     start of the run ({@code reference.MachineReference}); null where a run did not measure it
 * @param engine where the apps ran ({@code perflab.engine}): the local Docker engine, or which cluster; null in a
 *     record written before there were two engines, which ran on the local one
 * @param sweptBeforeRun what the run removed, before it measured anything, that earlier runs had left (and what of
 *     runs still running it was measured beside); empty when there was nothing, null in a record written before
 */
// The fingerprint is derived: written for a reader, worked out again when a recorded environment is read back.
@JsonIgnoreProperties(value = "fingerprint", allowGetters = true)
public record EnvironmentRecord(
    Instant recordedAt,
    String kernel,
    String cpuModel,
    int hostCpuCount,
    long hostMemoryBytes,
    String dockerVersion,
    String dockerApiVersion,
    String cgroupVersion,
    String cgroupDriver,
    String harnessJdkVersion,
    String imageJdkVersion,
    Map<String, String> frameworkVersions,
    List<ResourceProfile> profiles,
    String measuredCpuset,
    String harnessCpuset,
    List<String> jvmFlags,
    TrainingLimits aotTrainingLimits,
    String gitCommit,
    boolean gitDirty,
    List<ReferenceRuns> machineReference,
    String engine,
    List<String> sweptBeforeRun) {

  public static EnvironmentRecord capture(DockerClient docker, Catalog catalog, Path projectDir) {
    Version version = docker.versionCmd().exec();
    Info info = docker.infoCmd().exec();
    Map<String, String> frameworks = new LinkedHashMap<>();
    for (App app : catalog.apps()) {
      frameworks.put(app.framework(), app.frameworkVersion());
    }
    return new EnvironmentRecord(
        Instant.now(),
        System.getProperty("os.name") + " " + System.getProperty("os.version"),
        readCpuModel(),
        info.getNCPU(),
        readHostMemoryBytes(),
        version.getVersion(),
        version.getApiVersion(),
        String.valueOf(info.getRawValues().getOrDefault("CgroupVersion", "?")),
        String.valueOf(info.getRawValues().getOrDefault("CgroupDriver", "?")),
        Runtime.version().toString(),
        imageJdkVersion(docker, catalog.baseImage()),
        frameworks,
        catalog.profiles(),
        catalog.measuredCpuset(),
        catalog.harnessCpuset(),
        catalog.jvmFlags(),
        catalog.aotTraining(),
        git(projectDir, "rev-parse", "HEAD").transform(commit -> commit.isEmpty() ? "unknown" : commit),
        !git(projectDir, "status", "--porcelain", "--untracked-files=no").isEmpty(),
        null,
        EngineSettings.read().describe(),
        List.of());
  }

  /** The same record with the machine reference the run measured. */
  public EnvironmentRecord withMachineReference(List<ReferenceRuns> reference) {
    return new EnvironmentRecord(recordedAt, kernel, cpuModel, hostCpuCount, hostMemoryBytes, dockerVersion,
        dockerApiVersion, cgroupVersion, cgroupDriver, harnessJdkVersion, imageJdkVersion, frameworkVersions, profiles,
        measuredCpuset, harnessCpuset, jvmFlags, aotTrainingLimits, gitCommit, gitDirty, List.copyOf(reference),
        engine, sweptBeforeRun);
  }

  /** The same record with what the run swept before it measured anything. */
  public EnvironmentRecord withSweptBeforeRun(List<String> swept) {
    return new EnvironmentRecord(recordedAt, kernel, cpuModel, hostCpuCount, hostMemoryBytes, dockerVersion,
        dockerApiVersion, cgroupVersion, cgroupDriver, harnessJdkVersion, imageJdkVersion, frameworkVersions, profiles,
        measuredCpuset, harnessCpuset, jvmFlags, aotTrainingLimits, gitCommit, gitDirty, machineReference, engine,
        List.copyOf(swept));
  }

  /** Where the apps ran, as a report says it; the local engine for a record written before there were two. */
  public String engineDescription() {
    return engine == null ? EngineSettings.LOCAL_DESCRIPTION : engine;
  }

  /** Whether the apps ran as pods on a cluster (any engine but the local one). */
  public boolean onKubernetes() {
    return !engineDescription().equals(EngineSettings.LOCAL_DESCRIPTION);
  }

  /**
   * Which CPUs the apps and the harness ran on, as reports say it. On the local engine the catalog's CPUs, each
   * container pinned; on Kubernetes a pod is pinned to none (the kubelet's CPU manager leaves it so unless told) and
   * the harness does not pin itself, so the catalog's CPUs do not apply.
   */
  public String cpuPlacement() {
    if (!onKubernetes()) {
      return "measured on CPU " + measuredCpuset + ", harness on CPU " + harnessCpuset;
    }
    return "pods pinned to no CPU, each profile's CPUs their limit (= request) enforced as a CFS quota over the"
        + " kubelet's period (100 ms unless its cpuCFSQuotaPeriod says otherwise), and the harness not pinned either:"
        + " where the node is this host, pods, harness and the cluster's own processes share its " + hostCpuCount
        + " CPUs";
  }

  /** The commit's first 12 characters, as summaries name it. */
  public String shortCommit() {
    return gitCommit.length() > 12 ? gitCommit.substring(0, 12) : gitCommit;
  }

  /** What must match before two runs' figures are compared; in results.json as "fingerprint". */
  @JsonProperty("fingerprint")
  public EnvironmentFingerprint fingerprint() {
    return EnvironmentFingerprint.of(this);
  }

  private static String readCpuModel() {
    return procLine(Path.of("/proc/cpuinfo"), "model name", ":");
  }

  private static long readHostMemoryBytes() {
    String kb = procLine(Path.of("/proc/meminfo"), "MemTotal", ":").replace("kB", "").strip();
    return kb.isEmpty() || kb.equals("unknown") ? -1 : Long.parseLong(kb) * 1024;
  }

  private static String procLine(Path file, String key, String separator) {
    try {
      return Files.readAllLines(file).stream()
          .filter(line -> line.startsWith(key))
          .map(line -> line.substring(line.indexOf(separator) + 1).strip())
          .findFirst()
          .orElse("unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  private static String imageJdkVersion(DockerClient docker, String baseImage) {
    try {
      Map<String, String> labels = docker.inspectImageCmd(baseImage).exec().getConfig().getLabels();
      return labels == null ? "unknown" : labels.getOrDefault("dev.perflab.jdk.version", "unknown");
    } catch (RuntimeException e) {
      return "unknown (" + baseImage + " not found)";
    }
  }

  /** A git answer, or "" outside a checkout (e.g. a source tarball). */
  private static String git(Path dir, String... args) {
    try {
      List<String> command = new ArrayList<>(List.of("git"));
      command.addAll(List.of(args));
      Process process = new ProcessBuilder(command).directory(dir.toFile())
          .redirectErrorStream(true).start();
      String out = new String(process.getInputStream().readAllBytes()).strip();
      return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0 ? out : "";
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }
}
