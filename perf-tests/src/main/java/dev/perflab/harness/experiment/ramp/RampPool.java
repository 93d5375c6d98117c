package dev.perflab.harness.experiment.ramp;

import static dev.perflab.harness.config.StrictYaml.required;

import com.fasterxml.jackson.annotation.JacksonInject;
import dev.perflab.harness.config.StrictYaml;

/**
 * What holds a variant's requests in flight below its users, as its app is configured: a pool of {@code size}
 * (Tomcat's request threads, WebClient's connections to the stub), or none (a virtual thread per request). Read
 * from the app's code and configuration, not measured: the summary divides it by a request's time to show the
 * answers a second it allows beside the measured peak.
 *
 * @param size the requests it holds at once; left out for no bound
 * @param what what it is, as the summary names it after its size: "Tomcat request threads"
 * @param source where the size comes from: the framework's default, and what the app's configuration sets
 */
public record RampPool(@JacksonInject(StrictYaml.ABSENT + "size") Integer size, String what, String source) {

  public RampPool {
    required(what, "what");
    required(source, "source");
    if (size != null && size < 1) {
      throw new IllegalArgumentException("a pool's 'size' is at least 1, or left out for none; got " + size);
    }
  }

  /** "200 Tomcat request threads", or "no pool (virtual threads, one per request)". */
  public String label() {
    return size == null ? "no pool (" + what + ")" : size + " " + what;
  }
}
