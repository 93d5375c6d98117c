package dev.perflab.trainer;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.downstream.DownstreamStub;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Builds a JDK AOT cache for an app inside its image build, in the JDK's two steps:
 * <ol>
 * <li>training: the app runs with {@code -XX:AOTMode=record}, answers the fixed
 * {@link TrainingWorkload} (its /io calls go to a {@link DownstreamStub} on loopback, its /node
 * calls to itself) and is stopped with SIGTERM, a clean shutdown that writes the AOT configuration;</li>
 * <li>assembly: {@code -XX:AOTMode=create} turns that configuration into the cache (the app's
 * code does not run).</li>
 * </ol>
 * Both steps use the image's own {@code java} and the cells' JVM options (environment variable
 * {@code PERFLAB_JVM_OPTIONS}, passed on as {@code JDK_JAVA_OPTIONS}), under the limits the image
 * build runs with: a cache is only accepted by a JVM with the same runtime image, class path and
 * relevant flags. What the training cost is written to a JSON record that ships in the image.
 *
 * <pre>
 * java -jar aot-trainer.jar --app NAME --port 8080 --cache /app/app.aot --record /app/aot-training.json \
 *      -- java [app flags] -jar /app/app.jar
 * </pre>
 */
public final class AotTrainer {

    private static final Duration READY_TIMEOUT = Duration.ofMinutes(3);
    private static final Duration STOP_TIMEOUT = Duration.ofMinutes(2);
    private static final Duration ASSEMBLY_TIMEOUT = Duration.ofMinutes(5);

    private final TrainerArguments arguments;
    private final String jvmOptions;
    private final Path appLog;

    AotTrainer(TrainerArguments arguments, String jvmOptions) throws IOException {
        this.arguments = arguments;
        this.jvmOptions = jvmOptions;
        this.appLog = Files.createTempFile("aot-training-", ".log");
    }

    public static void main(String[] args) throws Exception {
        String jvmOptions = System.getenv("PERFLAB_JVM_OPTIONS");
        if (jvmOptions == null || jvmOptions.isBlank()) {
            fail("environment variable PERFLAB_JVM_OPTIONS is not set: the training run must use the "
                    + "cells' JVM options (Dockerfile.aot: ARG PERFLAB_JVM_OPTIONS, given by the build)");
        }
        try {
            new AotTrainer(TrainerArguments.parse(args), jvmOptions).run();
        } catch (IllegalArgumentException | TrainingException e) {
            fail(e.getMessage());
        }
    }

    void run() throws IOException, InterruptedException, TrainingException {
        Path configuration = Path.of(arguments.cache() + "conf");
        long trainingStart = System.nanoTime();
        Duration cpuBefore = ChildCpu.ofThisProcess();
        int requests;
        try (DownstreamStub downstream = new DownstreamStub(0).start()) {
            requests = train(configuration, "http://127.0.0.1:" + downstream.port());
        }
        Duration trainingWall = Duration.ofNanos(System.nanoTime() - trainingStart);
        Duration trainingCpu = ChildCpu.ofThisProcess().minus(cpuBefore);

        long assemblyStart = System.nanoTime();
        assemble(configuration);
        Duration assemblyWall = Duration.ofNanos(System.nanoTime() - assemblyStart);
        Duration assemblyCpu = ChildCpu.ofThisProcess().minus(cpuBefore).minus(trainingCpu);
        Files.delete(configuration);

        TrainingRecord record = new TrainingRecord(arguments.app(), arguments.command(), jvmOptions,
                requests, trainingWall.toMillis(), trainingCpu.toMillis(), assemblyWall.toMillis(),
                assemblyCpu.toMillis(), Files.size(arguments.cache()));
        new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(arguments.record().toFile(), record);
        System.out.println("[aot-trainer] " + record.summary());
    }

