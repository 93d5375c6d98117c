package dev.perflab.harness.catalog;

import static dev.perflab.harness.config.StrictYaml.required;

import com.fasterxml.jackson.annotation.JacksonInject;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.perflab.harness.config.StrictYaml;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Everything a perf run can measure, read from {@code catalog.yaml}: the apps, modes and
 * resource profiles whose product is the set of cells, plus what every cell shares.
 *
 * @param balancer the load balancer a container set may run in front of its replicas; empty when the
 *     catalog leaves {@code balancer:} out (a catalog of one's own need not have one)
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
    Registry registry,
    @JacksonInject(StrictYaml.ABSENT + "balancer") @JsonDeserialize(using = Balancer.IfPresent.class)
    Optional<Balancer> balancer,
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
    required(registry, "registry");
    balancer = balancer == null ? Optional.empty() : balancer;
    required(load, "load");
    checkReferences(apps, modes, profiles, load);
  }

  /** Names that point elsewhere in the catalog must resolve: said here, at load, with the field. */
  private static void checkReferences(List<App> apps, List<Mode> modes, List<ResourceProfile> profiles,
      LoadSettings load) {
    List<String> modeNames = modes.stream().map(Mode::name).toList();
    for (int i = 0; i < apps.size(); i++) {
      for (String mode : new TreeSet<>(apps.get(i).images().keySet())) {
        if (!modeNames.contains(mode)) {
          throw new IllegalArgumentException("apps[" + i + "].images: no mode '" + mode + "'; modes are " + modeNames);
        }
      }
    }
    List<String> profileNames = profiles.stream().map(ResourceProfile::name).toList();
    for (int i = 0; i < apps.size(); i++) {
      App app = apps.get(i);
      for (String profile : app.profiles() == null ? List.<String>of() : app.profiles()) {
        if (!profileNames.contains(profile)) {
          throw new IllegalArgumentException("apps[" + i + "].profiles: no profile '" + profile + "'; profiles are "
              + profileNames);
        }
      }
      for (String mode : app.load() == null ? List.<String>of() : List.copyOf(app.load().byMode().keySet())) {
        if (!app.images().containsKey(mode)) {
          throw new IllegalArgumentException("apps[" + i + "].load.byMode: no image for mode '" + mode + "'; the app"
              + " has images for " + new TreeSet<>(app.images().keySet()));
        }
      }
    }
    if (apps.stream().map(App::name).distinct().count() < apps.size()) {
      throw new IllegalArgumentException("apps: every app needs a name of its own, got "
          + apps.stream().map(App::name).toList());
    }
    for (String mode : load.modes()) {
      if (!modeNames.contains(mode)) {
        throw new IllegalArgumentException("load.modes: no mode '" + mode + "'; modes are " + modeNames);
      }
    }
    if (profiles.stream().noneMatch(p -> p.name().equals(load.profile()))) {
      throw new IllegalArgumentException("load.profile: no profile '" + load.profile() + "'; profiles are "
          + profiles.stream().map(ResourceProfile::name).toList());
    }
  }

  /** Every app x mode x profile for which the app has an image in that mode, under the profiles it is measured under. */
  public List<Cell> cells() {
    List<Cell> cells = new ArrayList<>();
    for (App app : apps) {
      for (Mode mode : modes) {
        if (app.imageFor(mode) == null) {
          continue;
        }
        for (ResourceProfile profile : profiles) {
          if (app.measuredUnder(profile)) {
            cells.add(new Cell(app, mode, profile));
          }
        }
      }
    }
    return List.copyOf(cells);
  }

  /**
   * The cells the load part drives: every app in each load mode it has an image for, under the
   * load profile (or, for an app not measured under it, the first of its own).
   */
  public List<Cell> loadCells() {
    ResourceProfile loadProfile = profile(load.profile());
    List<Cell> cells = new ArrayList<>();
    for (App app : apps) {
      ResourceProfile profile = app.measuredUnder(loadProfile) ? loadProfile : profile(app.profiles().getFirst());
      for (String modeName : load.modes()) {
        Mode mode = mode(modeName);
        if (app.imageFor(mode) != null) {
          cells.add(new Cell(app, mode, profile));
        }
      }
    }
    return List.copyOf(cells);
  }

  /** The load cells the Gatling simulations run against: those of apps that answer the perflab contract. */
  public List<Cell> gatlingCells() {
    return loadCells().stream().filter(cell -> cell.app().contract()).toList();
  }

  /** Whether any app of the catalog calls {@code service}: a lab starts it only then. */
  public boolean uses(LabService service) {
    return apps.stream().anyMatch(app -> app.uses(service));
  }

  /** The image the lab runs {@code service} from. */
  public String image(LabService service) {
    return switch (service) {
      case DATABASE -> database.image();
      case DOWNSTREAM -> downstream.image();
    };
  }

  /** The balancer's image, for a set that runs one; a catalog without {@code balancer:} cannot. */
  public String balancerImage() {
    return balancer.orElseThrow(() -> new IllegalStateException("the catalog names no balancer image (balancer: {image:"
        + " ...}); the bundled catalog's is perflab/haproxy:2.6, built by ./mvnw -pl docker/haproxy package")).image();
  }

  public App app(String name) {
    return apps.stream()
        .filter(a -> a.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no app '" + name + "' in the catalog; it has "
            + apps.stream().map(App::name).toList()));
  }

  /**
   * This catalog with {@code option} after its JVM options, for every container: an experiment that
   * reads what the JVM logs adds the logging, the same for every app.
   */
  public Catalog withJvmOption(String option) {
    return new Catalog(jvmOptions.strip() + " " + option, aotTraining, baseImage, measuredCpuset, harnessCpuset,
        apps, modes, profiles, downstream, database, registry, balancer, load);
  }

  /**
   * The same catalog whose apps do not call {@code service}: a lab opened with it does not start that
   * service, and no container is told of it.
   */
  public Catalog without(LabService service) {
    return new Catalog(jvmOptions, aotTraining, baseImage, measuredCpuset, harnessCpuset,
        apps.stream().map(app -> app.without(service)).toList(), modes, profiles, downstream, database, registry, balancer,
        load);
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
}
