package dev.perflab.downstream;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The downstream service the apps under test call: it answers after a requested delay, and can
 * be switched into a failure mode.
 *
 * <pre>
 * GET /delay?ms=D                  (0 &lt;= D &lt;= 60000) waits D ms, then 200 {"delayedMs":D}
 * GET /health                      200 {"status":"UP"}
 * PUT /mode/failing?status=S       (400 &lt;= S &lt;= 599) every following /delay answers S at once
 * PUT /mode/healthy                back to normal
 * anything else                    404
 * </pre>
 *
 * Why virtual threads: each exchange runs on its own virtual thread, so a delay is a plain
 * {@code Thread.sleep} that unmounts from its carrier and holds no platform thread. Thousands of
 * concurrent slow requests cost a few KB each, and the stub is never the bottleneck of a
 * benchmark. A large accept backlog keeps connection bursts from being refused.
 */
public final class DownstreamStub implements AutoCloseable {

    public static final int DEFAULT_PORT = 8080;
    static final int MAX_DELAY_MS = 60_000;
    private static final int BACKLOG = 4096;

    static {
        // Read once by the JDK's HTTP server, so set before the first server is created (a
        // -D on the command line wins). TCP_NODELAY (default off): headers and body are
        // separate writes, which Nagle's algorithm may hold back behind a delayed ACK. Keep
        // many idle keep-alive connections (default 200): load generators hold hundreds.
        defaultProperty("sun.net.httpserver.nodelay", "true");
        defaultProperty("sun.net.httpserver.maxIdleConnections", "10000");
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    /** 0 when healthy, else the status every /delay answers with. */
    private volatile int failingStatus;

    public DownstreamStub(int port) throws IOException {
        server = HttpServer.create(new InetSocketAddress(port), BACKLOG);
        server.setExecutor(executor);
        server.createContext("/", this::handle);
    }

    public static void main(String[] args) throws IOException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : DEFAULT_PORT;
        DownstreamStub stub = new DownstreamStub(port).start();
        System.out.println("downstream stub listening on :" + stub.port());
    }

    public DownstreamStub start() {
        server.start();
        return this;
    }

    /** The bound port (useful when constructed with port 0). */
    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow(); // interrupts pending delays
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange; InputStream body = exchange.getRequestBody()) {
            body.transferTo(OutputStream.nullOutputStream());
            String method = exchange.getRequestMethod();
            String path = exchange.getRequestURI().getPath();
            String query = exchange.getRequestURI().getRawQuery();
            switch (method + " " + path) {
                case "GET /delay" -> delay(exchange, query);
                case "GET /health" -> send(exchange, 200, "{\"status\":\"UP\"}");
                case "PUT /mode/failing" -> failing(exchange, query);
                case "PUT /mode/healthy" -> {
                    failingStatus = 0;
                    send(exchange, 200, "{\"mode\":\"healthy\"}");
                }
                default -> send(exchange, 404, error("no such endpoint: " + method + " " + path));
            }
        }
    }

    private void delay(HttpExchange exchange, String query) throws IOException {
        int status = failingStatus;
        if (status != 0) {
            send(exchange, status, error("failing on purpose"));
            return;
        }
        Integer ms = intParameter(query, "ms", 0, MAX_DELAY_MS);
        if (ms == null) {
            send(exchange, 400, error("query parameter ms must be an integer in 0.." + MAX_DELAY_MS));
            return;
        }
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) { // the stub is shutting down
            Thread.currentThread().interrupt();
            send(exchange, 503, error("shutting down"));
            return;
        }
        send(exchange, 200, "{\"delayedMs\":" + ms + "}");
    }

    private void failing(HttpExchange exchange, String query) throws IOException {
        Integer status = intParameter(query, "status", 400, 599);
        if (status == null) {
            send(exchange, 400, error("query parameter status must be an integer in 400..599"));
            return;
        }
        failingStatus = status;
        send(exchange, 200, "{\"mode\":\"failing\",\"status\":" + status + "}");
    }

    /** The named parameter of a raw query if it is an integer in [min, max], else null. */
    static Integer intParameter(String query, String name, int min, int max) {
        if (query == null) {
            return null;
        }
        for (String pair : query.split("&")) {
            if (pair.startsWith(name + "=")) {
                try {
                    int value = Integer.parseInt(pair.substring(name.length() + 1));
                    return value >= min && value <= max ? value : null;
                } catch (NumberFormatException e) {
                    return null;
                }
            }
        }
        return null;
    }

    private static String error(String message) {
        return "{\"error\":\"" + message.replace("\\", "\\\\").replace("\"", "\\\"") + "\"}";
    }

    private static void send(HttpExchange exchange, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    private static void defaultProperty(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
