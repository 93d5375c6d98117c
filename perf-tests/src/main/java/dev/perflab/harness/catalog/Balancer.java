package dev.perflab.harness.catalog;

import static dev.perflab.harness.config.StrictYaml.required;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import java.io.IOException;
import java.util.Optional;

/**
 * The load balancer a container set runs in front of its replicas (docker/haproxy): one per set, for the
 * set's lifetime only. A catalog may leave it out; only a set with a balancer needs it.
 *
 * @param image the balancer's image, built from Debian's haproxy like the other images
 */
public record Balancer(String image) {

  public Balancer {
    required(image, "image");
  }

  /**
   * {@code balancer:} read as present: the catalog keeps it as an {@link Optional}, which the YAML mapper
   * reads only through this (absent and {@code null} are both {@link Optional#empty()}).
   */
  static final class IfPresent extends StdDeserializer<Optional<Balancer>> {

    IfPresent() {
      super(Optional.class);
    }

    @Override
    public Optional<Balancer> deserialize(JsonParser parser, DeserializationContext context) throws IOException {
      return Optional.of(context.readValue(parser, Balancer.class));
    }
  }
}
