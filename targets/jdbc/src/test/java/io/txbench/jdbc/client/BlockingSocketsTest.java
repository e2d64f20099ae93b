package io.txbench.jdbc.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The driver's sockets connect within the connect timeout, as a timed connect does. */
class BlockingSocketsTest {
  private final BlockingSockets sockets = new BlockingSockets();

  @Test
  void aTimedConnectConnectsAndCarriesBytesBothWays() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Socket client = sockets.createSocket()) {
      client.connect(new InetSocketAddress(server.getInetAddress(), server.getLocalPort()), 5000);
      try (Socket accepted = server.accept()) {
        OutputStream out = client.getOutputStream();
        out.write(42);
        out.flush();
        assertEquals(42, accepted.getInputStream().read());
        accepted.getOutputStream().write(7);
        InputStream in = client.getInputStream();
        assertEquals(7, in.read());
      }
      // The watchdog has nothing to close once connected in time.
      Thread.sleep(50);
      assertTrue(client.isConnected() && !client.isClosed());
    }
  }

  @Test
  void aConnectThatHangsFailsAsATimedOneWouldOnceItsTimeIsUp() throws Exception {
    // A listener whose accept queue is full drops the SYNs of further connects: they hang.
    List<Socket> queued = new ArrayList<>();
    try (ServerSocket full = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      InetSocketAddress at = new InetSocketAddress(full.getInetAddress(), full.getLocalPort());
      try {
        for (int i = 0; i < 8; i++) {
          Socket s = new Socket();
          queued.add(s);
          s.connect(at, 200);
        }
      } catch (SocketTimeoutException expected) {
        // the queue is full
      }
      try (Socket client = sockets.createSocket()) {
        long start = System.nanoTime();
        SocketTimeoutException late =
            assertThrows(SocketTimeoutException.class, () -> client.connect(at, 300));
        assertTrue(String.valueOf(late.getMessage()).contains("300 ms"), late.getMessage());
        long took = System.nanoTime() - start;
        assertTrue(took >= 300_000_000L, "it gave up before its time");
        // Far from the 0.3 s, and from the kernel's two minutes of SYN retries without it.
        assertTrue(took < 20_000_000_000L, "it waited " + took / 1_000_000 + " ms");
      }
    } finally {
      for (Socket s : queued) {
        s.close();
      }
    }
  }
}
