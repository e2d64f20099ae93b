package io.txbench.core.telemetry;

import io.txbench.core.spi.TargetOptions;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Where the client connects to a server: the first host of its URL, or its host option, and port.
 */
public record ServerEndpoint(@Nullable String host, int port) {
  /** The first host of a URL: after {@code //} and any {@code user:password@}, up to , / or ?. */
  private static final Pattern URL_HOST = Pattern.compile("//(?:[^@/?]*@)?([^/?,]+)");

  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

  /** The endpoint the options name; empty when a URL names none txbench can read. */
  public static Optional<ServerEndpoint> of(TargetOptions options) {
    if (options.url() == null || options.url().isBlank()) {
      return Optional.of(new ServerEndpoint(options.host(), options.port()));
    }
    Matcher m = URL_HOST.matcher(options.url());
    if (!m.find()) {
      return Optional.empty();
    }
    String hostPort = m.group(1);
    String host = hostPort;
    int port = options.port();
    int close = hostPort.lastIndexOf(']');
    int colon = hostPort.lastIndexOf(':');
    if (colon > close && (close >= 0 || hostPort.indexOf(':') == colon)) {
      host = hostPort.substring(0, colon);
      try {
        port = Integer.parseInt(hostPort.substring(colon + 1));
      } catch (NumberFormatException e) {
        return Optional.empty();
      }
    }
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    return Optional.of(new ServerEndpoint(host, port));
  }

  /**
   * Whether the server runs on this machine as far as its name tells without asking DNS (which may
   * hang): {@code localhost}, a loopback address, or an address of one of this machine's
   * interfaces.
   */
  public boolean local() {
    if (host == null) {
      return false;
    }
    String h = host.toLowerCase(Locale.ROOT);
    if (h.equals("localhost") || h.endsWith(".localhost")) {
      return true;
    }
    if (!IPV4.matcher(h).matches() && !h.contains(":")) {
      return false; // a name: only DNS could tell
    }
    try {
      InetAddress address = InetAddress.getByName(h); // a literal: no lookup
      return address.isLoopbackAddress()
          || address.isAnyLocalAddress()
          || NetworkInterface.getByInetAddress(address) != null;
    } catch (UnknownHostException | SocketException e) {
      return false;
    }
  }
}
