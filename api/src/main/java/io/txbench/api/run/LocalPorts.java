package io.txbench.api.run;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/** Whether something listens on a local port. */
final class LocalPorts {
  private LocalPorts() {}

  static boolean answers(String host, int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
