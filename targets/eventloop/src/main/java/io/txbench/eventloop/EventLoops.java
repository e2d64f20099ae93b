package io.txbench.eventloop;

import io.netty.bootstrap.Bootstrap;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.internal.VertxInternal;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The event loops of one target's client on the asynchronous model: one Vert.x with as many event
 * loops as the machine has cores, on Linux's native transport (epoll) where it loads and Java's NIO
 * elsewhere. Each connection lives on one event loop, which reads its answers and starts its
 * worker's next iteration.
 */
public final class EventLoops implements AutoCloseable {
  private static final long CLOSE_SECONDS = 5;

  private final Vertx vertx;
  private final int loops;

  private EventLoops(Vertx vertx, int loops) {
    this.vertx = vertx;
    this.loops = loops;
  }

  /** Starts the event loops: one per core. */
  public static EventLoops start() {
    return start(Runtime.getRuntime().availableProcessors());
  }

  /** Starts {@code loops} event loops. */
  public static EventLoops start(int loops) {
    VertxOptions options =
        new VertxOptions().setEventLoopPoolSize(loops).setPreferNativeTransport(true);
    return new EventLoops(Vertx.vertx(options), loops);
  }

  public Vertx vertx() {
    return vertx;
  }

  /**
   * A Netty bootstrap of client connections on these same loops and their transport, for a client
   * that drives Netty's codecs itself, without Vert.x's objects around each request.
   */
  public Bootstrap bootstrap() {
    VertxInternal internal = (VertxInternal) vertx;
    return new Bootstrap()
        .group(internal.nettyEventLoopGroup())
        .channelFactory(internal.transport().channelFactory(false));
  }

  /** The transport and the loops, as results describe a client: "native epoll, 2 event loops". */
  public String describe() {
    return (vertx.isNativeTransportEnabled() ? "native epoll" : "NIO")
        + ", "
        + loops
        + (loops == 1 ? " event loop" : " event loops");
  }

  /** Vert.x's version, as its JAR says it. */
  public static String version() {
    try (InputStream in = Vertx.class.getResourceAsStream("/META-INF/vertx/vertx-version.txt")) {
      return in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      return "";
    }
  }

  /** Stops the loops, waiting a few seconds at most; never throws. */
  @Override
  public void close() {
    try {
      vertx.close().toCompletionStage().toCompletableFuture().get(CLOSE_SECONDS, TimeUnit.SECONDS);
    } catch (Exception e) {
      // Their threads end with the process anyway; nothing of the run depends on them.
    }
  }
}
