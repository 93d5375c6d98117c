package dev.perflab.app;

import dev.perflab.workload.IoCall;
import dev.perflab.workload.UsersGateway;
import jakarta.servlet.FilterChain;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.http.client.ClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.HttpClientSettings;
import org.springframework.http.HttpMethod;
import org.springframework.stereotype.Component;
import org.springframework.util.StreamUtils;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Contract v4's users gateway: with USERS_URL set, a servlet filter ahead of Spring MVC sends every /users request
 * of the contract's methods on with the node client's {@link RestClient} setup and relays the answer, on the Tomcat
 * request thread, which blocks until it came (Spring MVC's model). Any other request, OPTIONS among them, goes on
 * to Spring MVC. A filter decides at every request, not a condition on a bean: Spring AOT would freeze that at build.
 */
@Component
class UsersGatewayFilter extends OncePerRequestFilter {

  /** Null when the app is no gateway. */
  private final URI target;
  private final RestClient client;

  UsersGatewayFilter(RestClient.Builder builder, @Value("${" + UsersGateway.ENV + ":}") String url) {
    this.target = UsersGateway.target(url).orElse(null);
    HttpClientSettings timeouts = HttpClientSettings.defaults().withTimeouts(
        Duration.ofMillis(IoCall.CONNECT_TIMEOUT_MS), Duration.ofMillis(IoCall.READ_TIMEOUT_MS));
    this.client = builder.requestFactory(ClientHttpRequestFactoryBuilder.jdk()
        .withHttpClientCustomizer(http -> http.version(HttpClient.Version.HTTP_1_1))
        .build(timeouts)).build();
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return target == null || !UsersGateway.forwards(request.getMethod(), request.getRequestURI());
  }

  @Override
  protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException {
    String pathAndQuery = request.getRequestURI() + (request.getQueryString() == null ? ""
        : "?" + request.getQueryString());
    // The Host is the users service's own, from the URL: a balancer in between routes by it.
    RestClient.RequestBodySpec out = client.method(HttpMethod.valueOf(request.getMethod()))
        .uri(UsersGateway.url(target, pathAndQuery));
    for (String header : UsersGateway.REQUEST_HEADERS) {
      String value = request.getHeader(header);
      if (value != null) {
        out.header(header, value);
      }
    }
    byte[] body = request.getInputStream().readAllBytes();
    if (body.length > 0) {
      out.body(body);
    }
    try {
      // exchange() skips RestClient's status handlers: a 404 is relayed as it came.
      out.exchange((sent, answer) -> {
        response.setStatus(answer.getStatusCode().value());
        for (String header : UsersGateway.ANSWER_HEADERS) {
          String value = answer.getHeaders().getFirst(header);
          if (value != null) {
            response.setHeader(header, value);
          }
        }
        StreamUtils.copy(answer.getBody(), response.getOutputStream());
        return null;
      });
    } catch (ResourceAccessException e) {
      response.setStatus(UsersGateway.unreachable(target).status());
      response.setContentType("application/json");
      response.getOutputStream().write(UsersGateway.unreachableJson(target).getBytes(StandardCharsets.UTF_8));
    }
  }
}
