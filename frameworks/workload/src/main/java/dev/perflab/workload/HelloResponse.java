package dev.perflab.workload;

/** {@code GET /hello}: the cheapest request, used for readiness and startup timing. */
public record HelloResponse(String message) {

  public static final HelloResponse HELLO = new HelloResponse("Hello, World!");
}
