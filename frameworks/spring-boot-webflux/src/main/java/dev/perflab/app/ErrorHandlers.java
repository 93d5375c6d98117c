package dev.perflab.app;

import dev.perflab.workload.ErrorResponse;
import dev.perflab.workload.WorkloadException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.PayloadTooLargeException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.UnsupportedMediaTypeStatusException;

/**
 * Maps every contract failure to its status and {@code {"error":"..."}} body. WebFlux hands this
 * advice the errors of routing too (no route, wrong method, wrong Content-Type), not only those of
 * the handlers: its DispatcherHandler passes them to the annotated-controller adapter.
 */
@RestControllerAdvice
class ErrorHandlers {

  @ExceptionHandler
  ResponseEntity<ErrorResponse> workload(WorkloadException e) {
    return error(e.status(), e.body());
  }

  // Missing body, invalid JSON and type mismatches (strict Jackson: PerflabApplication): the
  // decoder's failure, which WebFlux wraps in a ServerWebInputException. The app binds no other
  // input that could fail (query parameters are read raw, the id as text).
  @ExceptionHandler
  ResponseEntity<ErrorResponse> malformedBody(ServerWebInputException e) {
    return error(400, ErrorResponse.malformedBody());
  }

  @ExceptionHandler
  ResponseEntity<ErrorResponse> unsupportedMediaType(UnsupportedMediaTypeStatusException e) {
    return error(415, ErrorResponse.unsupportedMediaType());
  }

  @ExceptionHandler
  ResponseEntity<ErrorResponse> methodNotAllowed(MethodNotAllowedException e, ServerHttpRequest request) {
    return error(405, ErrorResponse.methodNotAllowed(request.getMethod().name(), request.getPath().value()));
  }

  // A body over spring.http.codecs.max-in-memory-size (10 MiB, application.properties): 413 without
  // a body, as Quarkus and Micronaut answer theirs (outside the contract, docs/contract-v1.md).
  @ExceptionHandler
  ResponseEntity<Void> payloadTooLarge(PayloadTooLargeException e) {
    return ResponseEntity.status(413).build();
  }

  // No route: DispatcherHandler's 404 (static resources are off: application.properties). A path
  // with dot segments matches no route (WebFlux does not resolve them): it is refused as such.
  // Any other status is answered as Spring Boot would (rethrown to its error handler).
  @ExceptionHandler
  ResponseEntity<ErrorResponse> notFound(ResponseStatusException e, ServerHttpRequest request) {
    if (e.getStatusCode().value() != 404) {
      throw e;
    }
    String path = request.getPath().value();
    if (ErrorResponse.hasDotSegment(path)) {
      return error(400, ErrorResponse.dotSegments());
    }
    return error(404, ErrorResponse.notFound(request.getMethod().name(), path));
  }

  /**
   * Netty's decoder refuses what it cannot parse (a request line over 4 KiB, a header section over
   * 8 KiB, a bad header line) before Spring sees the request, and Reactor Netty then answers 414,
   * 431 or 400 with an empty body; a target with a character RFC 3986 does not allow ({@code |},
   * {@code {}, {@code \}) passes Netty, and Spring's adapter answers it 400 with an empty body when
   * it cannot make a URI of it. This handler, placed in front of Reactor Netty's own
   * (PerflabApplication), answers those requests first, with the contract's JSON, and closes the
   * connection as Reactor Netty would: the WebFlux counterpart of the spring-boot app's Tomcat valve.
   * For a request that parsed, its cost is one scan of the target's characters.
   */
  @ChannelHandler.Sharable
  static final class DecoderFailures extends ChannelInboundHandlerAdapter {

    static final String NAME = "perflab.decoderFailures";
    private static final AttributeKey<Boolean> REFUSED = AttributeKey.valueOf(NAME + ".refused");

    @Override
    public void channelRead(ChannelHandlerContext context, Object message) {
      if (context.channel().hasAttr(REFUSED)) {
        ReferenceCountUtil.release(message); // the rest of a refused request, until the connection closes
        return;
      }
      if (!(message instanceof HttpRequest request)
          || request.decoderResult().isSuccess() && allowedInTarget(request.uri())) {
        context.fireChannelRead(message);
        return;
      }
      context.channel().attr(REFUSED).set(Boolean.TRUE);
      Throwable cause = request.decoderResult().cause();
      ReferenceCountUtil.release(message);
      if (cause == null) {
        answer(context, HttpResponseStatus.BAD_REQUEST, ErrorResponse.malformedRequest());
      } else if (cause instanceof TooLongHttpLineException) {
        answer(context, HttpResponseStatus.REQUEST_URI_TOO_LONG, ErrorResponse.requestLineTooLong());
      } else if (cause instanceof TooLongHttpHeaderException) {
        answer(context, HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, ErrorResponse.headersTooLarge());
      } else {
        answer(context, HttpResponseStatus.BAD_REQUEST, ErrorResponse.malformedRequest());
      }
    }

    /** No control character, no space, none of the quote, angle brackets, backslash, caret, backquote, braces and bar: what java.net.URI, and so Spring, refuses in a target. */
    static boolean allowedInTarget(String target) {
      for (int i = 0; i < target.length(); i++) {
        char c = target.charAt(i);
        if (c <= ' ' || c == 0x7f || "\"<>\\^`{|}".indexOf(c) >= 0) {
          return false;
        }
      }
      return true;
    }

    private static void answer(ChannelHandlerContext context, HttpResponseStatus status, ErrorResponse body) {
      ByteBuf json = Unpooled.copiedBuffer("{\"error\":\"" + body.error() + "\"}", StandardCharsets.UTF_8);
      FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, json);
      response.headers()
          .set(HttpHeaderNames.CONTENT_TYPE, MediaType.APPLICATION_JSON_VALUE)
          .setInt(HttpHeaderNames.CONTENT_LENGTH, json.readableBytes())
          .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
      context.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }
  }

  private static ResponseEntity<ErrorResponse> error(int status, ErrorResponse body) {
    return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(body);
  }
}
