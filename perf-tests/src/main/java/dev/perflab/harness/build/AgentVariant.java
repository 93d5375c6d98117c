package dev.perflab.harness.build;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * A copy of a JVM-mode image with a Java agent of perflab's that adds known work to its start ({@link SlowStartAgent},
 * {@link ClassLoadingAgent}): the same layers plus the agent's jar, enabled through {@code JAVA_TOOL_OPTIONS} (the
 * harness sets {@code JDK_JAVA_OPTIONS} for every cell, so a variant must not use that one). Only JVM mode: an AOT
 * cache refuses a JVM that loads an agent it was not trained with ("Mismatched values for property
 * jdk.module.addmods: java.instrument"). The agent jar is the same bytes every time, so an unchanged image's variant
 * comes from Docker's cache; a variant that replaces another of its name removes it.
 */
public final class AgentVariant {

  private static final long TIMEOUT_MINUTES = 5;
  /** The agent jar's entry times: fixed, so the jar, and Docker's layer of it, never change. */
  static final LocalDateTime ENTRY_TIME = LocalDateTime.of(2026, 1, 1, 0, 0);

  private AgentVariant() {}

  /** {@code image}'s tag with {@code suffix} appended ("perflab/quarkus:3.37.3-jvm-slowed"). */
  static String nameFor(String image, String suffix) {
    int slash = image.lastIndexOf('/');
    return image.indexOf(':', slash + 1) < 0 ? image + ":latest" + suffix : image + suffix;
  }

  /**
   * Builds (or rebuilds) {@code variant} from {@code image} with {@code agent} given {@code argument}, labelled
   * {@code dev.perflab.variant=<label>}; returns its name.
   */
  static String build(String image, String variant, Class<?> agent, String argument, String label, Path workDir)
      throws IOException, InterruptedException {
    Path context = Files.createDirectories(workDir);
    String jarName = agent.getSimpleName() + ".jar";
    String agentPath = "/opt/perflab/" + jarName;
    writeAgentJar(context.resolve(jarName), agent);
    Files.writeString(context.resolve("Dockerfile"), String.join("\n",
        "FROM " + image,
        "COPY " + jarName + " " + agentPath,
        "ENV JAVA_TOOL_OPTIONS=-javaagent:" + agentPath + "=" + argument,
        ""));
    String previous = imageId(variant);
    Path log = context.resolve("build.log");
    ProcessBuilder builder = new ProcessBuilder(List.of("docker", "build", "--quiet",
        "--label", "dev.perflab.variant=" + label, "--tag", variant, context.toString()))
        .redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().put("DOCKER_BUILDKIT", "0");
    Process process = builder.start();
    if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new IOException("building " + variant + " took over " + TIMEOUT_MINUTES + " min (log: " + log + ")");
    }
    if (process.exitValue() != 0) {
      throw new IOException("building " + variant + " from " + image + " failed (exit " + process.exitValue() + "): "
          + Files.readString(log).strip());
    }
    removeIfReplaced(previous, variant);
    return variant;
  }

  /** Removes {@code variant}, a variant built here (its base image stays); whether docker removed it. */
  public static boolean remove(String variant) throws IOException, InterruptedException {
    return docker("image", "rm", variant) != null;
  }

  /** The image id {@code image} names, or null if there is none. */
  private static String imageId(String image) throws IOException, InterruptedException {
    String id = docker("image", "inspect", "--format", "{{.Id}}", image);
    return id == null || id.isEmpty() ? null : id;
  }

  /**
   * Removes the variant {@code variant} named before this build, once it names another and no
   * other tag names the old one. docker image rm takes along the parents only it needed: the JVM
   * image it was built on, if a rebuild of that one has moved on too.
   */
  private static void removeIfReplaced(String previous, String variant) throws IOException, InterruptedException {
    if (previous == null || previous.equals(imageId(variant))
        || !"0".equals(docker("image", "inspect", "--format", "{{len .RepoTags}}", previous))) {
      return;
    }
    docker("image", "rm", previous);
  }

  /** Runs a docker command; its output, stripped, or null if it failed. */
  private static String docker(String... arguments) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("docker"));
    command.addAll(List.of(arguments));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    return process.waitFor() == 0 ? output : null;
  }

  /** The agent's jar: its manifest and its one class, which therefore must use nothing but the JDK. */
  static void writeAgentJar(Path jar, Class<?> agent) throws IOException {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().put(new Attributes.Name("Premain-Class"), agent.getName());
    String entry = agent.getName().replace('.', '/') + ".class";
    try (OutputStream out = Files.newOutputStream(jar);
         JarOutputStream jarOut = new JarOutputStream(out);
         InputStream classFile = agent.getClassLoader().getResourceAsStream(entry)) {
      if (classFile == null) {
        throw new IOException(entry + " is not on the class path");
      }
      jarOut.putNextEntry(fixedTime(new JarEntry(JarFile.MANIFEST_NAME)));
      manifest.write(jarOut);
      jarOut.closeEntry();
      jarOut.putNextEntry(fixedTime(new JarEntry(entry)));
      classFile.transferTo(jarOut);
      jarOut.closeEntry();
    }
  }

  private static JarEntry fixedTime(JarEntry entry) {
    entry.setTimeLocal(ENTRY_TIME);
    return entry;
  }
}
