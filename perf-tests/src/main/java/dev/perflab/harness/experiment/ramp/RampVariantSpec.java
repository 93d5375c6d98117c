package dev.perflab.harness.experiment.ramp;

import static dev.perflab.harness.config.StrictYaml.required;

import com.fasterxml.jackson.annotation.JacksonInject;
import dev.perflab.harness.config.StrictYaml;
import java.util.Map;

/**
 * One variant a ramp runs: a catalog app in a mode, under a name of its own, its containers given
 * {@code environment} beside the app's own (the blocking app on virtual threads is Spring Boot's image
 * with {@code SPRING_THREADS_VIRTUAL_ENABLED=true}).
 *
 * @param name how the dataset, the summary and the analysis name it
 * @param environment left out: none
 * @param pool what bounds its requests in flight, shown beside its peak; left out: not declared, and the summary
 *     shows no bound for it
 */
public record RampVariantSpec(String name, String app, String mode,
    @JacksonInject(StrictYaml.ABSENT + "environment") Map<String, String> environment,
    @JacksonInject(StrictYaml.ABSENT + "pool") RampPool pool) {

  public RampVariantSpec {
    required(name, "name");
    required(app, "app");
    required(mode, "mode");
    environment = environment == null ? Map.of() : Map.copyOf(environment);
  }
}
