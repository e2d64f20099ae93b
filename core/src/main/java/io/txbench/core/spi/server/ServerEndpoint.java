package io.txbench.core.spi.server;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Where the client connects to a server: the first host of its URL, or its host option, and port.
 */
public record ServerEndpoint(@Nullable String host, int port) {
  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

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
