package dev.perflab.app;

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
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Primary;
import io.micronaut.core.type.Argument;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.body.MessageBodyReader;
import io.micronaut.http.codec.CodecException;
import io.micronaut.http.server.exceptions.UnsupportedMediaException;
import io.micronaut.runtime.Micronaut;
import io.micronaut.serde.Deserializer;
import io.micronaut.serde.LimitingStream;
import io.micronaut.serde.SerdeRegistry;
import io.micronaut.serde.annotation.SerdeImport;
import io.micronaut.serde.config.SerdeConfiguration;
import io.micronaut.serde.exceptions.SerdeException;
import io.micronaut.serde.jackson.JacksonDecoder;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.json.JsonFactory;

/**
 * Entry point and JSON codec setup. The workload records carry no annotations, so their serde
 * introspections are imported here.
 */
@SerdeImport(SortRequest.class)
@SerdeImport(SortResponse.class)
@SerdeImport(CpuResponse.class)
@SerdeImport(HelloResponse.class)
@SerdeImport(IoResponse.class)
@SerdeImport(ErrorResponse.class)
@SerdeImport(UserInput.class)
@SerdeImport(User.class)
@SerdeImport(StreamTick.class)
@SerdeImport(NodeResponse.class)
@Factory
public class PerflabApplication {

  public static void main(String[] args) {
    Micronaut.run(PerflabApplication.class, args);
  }

  // Serde coerces scalars (1.5, "7", true and [7] all become 7; 5 becomes "5") and has no switch
  // to stop it. These replace its Integer and String decoders so that a wrong JSON type is a 400,
  // as in the other apps. Null still decodes to null (Deserializer.deserializeNullable).

  @Singleton
  @Primary
  Deserializer<Integer> strictIntegers() {
    // decodeNumber yields Integer only for a JSON integer in int range (Long, BigInteger, Double
    // or BigDecimal otherwise) and fails on anything that is not a number or a string.
    return (decoder, context, type) -> {
      if (decoder.decodeNumber() instanceof Integer value) {
        return value;
      }
      throw decoder.createDeserializationException("expected a JSON integer in int range", null);
    };
  }

  @Singleton
  @Primary
  Deserializer<String> strictStrings() {
    return (decoder, context, type) -> {
      var node = decoder.decodeNode();
      if (node.isString()) {
        return node.getStringValue();
      }
      throw decoder.createDeserializationException("expected a JSON string", null);
    };
  }

  /** The /sort body, read by {@link #wholeBody}. */
  @Singleton
  @Consumes(MediaType.APPLICATION_JSON)
  MessageBodyReader<SortRequest> wholeBodySortRequests(SerdeRegistry registry, SerdeConfiguration config)
      throws SerdeException {
    return wholeBody(SortRequest.class, registry, config);
  }

  /** The /users body (POST and PUT), read by {@link #wholeBody}. */
  @Singleton
  @Consumes(MediaType.APPLICATION_JSON)
  MessageBodyReader<UserInput> wholeBodyUserInputs(SerdeRegistry registry, SerdeConfiguration config)
      throws SerdeException {
    return wholeBody(UserInput.class, registry, config);
  }

  /**
   * A strict body reader: serde's own JSON read (as its JsonMapper does it), then a check that
   * nothing follows the JSON value. Serde stops after the first value and has no switch for that
   * (Jackson's FAIL_ON_TRAILING_TOKENS in the other apps); only the parser knows where the value
   * ended, hence serde's internal JacksonDecoder. A body without Content-Type, which Micronaut
   * would read as JSON, is refused with 415 like any other non-JSON type.
   */
  private static <T> MessageBodyReader<T> wholeBody(Class<T> bodyType, SerdeRegistry registry, SerdeConfiguration config)
      throws SerdeException {
    var type = Argument.of(bodyType);
    var context = registry.newDecoderContext(null);
    var deserializer = context.findDeserializer(type).createSpecific(context, type);
    // A key given twice is malformed (docs/contract-v1.md); Jackson 3's default nesting limit, 500
    // levels, is the contract's and applies before serde's own (1,024).
    var factory = JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    var limits = LimitingStream.limitsFromConfiguration(config);
    return (argument, mediaType, headers, body) -> {
      if (mediaType == null) {
        throw new UnsupportedMediaException("none", List.of(MediaType.APPLICATION_JSON));
      }
      try (JsonParser parser = factory.createParser(ObjectReadContext.empty(), body)) {
        T value = deserializer.deserializeNullable(JacksonDecoder.create(parser, limits), context, type);
        if (parser.nextToken() != null) {
          throw new CodecException("text after the JSON value");
        }
        return value;
      } catch (IOException | JacksonException e) {
        throw new CodecException("request body is not valid JSON of the expected shape", e);
      }
    };
  }
}
