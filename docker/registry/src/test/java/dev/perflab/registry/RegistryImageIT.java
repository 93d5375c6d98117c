package dev.perflab.registry;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.DockerClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * The image built by build-registry-image.sh, as the cold-start experiment will use it: the engine
 * pushes an image to it on loopback over plain HTTP, and pulls it back with the same image ID (so a
 * tag restored from it is the image it was).
 */
class RegistryImageIT {

    private static final String IMAGE = System.getProperty("perflab.registry.image", "perflab/registry:2");
    private static final int PORT = 5000;

    private static GenericContainer<?> registry;

    @BeforeAll
    static void start() {
        // Not Wait.forListeningPort(): docker-proxy accepts on the host port before the registry
        // listens, and the image has no shell for an in-container check.
        registry = new GenericContainer<>(DockerImageName.parse(IMAGE))
                .withExposedPorts(PORT)
                .withLabel("dev.perflab.test", RegistryImageIT.class.getSimpleName())
                .waitingFor(Wait.forLogMessage(".*listening on.*\\n", 1).withStartupTimeout(Duration.ofSeconds(30)));
        registry.start();
    }

    @AfterAll
    static void stop() {
        if (registry != null) {
            registry.stop();
        }
    }

    @Test
    void anImagePushedToItIsPulledBackWithItsId() throws Exception {
        DockerClient docker = DockerClientFactory.instance().client();
        String repository = "127.0.0.1:" + registry.getMappedPort(PORT) + "/perflab/registry-roundtrip";
        String id = docker.inspectImageCmd(IMAGE).exec().getId();
        docker.tagImageCmd(IMAGE, repository, "1").exec();
        try {
            docker.pushImageCmd(repository).withTag("1").start().awaitCompletion();
            docker.removeImageCmd(repository + ":1").exec();

            docker.pullImageCmd(repository).withTag("1").start().awaitCompletion();

            assertThat(docker.inspectImageCmd(repository + ":1").exec().getId()).isEqualTo(id);
            assertThat(catalog()).contains("\"perflab/registry-roundtrip\"");
        } finally {
            docker.removeImageCmd(repository + ":1").exec();
        }
    }

    @Test
    void itRunsAsItsOwnUserWithoutAShell() {
        var config = DockerClientFactory.instance().client().inspectImageCmd(IMAGE).exec().getConfig();

        assertThat(config.getUser()).isEqualTo("65532:65532");
        assertThat(config.getEntrypoint()).containsExactly("/usr/bin/docker-registry", "serve", "/etc/registry/config.yml");
    }

    private static String catalog() throws Exception {
        try (HttpClient http = HttpClient.newHttpClient()) {
            URI uri = URI.create("http://127.0.0.1:" + registry.getMappedPort(PORT) + "/v2/_catalog");
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as("GET %s: %s", uri, response.body()).isEqualTo(200);
            return response.body();
        }
    }
}
