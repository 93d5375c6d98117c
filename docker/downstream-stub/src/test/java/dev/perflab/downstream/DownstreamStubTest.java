package dev.perflab.downstream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

class DownstreamStubTest {

    private static DownstreamStub stub;
    private static HttpClient client;

    @BeforeAll
    static void start() throws Exception {
        stub = new DownstreamStub(0).start(); // ephemeral port
        client = HttpClient.newHttpClient();
    }

    @AfterAll
    static void stop() {
        client.close();
        stub.close();
    }

    @Test
    void delaysAsAsked() throws Exception {
        long start = System.nanoTime();
        HttpResponse<String> response = get("/delay?ms=200");
        long elapsedMs = Duration.ofNanos(System.nanoTime() - start).toMillis();

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"delayedMs\":200}");
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(elapsedMs).isBetween(200L, 5_000L);
    }

    @Test
    void concurrentDelaysOverlap() throws Exception {
        // 500 requests of 300 ms each finish in about 300 ms, not 500 x 300 ms.
        long start = System.nanoTime();
        List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            responses.add(client.sendAsync(request("/delay?ms=300").GET().build(),
                    HttpResponse.BodyHandlers.ofString()));
        }
        for (CompletableFuture<HttpResponse<String>> response : responses) {
            assertThat(response.get().statusCode()).isEqualTo(200);
        }
        assertThat(Duration.ofNanos(System.nanoTime() - start).toMillis()).isLessThan(10_000L);
    }

    @Test
    void rejectsBadDelays() throws Exception {
        for (String query : List.of("", "?ms=", "?ms=abc", "?ms=-1", "?ms=60001", "?other=5")) {
            HttpResponse<String> response = get("/delay" + query);
            assertThat(response.statusCode()).as(query).isEqualTo(400);
            assertThat(response.body()).as(query).startsWith("{\"error\":\"");
        }
        assertThat(get("/delay?ms=0").statusCode()).isEqualTo(200);
    }

    @Test
    void healthAndUnknownPaths() throws Exception {
        assertThat(get("/health").body()).isEqualTo("{\"status\":\"UP\"}");
        assertThat(get("/nope").statusCode()).isEqualTo(404);
        assertThat(put("/delay?ms=1").statusCode()).isEqualTo(404);
        assertThat(get("/mode/healthy").statusCode()).isEqualTo(404);
    }

    @Test
    void failingAndHealthyModes() throws Exception {
        try {
            assertThat(put("/mode/failing?status=399").statusCode()).isEqualTo(400);
            assertThat(put("/mode/failing?status=600").statusCode()).isEqualTo(400);
            assertThat(put("/mode/failing").statusCode()).isEqualTo(400);

            assertThat(put("/mode/failing?status=503").statusCode()).isEqualTo(200);
            HttpResponse<String> failed = get("/delay?ms=10");
            assertThat(failed.statusCode()).isEqualTo(503);
            assertThat(failed.body()).isEqualTo("{\"error\":\"failing on purpose\"}");
            assertThat(get("/delay?ms=10").statusCode()).isEqualTo(503);
            assertThat(get("/health").statusCode()).isEqualTo(200);

            assertThat(put("/mode/healthy").statusCode()).isEqualTo(200);
            assertThat(get("/delay?ms=10").statusCode()).isEqualTo(200);
        } finally {
            put("/mode/healthy"); // other tests share the stub
        }
    }

    private static HttpRequest.Builder request(String pathAndQuery) {
        return HttpRequest.newBuilder(URI.create("http://localhost:" + stub.port() + pathAndQuery))
                .timeout(Duration.ofSeconds(30));
    }

    private static HttpResponse<String> get(String pathAndQuery) throws Exception {
        return client.send(request(pathAndQuery).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> put(String pathAndQuery) throws Exception {
        return client.send(request(pathAndQuery).PUT(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
