package dev.perflab.harness.load;

import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.catalog.RequestSpec;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * What the load drivers share: one event-loop thread (epoll, whose timers fire to the microsecond),
 * keep-alive HTTP/1.1 connections, request templates and the one rule for a wrong answer.
 */
final class NettyHttp {

  static final int MAX_BODY_BYTES = 1 << 20;
  static final int MAX_ERROR_SAMPLES = 5;

  private NettyHttp() {}

  static EventLoopGroup oneThread() {
    return new MultiThreadIoEventLoopGroup(1, Epoll.isAvailable() ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
  }

  /**
   * Runs a driver on a thread of its own: {@code start} sets it going on the loop it is given and
   * returns its result to come, awaited for {@code duration} and half a minute more.
   */
  static <T> T drive(String what, InetSocketAddress target, Duration duration,
      Function<EventLoop, CompletableFuture<T>> start) throws InterruptedException {
    EventLoopGroup group = oneThread();
    try {
      return start.apply(group.next()).get(duration.toSeconds() + 30, TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("the " + what + " against " + target + " did not complete", e);
    } finally {
      group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  /** Connections on {@code loop}, each with its own handler from {@code handler} after the HTTP codec. */
  static Bootstrap bootstrap(EventLoop loop, Supplier<ChannelHandler> handler) {
    return new Bootstrap().group(loop)
        .channel(Epoll.isAvailable() ? EpollSocketChannel.class : NioSocketChannel.class)
        .option(ChannelOption.TCP_NODELAY, true)
        .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 2_000)
        .handler(new ChannelInitializer<>() {
          @Override
          protected void initChannel(Channel channel) {
            channel.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(MAX_BODY_BYTES), handler.get());
          }
        });
  }

  /**
   * Each request of the mix as sent, again and again, by its index in the mix: send a
   * {@code retainedDuplicate()}, release them all at the end.
   */
  static List<FullHttpRequest> templates(RequestMix requests, InetSocketAddress target) {
    return templates(requests, java.util.Collections.nCopies(requests.size(), target));
  }

  /** The same, each request addressed to its own target ({@code targets}, one per request of the mix). */
  static List<FullHttpRequest> templates(RequestMix requests, List<InetSocketAddress> targets) {
    return IntStream.range(0, requests.size()).mapToObj(i -> template(requests.request(i), targets.get(i))).toList();
  }

  private static FullHttpRequest template(RequestSpec spec, InetSocketAddress target) {
    byte[] body = spec.body() == null ? new byte[0] : spec.body().getBytes(StandardCharsets.UTF_8);
    FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.valueOf(spec.method()),
        spec.path(), Unpooled.wrappedBuffer(body));
    request.headers().set(HttpHeaderNames.HOST, target.getHostString() + ":" + target.getPort());
    request.headers().set(HttpHeaderNames.CONTENT_LENGTH, body.length);
    if (spec.contentType() != null) {
      request.headers().set(HttpHeaderNames.CONTENT_TYPE, spec.contentType());
    }
    return request;
  }

  /** What a connection of one sender hears: an answer, or that it broke (why). */
  interface Listener {
    void answered(FullHttpResponse response);

    void broken(String why);
  }

  /** A connection's last handler, telling {@code listener}; a broken connection is closed. */
  static ChannelHandler answers(Listener listener) {
    return new SimpleChannelInboundHandler<FullHttpResponse>() {
      @Override
      protected void channelRead0(ChannelHandlerContext context, FullHttpResponse response) {
        listener.answered(response);
      }

      @Override
      public void channelInactive(ChannelHandlerContext context) {
        listener.broken("connection closed before the answer");
      }

      @Override
      public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        listener.broken(cause.getClass().getSimpleName() + ": " + cause.getMessage());
        context.close();
      }
    };
  }

  /**
   * Lets a sender's connection go without hearing of it again: its last handler (the one {@link #answers} made)
   * is taken off before it closes, so its close cannot reach the sender, who may be on a new connection by then.
   */
  static void letGo(Channel channel) {
    if (channel.pipeline().last() != null) {
      channel.pipeline().removeLast();
    }
    channel.close();
  }

  /**
   * Whether the server keeps the connection open after {@code response}; when it does not (no keep-alive:
   * Tomcat closes after 100 requests), the sender lets it go on that answer and sends its next request on a
   * new one, rather than on one whose close is already on its way.
   */
  static boolean keptOpen(FullHttpResponse response) {
    return HttpUtil.isKeepAlive(response);
  }

  /**
   * Why {@code response} is not what {@code spec} expects; empty when it is. The body is searched as
   * bytes, not decoded: a large payload decoded on the event loop would slow the driver, not the app.
   */
  static Optional<String> mismatch(RequestSpec spec, FullHttpResponse response) {
    int status = response.status().code();
    ByteBuf body = response.content();
    byte[] expected = spec.expectedBodyContains().getBytes(StandardCharsets.UTF_8);
    if (status == spec.expectedStatus()
        && (expected.length == 0 || ByteBufUtil.indexOf(Unpooled.wrappedBuffer(expected), body) >= 0)) {
      return Optional.empty();
    }
    String start = body.toString(body.readerIndex(), Math.min(body.readableBytes(), 120), StandardCharsets.UTF_8);
    return Optional.of(spec + " answered " + status + " " + (body.readableBytes() <= 120 ? start : start + "…"));
  }
}
