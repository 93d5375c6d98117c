package dev.perflab.app;

import dev.perflab.workload.DownstreamException;
import dev.perflab.workload.IoCall;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.http.client.ClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.HttpClientSettings;
import org.springframework.stereotype.Component;
import org.springframework.util.StreamUtils;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;

/** Calls the downstream stub with Spring's {@link RestClient} and returns its HTTP status. */
@Component
class DownstreamClient {

  private final RestClient client;

  // The auto-configured request factory builder (JDK HttpClient here), with the contract's timeouts.
  DownstreamClient(RestClient.Builder builder, ClientHttpRequestFactoryBuilder<?> requestFactories,
      @Value("${" + IoCall.DOWNSTREAM_URL_ENV + ":" + IoCall.DEFAULT_DOWNSTREAM_URL + "}") String url) {
    HttpClientSettings timeouts = HttpClientSettings.defaults().withTimeouts(
        Duration.ofMillis(IoCall.CONNECT_TIMEOUT_MS), Duration.ofMillis(IoCall.READ_TIMEOUT_MS));
    this.client = builder.baseUrl(url).requestFactory(requestFactories.build(timeouts)).build();
  }

  int delay(int delayMs) {
    try {
      // exchange() skips RestClient's status handlers: any status is an answer; the body is
      // drained so that the connection can be reused.
      return client.get().uri(IoCall.downstreamPath(delayMs)).exchange((request, response) -> {
        StreamUtils.drain(response.getBody());
        return response.getStatusCode().value();
      });
    } catch (ResourceAccessException e) {
      throw DownstreamException.unreachable();
    }
  }
}
