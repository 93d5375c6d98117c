package dev.perflab.app;

import dev.perflab.workload.DownstreamException;
import dev.perflab.workload.IoCall;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The Quarkus REST Client, built once, calling {@code GET <DOWNSTREAM_URL>/delay?ms=D}. */
@ApplicationScoped
class DownstreamClient {

  /** Path and query as in {@link IoCall#downstreamPath(int)}, declared the REST Client way. */
  interface Api {
    @GET
    @Path("/delay")
    Response delay(@QueryParam("ms") int ms);
  }

  private final Api api;

  DownstreamClient(
      @ConfigProperty(name = IoCall.DOWNSTREAM_URL_ENV, defaultValue = IoCall.DEFAULT_DOWNSTREAM_URL)
          String baseUrl) {
    // Built in code so the timeouts come from IoCall; the default mapper is off so that a
    // non-2xx answer comes back as a status instead of an exception.
    this.api = QuarkusRestClientBuilder.newBuilder()
        .baseUri(URI.create(baseUrl))
        .connectTimeout(IoCall.CONNECT_TIMEOUT_MS, TimeUnit.MILLISECONDS)
        .readTimeout(IoCall.READ_TIMEOUT_MS, TimeUnit.MILLISECONDS)
        .disableDefaultMapper(true)
        .build(Api.class);
  }

  int status(int delayMs) {
    try (Response response = api.delay(delayMs)) {
      return response.getStatus();
    } catch (ProcessingException e) {
      throw DownstreamException.unreachable();
    }
  }
}
