package io.txbench.jdbc.client;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.SocketFactory;
import org.jspecify.annotations.Nullable;

/**
 * The sockets of a driver's connections ({@code socketFactory}), which connect within the driver's
 * connect timeout and yet stay in blocking mode.
 *
 * <p>Why: the JDK's socket (NioSocketImpl) turns non-blocking for good at its first timed
 * operation, and a timed connect is one. From then on every read the driver makes costs a read that
 * finds nothing, a poll that waits, and a second read: three system calls where one blocking read
 * does (strace of a PgJDBC worker: 3.0 reads, 1.0 of them EAGAIN, and 1.0 poll a statement). On a
 * machine the server shares, that CPU is the server's. Here the connect is untimed, and a watchdog
 * closes the socket if it has not connected in time, which fails the connect as a timed one would.
 * A read timeout ({@code setSoTimeout}) still turns it non-blocking: only connections that read
 * without one (the workers') gain.
 */
public final class BlockingSockets extends SocketFactory {
  @Override
  public Socket createSocket() {
    return new BlockingSocket();
  }

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    return connected(new InetSocketAddress(host, port), null);
  }

  @Override
  public Socket createSocket(String host, int port, InetAddress localHost, int localPort)
      throws IOException {
    return connected(
        new InetSocketAddress(host, port), new InetSocketAddress(localHost, localPort));
  }

  @Override
  public Socket createSocket(InetAddress host, int port) throws IOException {
    return connected(new InetSocketAddress(host, port), null);
  }

  @Override
  public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
      throws IOException {
    return connected(
        new InetSocketAddress(address, port), new InetSocketAddress(localAddress, localPort));
  }

  /** A socket connected to {@code at}, from {@code local} if given. */
  private static Socket connected(SocketAddress at, @Nullable SocketAddress local)
      throws IOException {
    Socket socket = new BlockingSocket();
    if (local != null) {
      socket.bind(local);
    }
    socket.connect(at);
    return socket;
  }

  /** A socket whose timed connect is an untimed one under a watchdog. */
  private static final class BlockingSocket extends Socket {
    @Override
    public void connect(SocketAddress endpoint, int timeoutMillis) throws IOException {
      if (timeoutMillis <= 0) {
        super.connect(endpoint, 0);
        return;
      }
      // Who ends the connect decides once: the connect (connected in time) or the watchdog.
      AtomicBoolean decided = new AtomicBoolean();
      Thread watchdog =
          new Thread(
              () -> {
                try {
                  Thread.sleep(timeoutMillis);
                  if (decided.compareAndSet(false, true)) {
                    close();
                  }
                } catch (InterruptedException | IOException e) {
                  // connected in time, or nothing left to close
                }
              },
              "txbench-connect-watchdog");
      watchdog.setDaemon(true);
      watchdog.start();
      try {
        super.connect(endpoint, 0);
      } catch (IOException e) {
        throw decided.compareAndSet(false, true) ? e : timedOut(timeoutMillis, e);
      } finally {
        watchdog.interrupt();
      }
      if (!decided.compareAndSet(false, true)) {
        throw timedOut(timeoutMillis, null); // connected as the watchdog closed it
      }
    }

    private static SocketTimeoutException timedOut(int timeoutMillis, @Nullable IOException cause) {
      SocketTimeoutException late =
          new SocketTimeoutException("connect timed out after " + timeoutMillis + " ms");
      if (cause != null) {
        late.initCause(cause);
      }
      return late;
    }
  }
}
