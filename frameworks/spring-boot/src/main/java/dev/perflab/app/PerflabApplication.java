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
import org.springframework.aot.hint.annotation.RegisterReflectionForBinding;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.data.jdbc.core.dialect.JdbcDialect;
import org.springframework.data.jdbc.core.dialect.JdbcPostgresDialect;
import org.springframework.scheduling.annotation.EnableScheduling;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.type.LogicalType;

/**
 * Entry point of the Spring Boot app (Spring MVC on Tomcat). The workload's records are bound
 * by Jackson through reflection: registered for it here, so that a native executable (which
 * keeps only what is registered) reads and writes them like the JVM does. {@link UserEntity}
 * needs no entry: Spring Data's AOT processing registers its repositories' entities.
 *
 * <p>{@code @EnableScheduling} is what makes Spring Boot configure its {@code TaskScheduler}
 * (sized in application.properties), which sends the /stream events.
 */
@SpringBootApplication
@EnableScheduling
@RegisterReflectionForBinding({HelloResponse.class, CpuResponse.class, SortRequest.class, SortResponse.class,
    IoResponse.class, ErrorResponse.class, UserInput.class, User.class, StreamTick.class, NodeResponse.class})
class PerflabApplication {

  public static void main(String[] args) {
    SpringApplication.run(PerflabApplication.class, args);
  }

  /**
   * Jackson coerces by default (1.5 and "5" to an int, 5 and true to a String); the contract
   * wants such bodies refused as malformed, the same in every framework. A key given twice in
   * one object is malformed too (docs/contract-v1.md, "Hostile and malformed input"); nesting
   * deeper than 500 levels is refused by Jackson 3's default limit, which the other apps set.
   */
  @Bean
  static JsonMapperBuilderCustomizer strictJson() {
    return json -> json
        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
        .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
        .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
        .withCoercionConfig(LogicalType.Textual, text -> text
            .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
            .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
            .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail));
  }

  /**
   * Tomcat's parse failures answered as JSON (ErrorHandlers.ServerErrorValve). Ordered last, so
   * that its valve is added after Spring Boot's own error valve and reports before it.
   */
  @Bean
  static WebServerFactoryCustomizer<TomcatServletWebServerFactory> jsonServerErrors() {
    return factory -> factory.addContextCustomizers(
        context -> context.getParent().getPipeline().addValve(new ErrorHandlers.ServerErrorValve()));
  }

  /**
   * The database is PostgreSQL, said here instead of detected over a connection (Spring Boot's
   * advice for Spring Data JDBC with AOT): process-aot generates the repository at build time,
   * when there is no database to ask.
   */
  @Bean
  static JdbcDialect jdbcDialect() {
    return JdbcPostgresDialect.INSTANCE;
  }
}
