package dev.perflab.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.perflab.workload.ErrorResponse;
import dev.perflab.workload.Users;
import dev.perflab.workload.WorkloadException;
import io.vertx.core.http.HttpServerRequest;
import jakarta.persistence.PersistenceException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.hibernate.exception.ConstraintViolationException;
import org.jboss.resteasy.reactive.RestResponse;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/** Replaces Quarkus's default error answers with the contract's {@code {"error":"..."}} bodies. */
class ErrorHandlers {

  /** The unique constraint on {@code users.email}, as named in the shared migration. */
  private static final String EMAIL_KEY = "users_email_key";

  @ServerExceptionMapper
  RestResponse<ErrorResponse> workload(WorkloadException e) {
    return json(e.status(), e.body());
  }

  // Vert.x resolves dot segments before routing (/hello/../hello would be /hello): they are refused
  // first, on the raw path, as every app refuses them.
  @ServerRequestFilter(preMatching = true)
  RestResponse<ErrorResponse> dotSegments(HttpServerRequest request) {
    return ErrorResponse.hasDotSegment(request.path()) ? json(400, ErrorResponse.dotSegments()) : null;
  }

  // JAX-RS lets a body without Content-Type through @Consumes(application/json); the contract
  // refuses it (415), as the other apps do.
  @ServerRequestFilter
  RestResponse<ErrorResponse> untypedBody(ContainerRequestContext request) {
    String length = request.getHeaderString("Content-Length");
    boolean body = request.getHeaderString("Transfer-Encoding") != null || (length != null && !length.equals("0"));
    return body && request.getMediaType() == null ? json(415, ErrorResponse.unsupportedMediaType()) : null;
  }

  @ServerExceptionMapper
  RestResponse<ErrorResponse> notFound(NotFoundException e, ContainerRequestContext request) {
    return json(404, ErrorResponse.notFound(request.getMethod(), rawPath(request)));
  }

  @ServerExceptionMapper
  RestResponse<ErrorResponse> notAllowed(NotAllowedException e, ContainerRequestContext request) {
    return json(405, ErrorResponse.methodNotAllowed(request.getMethod(), rawPath(request)));
  }

  // The Jackson reader rethrows shape errors as they are (overriding Quarkus's built-in mapper) ...
  @ServerExceptionMapper
  RestResponse<ErrorResponse> mismatchedJson(MismatchedInputException e) {
    return json(400, ErrorResponse.malformedBody());
  }

  // ... and syntax errors or out-of-range numbers wrapped in a 400 WebApplicationException.
  // A body that is not JSON is a 415; other framework errors outside the contract (406) keep
  // their status, in our body shape.
  @ServerExceptionMapper
  RestResponse<ErrorResponse> web(WebApplicationException e) {
    Response.StatusType status = e.getResponse().getStatusInfo();
    if (e.getCause() instanceof JsonProcessingException || status.getStatusCode() == 400) {
      return json(400, ErrorResponse.malformedBody());
    }
    if (status.getStatusCode() == 415) {
      return json(415, ErrorResponse.unsupportedMediaType());
    }
    return json(status.getStatusCode(), new ErrorResponse(status.getReasonPhrase()));
  }

  /**
   * Hibernate's violation of the email's unique constraint, possibly wrapped, as the contract's
   * 409; any other persistence failure as it is. Called by {@link UsersEndpoint} where it flushes,
   * because an exception mapper would not know the email.
   */
  static RuntimeException emailInUse(PersistenceException e, String email) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof ConstraintViolationException violation
          && EMAIL_KEY.equals(violation.getConstraintName())) {
        return Users.emailInUse(email);
      }
    }
    return e;
  }

  private static String rawPath(ContainerRequestContext request) {
    return request.getUriInfo().getRequestUri().getRawPath();
  }

  private static RestResponse<ErrorResponse> json(int status, ErrorResponse body) {
    return RestResponse.ResponseBuilder.<ErrorResponse>create(status)
        .entity(body)
        .type(MediaType.APPLICATION_JSON_TYPE)
        .build();
  }
}
