package dev.perflab.app;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import dev.perflab.workload.CpuResponse;
import dev.perflab.workload.ErrorResponse;
import dev.perflab.workload.HelloResponse;
import dev.perflab.workload.IoResponse;
import dev.perflab.workload.NodeResponse;
import dev.perflab.workload.SortRequest;
import dev.perflab.workload.SortResponse;
import dev.perflab.workload.StreamTick;
import dev.perflab.workload.User;
import dev.perflab.workload.UserInput;
import io.quarkus.jackson.ObjectMapperCustomizer;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Singleton;

/**
 * Entry point, and the one tweak to Quarkus's ObjectMapper: Jackson's lenient coercions are
 * turned off so that {@code 1.5}, {@code "1"} or {@code true} for an int and {@code 5} for a
 * string are malformed bodies (400) here exactly as in the other apps, not silently converted;
 * and text after the JSON value is refused, as Jackson 3 (Spring Boot) does by default. The
 * workload's records are registered for reflection, so that a native executable (which keeps
 * only what is registered) binds them like the JVM does.
 */
@QuarkusMain
@RegisterForReflection(targets = {HelloResponse.class, CpuResponse.class, SortRequest.class, SortResponse.class,
    IoResponse.class, ErrorResponse.class, UserInput.class, User.class, StreamTick.class, NodeResponse.class})
@Singleton
public class PerflabApplication implements ObjectMapperCustomizer {

  public static void main(String... args) {
    Quarkus.run(args);
  }

  @Override
  public void customize(ObjectMapper mapper) {
    // A key given twice is malformed, and so is nesting deeper than 500 levels (Jackson 3's
    // default in the other apps; Jackson 2 allows 1,000): docs/contract-v1.md.
    mapper.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    mapper.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(500).build());
    mapper.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
    mapper.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    mapper.coercionConfigFor(LogicalType.Integer)
        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
    mapper.coercionConfigFor(LogicalType.Textual)
        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
  }
}