    /** Runs the app in record mode over the workload; returns the number of requests sent. */
    private int train(Path configuration, String downstreamUrl)
            throws IOException, InterruptedException, TrainingException {
        Process app = start(List.of("-XX:AOTMode=record", "-XX:AOTConfiguration=" + configuration), downstreamUrl);
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            awaitReady(app, client);
            List<TrainingRequest> workload = TrainingWorkload.all();
            List<String> wrongAnswers = new ArrayList<>();
            String createdId = "0";
            for (TrainingRequest template : workload) {
                TrainingRequest request = template.withId(createdId);
                HttpResponse<Void> response = send(client, request);
                if (response.statusCode() != request.expectedStatus()) {
                    wrongAnswers.add(request + " answered " + response.statusCode() + ", the contract says "
                            + request.expectedStatus());
                } else if (response.statusCode() == 201) {
                    // Location: /users/<id> (or an absolute URL ending in it).
                    String location = response.headers().firstValue("Location").orElse("/0");
                    createdId = location.substring(location.lastIndexOf('/') + 1);
                }
            }
            if (!wrongAnswers.isEmpty()) {
                throw failure(wrongAnswers.size() + " of " + workload.size() + " training requests were answered "
                        + "against the contract, e.g. " + wrongAnswers.subList(0, Math.min(3, wrongAnswers.size())));
            }
            // SIGTERM: the app shuts down cleanly and the JVM writes the AOT configuration on exit.
            app.destroy();
            if (!app.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                throw failure("the app did not exit within " + STOP_TIMEOUT.toSeconds() + " s of SIGTERM");
            }
            if (!Files.isRegularFile(configuration)) {
                throw failure("the app exited (code " + app.exitValue() + ") without writing the AOT configuration "
                        + configuration);
            }
            return workload.size();
        } finally {
            app.destroyForcibly();
        }
    }

    private void assemble(Path configuration) throws IOException, InterruptedException, TrainingException {
        Process assembly = start(List.of("-XX:AOTMode=create", "-XX:AOTConfiguration=" + configuration,
                "-XX:AOTCache=" + arguments.cache()), null);
        if (!assembly.waitFor(ASSEMBLY_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            assembly.destroyForcibly();
            throw failure("creating the AOT cache took longer than " + ASSEMBLY_TIMEOUT.toMinutes() + " min");
        }
        if (assembly.exitValue() != 0 || !Files.isRegularFile(arguments.cache())) {
            throw failure("creating the AOT cache " + arguments.cache() + " failed (exit code " + assembly.exitValue() + ")");
        }
    }

    /**
     * The app's command with the AOT flags right after {@code java}; its output goes to a log file.
     * {@code downstreamUrl} is null for the assembly, which runs no app code and needs no settings.
     */
    private Process start(List<String> aotFlags, String downstreamUrl) throws IOException {
        List<String> command = new ArrayList<>(arguments.command());
        command.addAll(1, aotFlags);
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(appLog.toFile()));
        builder.environment().put("JDK_JAVA_OPTIONS", jvmOptions);
        if (downstreamUrl != null) {
            builder.environment().put("DOWNSTREAM_URL", downstreamUrl);
            builder.environment().put("NODE_SPEC", TrainingWorkload.NODE_SPEC);
        }
        return builder.start();
    }

    private void awaitReady(Process app, HttpClient client) throws IOException, InterruptedException, TrainingException {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        TrainingRequest hello = TrainingRequest.get("/hello", 200);
        while (System.nanoTime() < deadline) {
            if (!app.isAlive()) {
                throw failure("the app exited with code " + app.exitValue() + " before answering GET /hello");
            }
            try {
                if (send(client, hello).statusCode() == 200) {
                    return;
                }
            } catch (IOException notListeningYet) {
                // Not accepting connections yet: poll again.
            }
            Thread.sleep(50);
        }
        throw failure("the app did not answer GET /hello with 200 within " + READY_TIMEOUT.toSeconds() + " s");
    }

    private HttpResponse<Void> send(HttpClient client, TrainingRequest request) throws IOException, InterruptedException {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + arguments.port() + request.path()))
                .timeout(Duration.ofSeconds(30));
        if (request.body() == null) {
            builder.method(request.method(), HttpRequest.BodyPublishers.noBody());
        } else {
            builder.method(request.method(), HttpRequest.BodyPublishers.ofString(request.body()));
            builder.header("Content-Type", request.contentType());
        }
        return client.send(builder.build(), HttpResponse.BodyHandlers.discarding());
    }

    /** A failure with the tail of the app's output, which is where the reason usually is. */
    private TrainingException failure(String message) throws IOException {
        List<String> lines = Files.readAllLines(appLog);
        List<String> tail = lines.subList(Math.max(0, lines.size() - 40), lines.size());
        return new TrainingException(arguments.app() + ": " + message + "\n--- last " + tail.size()
                + " lines of the app's output ---\n" + String.join("\n", tail));
    }

    private static void fail(String message) {
        System.err.println("[aot-trainer] ERROR: " + message);
        System.exit(1);
    }

    static final class TrainingException extends Exception {
        TrainingException(String message) {
            super(message);
        }
    }
}
