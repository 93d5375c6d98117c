package dev.perflab.harness.catalog;

/** The downstream stub every app's {@code /io} calls, reached on the lab network by alias. */
public record Downstream(String image, String alias, int port) {

  public String url() {
    return "http://" + alias + ":" + port;
  }
}
