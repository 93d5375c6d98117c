package dev.perflab.harness.kill;

import com.fasterxml.jackson.databind.JsonNode;
import dev.perflab.harness.result.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.testcontainers.DockerClientFactory;

/**
 * One kill: a documented command run until a chosen moment, killed there as chosen, then the same command again,
 * uninterrupted. What it found: what the kill left on the engines once every process of the killed run had ended,
 * what the resumed run said it swept, resumed and measured again, whether it passed, and what was left after it.
 *
 * @param name how the trial's logs and report name it
 * @param command the command, as a user types it
 * @param directory where it runs
 * @param reportDir the report folder the command writes (an experiment's, resumable), or null for none
 * @param moment when to kill
 * @param occurrence at which time the moment is seen: 1 at its first (the first launch), 2 at the second (a launch
 *     after one that finished), and so on; counted by the distinct containers or lines that show it
 * @param target what to kill
 * @param compareFigures whether to run the command once more, uninterrupted into a folder of its own, and compare
 *     the resumed run's figures with its ({@link Figures}); only for a command with a report folder
 */
public record KillTrial(String name, List<String> command, Path directory, Path reportDir, KillMoment moment,
    int occurrence, KillTarget target, boolean compareFigures) {

  /** How long a killed run's remaining processes may take to end (Surefire's fork notices Maven's end in seconds). */
  static final Duration ENDS_WITHIN = Duration.ofSeconds(90);
  /** The longest a command may run before its moment or to its end. */
  static final Duration AT_MOST = Duration.ofMinutes(30);
  private static final String LAB_FAULT = " (lab fault)";

  /**
   * What the trial found.
   *
   * @param killedAfterSeconds when the kill came, from the command's start; null if the run ended before its moment
   * @param killed what was killed, with pids
   * @param lingeringAfterKill processes of the killed run still alive {@link #ENDS_WITHIN} after the kill
   * @param leftAfterKill what the killed run left labelled on the engines
   * @param pointsAfterKill the report folder's finished points after the kill (file names), and lab-faulted ones
   * @param resumeExitCode the uninterrupted run's exit code
   * @param resumeSeconds its wall time
   * @param sweptLine what it said it swept before measuring (its summary's "Before anything was measured: ...", else its
   *     log's "Before the run: ..."), or null
   * @param pointsLine its account of points ("Points: ..."), or null
   * @param resumedPoints points it took from the killed run, from its experiment.json (-1 without one)
   * @param resumedFailures of those, failures of the app's (-1 without an experiment.json)
   * @param leftAfterResume what was labelled on the engines after it
   * @param figures the resumed run's figures against the uninterrupted run's; null when not compared
   */
  public record Result(KillTrial trial, Double killedAfterSeconds, List<String> killed, List<String> lingeringAfterKill,
      List<String> leftAfterKill, List<String> pointsAfterKill, int resumeExitCode, long resumeSeconds,
      String sweptLine, String pointsLine, int resumedPoints, int resumedFailures, List<String> leftAfterResume,
      Figures.Comparison figures) {

    /** The trial's checks, each a failure message; empty when it passed. */
    public List<String> problems() {
      List<String> problems = new ArrayList<>();
      if (killedAfterSeconds == null) {
        problems.add("the run ended before the moment '" + trial.moment.description() + "': nothing was killed");
      }
      if (!lingeringAfterKill.isEmpty()) {
        problems.add("processes of the killed run still alive " + ENDS_WITHIN.toSeconds() + " s after the kill: "
            + lingeringAfterKill);
      }
      if (resumeExitCode != 0) {
        problems.add("the next run failed (exit code " + resumeExitCode + ")");
      }
      if (resumedFailures > 0) {
        problems.add("the next run resumed " + resumedFailures + " failed point(s) from the killed run");
      }
      if (!leftAfterResume.isEmpty()) {
        problems.add("left labelled after the next run: " + leftAfterResume);
      }
      if (!leftAfterKill.isEmpty() && trial.target.runsShutdownHooks()) {
        problems.add("the killed run's shutdown left labelled: " + leftAfterKill);
      }
      if (figures != null && !figures.differences().isEmpty()) {
        problems.add("figures beyond the noise of an uninterrupted run: " + figures.differences());
      }
      if (!leftAfterKill.isEmpty() && (sweptLine == null || !sweptLine.contains("removed"))) {
        problems.add("the killed run left " + leftAfterKill + " but the next run named no sweep");
      }
      return problems;
    }
  }

  /** Runs the trial from an empty report folder: the killed run, then the uninterrupted one; logs in {@code logDir}. */
  public Result run(Path logDir) throws IOException, InterruptedException {
    Files.createDirectories(logDir);
    if (reportDir != null && Files.exists(reportDir)) {
      try (Stream<Path> paths = Files.walk(reportDir)) {
        for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(path);
        }
      }
    }
    long start = System.nanoTime();
    Process process = start();
    AtomicInteger linesSeen = new AtomicInteger();
    Thread reader = read(process, logDir.resolve(name + "-killed.log"), linesSeen);
    Set<String> containersSeen = new HashSet<>();
    int appearances = 0;
    boolean showing = false;
    Double killedAfter = null;
    List<String> killed = List.of();
    try {
      var docker = DockerClientFactory.instance().client();
      long deadline = System.nanoTime() + AT_MOST.toNanos();
      while (process.isAlive() && System.nanoTime() < deadline) {
        Set<String> now = moment.seenOn(docker);
        containersSeen.addAll(now);
        if (!showing && !now.isEmpty()) {
          appearances++;
        }
        showing = !now.isEmpty();
        int seen = linesSeen.get() + (moment.countsEachContainer() ? containersSeen.size() : appearances);
        if (seen >= occurrence) {
          Thread.sleep(moment.secondsAfter() * 1000L);
          if (process.isAlive()) {
            killedAfter = (System.nanoTime() - start) / 1e9;
            killed = kill(process.toHandle());
          }
          break;
        }
        Thread.sleep(200);
      }
    } catch (RuntimeException | InterruptedException e) {
      // The trial itself failed (the engine unreachable, the tier stopped): its command must not run on alone.
      destroyTree(process);
      throw e;
    }
    List<String> lingering = awaitEnd(process.toHandle());
    reader.join(5_000);
    List<String> leftAfterKill = Leftovers.now();
    List<String> points = points();

    long resumeStart = System.nanoTime();
    Path resumeLog = logDir.resolve(name + "-resume.log");
    Process resume = start();
    Thread resumeReader = read(resume, resumeLog, new AtomicInteger());
    try {
      if (!resume.waitFor(AT_MOST.toMinutes(), TimeUnit.MINUTES)) {
        destroyTree(resume);
      }
    } catch (InterruptedException e) {
      destroyTree(resume);
      throw e;
    }
    resumeReader.join(5_000);
    long resumeSeconds = (System.nanoTime() - resumeStart) / 1_000_000_000;
    Optional<JsonNode> experiment = experimentJson();
    // A command without a report of its own (a test run, the main command here) names its sweep in its log.
    String swept = Optional.ofNullable(summaryLine("Before anything was measured:"))
        .orElseGet(() -> logLine(resumeLog, "Before the run: "));
    String pointsLine = summaryLine("Points:");
    List<String> leftAfterResume = Leftovers.now();
    Figures.Comparison figures = null;
    if (compareFigures && resume.exitValue() == 0) {
      figures = compare(logDir, points.stream().filter(point -> !point.endsWith(LAB_FAULT)).collect(
          Collectors.toSet()));
    }
    return new Result(this, killedAfter, killed, lingering, leftAfterKill, points, resume.exitValue(), resumeSeconds,
        swept, pointsLine, experiment.map(json -> json.path("resumedPoints").asInt()).orElse(-1),
        experiment.map(json -> json.path("resumedFailures").asInt()).orElse(-1), leftAfterResume, figures);
  }

  /** The command once more, uninterrupted into a folder of its own; the resumed run's figures against its. */
  private Figures.Comparison compare(Path logDir, Set<String> taken) throws IOException, InterruptedException {
    Path uninterrupted = reportDir.resolveSibling(reportDir.getFileName() + "-uninterrupted");
    List<String> again = new ArrayList<>(command);
    again.add("-Dperflab.report.dir=" + uninterrupted);
    Path log = logDir.resolve(name + "-uninterrupted.log");
    Process process = new ProcessBuilder(again).directory(directory.toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile()).start();
    boolean ended;
    try {
      ended = process.waitFor(AT_MOST.toMinutes(), TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      destroyTree(process);
      throw e;
    }
    if (!ended || process.exitValue() != 0) {
      destroyTree(process);
      return new Figures.Comparison(List.of("the uninterrupted run failed; its log: " + log), "");
    }
    if (!Files.isRegularFile(reportDir.resolve("experiment.json"))) {
      return new Figures.Comparison(List.of("the resumed run wrote no experiment.json in " + reportDir), "");
    }
    return Figures.of(reportDir).against(Figures.of(uninterrupted), taken);
  }

  private static void destroyTree(Process process) {
    process.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }

  private Process start() throws IOException {
    return new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
  }

  /** Copies the process's output to {@code log}, counting in {@code seen} the lines that are the moment. */
  private Thread read(Process process, Path log, AtomicInteger seen) {
    Thread reader = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
           PrintWriter out = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8), true)) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          out.println(line);
          if (moment.seenIn(line)) {
            seen.incrementAndGet();
          }
        }
      } catch (IOException e) {
        // The killed process's pipe closed under the reader: its output ends there.
      }
    }, "kill-trial-output");
    reader.setDaemon(true);
    reader.start();
    return reader;
  }

  /** Kills what the target names; returns what it killed. */
  private List<String> kill(ProcessHandle root) {
    List<ProcessHandle> forks = root.descendants().filter(KillTrial::isFork).toList();
    ProcessHandle maven = Stream.concat(Stream.of(root), root.descendants()).filter(KillTrial::isMaven).findFirst()
        .orElse(root);
    List<String> killed = new ArrayList<>();
    switch (target) {
      case MAVEN -> kill(maven, true, killed);
      case FORK -> forks.forEach(fork -> kill(fork, true, killed));
      case BOTH -> {
        forks.forEach(fork -> kill(fork, true, killed));
        kill(maven, true, killed);
      }
      case JVM_SIGKILL -> kill(root, true, killed);
      case JVM_SIGTERM -> kill(root, false, killed);
    }
    if (killed.isEmpty()) {
      killed.add("nothing: no process matched " + target + " (forks found: " + forks.size() + ")");
    }
    return killed;
  }

  private static void kill(ProcessHandle process, boolean forcibly, List<String> killed) {
    boolean sent = forcibly ? process.destroyForcibly() : process.destroy();
    if (sent) {
      killed.add((forcibly ? "SIGKILL " : "SIGTERM ") + process.pid() + " " + process.info().command().orElse("?"));
    }
  }

  private static boolean isFork(ProcessHandle process) {
    String line = process.info().commandLine().orElse("");
    return line.contains("surefirebooter") || line.contains("surefire/") || line.contains("failsafe");
  }

  private static boolean isMaven(ProcessHandle process) {
    return process.info().commandLine().orElse("").contains("plexus.classworlds");
  }

  /** Waits for the killed run's processes to end; those still alive after {@link #ENDS_WITHIN}. */
  private static List<String> awaitEnd(ProcessHandle root) throws InterruptedException {
    List<ProcessHandle> all = Stream.concat(Stream.of(root), root.descendants()).toList();
    long deadline = System.nanoTime() + ENDS_WITHIN.toNanos();
    while (System.nanoTime() < deadline && all.stream().anyMatch(ProcessHandle::isAlive)) {
      Thread.sleep(250);
    }
    return all.stream().filter(ProcessHandle::isAlive)
        .map(process -> process.pid() + " " + process.info().commandLine().orElse("?")).toList();
  }

  /** The report folder's point files: finished ones, and those marked as the lab's fault. */
  private List<String> points() throws IOException {
    if (reportDir == null || !Files.isDirectory(reportDir.resolve("points"))) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(reportDir.resolve("points"))) {
      return files.map(file -> file.getFileName() + (labFault(file) ? LAB_FAULT : "")).sorted().toList();
    }
  }

  private static boolean labFault(Path file) {
    try {
      return Json.MAPPER.readTree(file.toFile()).has("labFault");
    } catch (IOException e) {
      return false;
    }
  }

  private Optional<JsonNode> experimentJson() {
    Path file = reportDir == null ? null : reportDir.resolve("experiment.json");
    if (file == null || !Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(Json.MAPPER.readTree(file.toFile()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String logLine(Path log, String marker) {
    try (Stream<String> lines = Files.lines(log, StandardCharsets.UTF_8)) {
      return lines.filter(line -> line.contains(marker)).map(line -> line.substring(line.indexOf(marker)))
          .findFirst().orElse(null);
    } catch (IOException | UncheckedIOException e) {
      return null;
    }
  }

  private String summaryLine(String prefix) throws IOException {
    Path summary = reportDir == null ? null : reportDir.resolve("summary.md");
    if (summary == null || !Files.isRegularFile(summary)) {
      return null;
    }
    return Files.readAllLines(summary).stream().filter(line -> line.startsWith(prefix)).findFirst().orElse(null);
  }
}
