package io.txbench.report.live;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Where an endpoint of a run listens: {@code [HOST:]PORT}, the loopback address when no host is
 * named, so that nothing of a run is served beyond the machine unless the user asks for it.
 *
 * @param host the host as the user named it; empty for the loopback address
 * @param port 0 to 65535 (0: any free port)
 */
public record ListenAddress(String host, int port) {
  /** The live page's port when none is named. */
  public static final int LIVE_PORT = 9465;

  /**
   * {@code value} read as {@code [HOST:]PORT} (an IPv6 host in brackets: {@code [::1]:9400});
   * {@code option} names the option in the one-line message of a value that is none.
   */
  public static ListenAddress parse(String option, String value) {
    String text = value.trim();
    int colon = text.lastIndexOf(':');
    String host = colon < 0 ? "" : text.substring(0, colon);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    String port = colon < 0 ? text : text.substring(colon + 1);
    int number;
    try {
      number = Integer.parseInt(port);
    } catch (NumberFormatException e) {
      number = -1;
    }
    if (number < 0 || number > 65535 || (colon >= 0 && host.isBlank())) {
      throw new IllegalArgumentException(
          option
              + " takes [HOST:]PORT, a port from 0 to 65535 (9400, 0.0.0.0:9400), not '"
              + value
              + "'");
    }
    return new ListenAddress(host, number);
  }

  /** The socket address to bind; the exception names the host that cannot be resolved. */
  public InetSocketAddress socket() throws UnknownHostException {
    return new InetSocketAddress(
        host.isEmpty() ? InetAddress.getLoopbackAddress() : InetAddress.getByName(host), port);
  }

  /**
   * Whether this serves beyond the machine: a host that is named and is not a loopback address (an
   * unknown host is not; binding it fails and says so).
   */
  public boolean beyondLoopback() {
    if (host.isEmpty() || host.toLowerCase(Locale.ROOT).equals("localhost")) {
      return false;
    }
    try {
      return !InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  /** As the user would type it back: {@code 9400}, {@code 0.0.0.0:9400}. */
  @Override
  public String toString() {
    return host.isEmpty()
        ? String.valueOf(port)
        : (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }
}
