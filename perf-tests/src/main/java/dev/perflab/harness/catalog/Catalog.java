package dev.perflab.harness.catalog;

import static dev.perflab.harness.config.StrictYaml.required;

import dev.perflab.harness.load.LoadSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Everything a perf run can measure, read from {@code catalog.yaml}: the apps, modes and
 * resource profiles whose product is the set of cells, plus what every cell shares.
 */
public record Catalog(
    String jvmOptions,
    TrainingLimits aotTraining,
    String baseImage,
    String measuredCpuset,
    String harnessCpuset,
    List<App> apps,
    List<Mode> modes,
    List<ResourceProfile> profiles,
    Downstream downstream,
    Database database,
    LoadSettings load) {

  public Catalog {
    required(jvmOptions, "jvmOptions");
    required(aotTraining, "aotTraining");
    required(baseImage, "baseImage");
    required(measuredCpuset, "measuredCpuset");
    required(harnessCpuset, "harnessCpuset");
    apps = List.copyOf(required(apps, "apps"));
    modes = List.copyOf(required(modes, "modes"));
    profiles = List.copyOf(required(profiles, "profiles"));
    required(downstream, "downstream");
    required(database, "database");
    required(load, "load");
  }

  /** Every app x mode x profile for which the app has an image in that mode. */
  public List<Cell> cells() {
    List<Cell> cells = new ArrayList<>();
    for (App app : apps) {
      for (Mode mode : modes) {
        if (app.imageFor(mode) == null) {
          continue;
        }
        for (ResourceProfile profile : profiles) {
          cells.add(new Cell(app, mode, profile));
        }
      }
    }
    return List.copyOf(cells);
  }

  /** The cells the load part drives: every app in the load modes, under the load profile. */
  public List<Cell> loadCells() {
    ResourceProfile profile = profile(load.profile());
    List<Cell> cells = new ArrayList<>();
    for (App app : apps) {
      for (String modeName : load.modes()) {
        cells.add(new Cell(app, mode(modeName), profile));
      }
    }
    return List.copyOf(cells);
  }

  public Mode mode(String name) {
    return modes.stream()
        .filter(m -> m.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no mode '" + name + "' in the catalog"));
  }

  public ResourceProfile profile(String name) {
    return profiles.stream()
        .filter(p -> p.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no profile '" + name + "' in the catalog"));
  }

  /** How many host CPUs {@link #measuredCpuset()} names. */
  public int measuredCpuCount() {
    return cpus(measuredCpuset).size();
  }

  /** The CPUs of a cpuset list: "1" is [1], "0-2,5" is [0, 1, 2, 5]. */
  public static List<Integer> cpus(String cpuset) {
    List<Integer> cpus = new ArrayList<>();
    for (String part : cpuset.split(",")) {
      String[] range = part.strip().split("-");
      int first = Integer.parseInt(range[0].strip());
      int last = range.length == 1 ? first : Integer.parseInt(range[1].strip());
      for (int cpu = first; cpu <= last; cpu++) {
        cpus.add(cpu);
      }
    }
    return List.copyOf(cpus);
  }

  /** {@code JDK_JAVA_OPTIONS} for every cell. */
  public String jdkJavaOptions() {
    return jvmOptions;
  }

  /** The JVM options one by one. */
  public List<String> jvmFlags() {
    return List.of(jvmOptions.strip().split("\\s+"));
  }

  /** The profile AOT caches are trained under, if one matches the training limits. */
  public Optional<ResourceProfile> trainingProfile() {
    return profiles.stream()
        .filter(p -> p.cpuQuotaMicros() == Math.round(aotTraining.cpus() * ResourceProfile.CFS_PERIOD_MICROS)
            && p.memoryMebibytes() == aotTraining.memoryMebibytes())
        .findFirst();
  }
}
