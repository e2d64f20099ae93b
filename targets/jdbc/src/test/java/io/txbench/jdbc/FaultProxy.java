package io.txbench.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A TCP proxy on loopback that cuts a connection right after forwarding a chosen statement to the
 * server: the server gets it and runs it, and the client never sees the reply, as when a network or
 * a server host dies at that moment. A request is what the client sends in one write (drivers flush
 * each statement). The proxy knows just enough of the PostgreSQL and MySQL protocols to recognise a
 * statement run by text or as a prepared statement, so the connection must not use TLS.
 */
public final class FaultProxy implements AutoCloseable {
  /** COMMIT as a statement of its own (not the {@code autocommit} of a SET). */
  private static final Pattern COMMIT = Pattern.compile("(?i)(?<![a-z_])commit(?![a-z_=])");

  private static final Pattern ADDRESS = Pattern.compile("//([^/:?]+):(\\d+)/");

  private final ServerSocket listener;
  private final String host;
  private final int port;
  private final Pattern statement;
  private final int every;
  private final int maxCuts;
  private final AtomicInteger matches = new AtomicInteger();
  private final AtomicInteger cuts = new AtomicInteger();
  private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();

  private FaultProxy(String jdbcUrl, Pattern statement, int every, int maxCuts) throws IOException {
    Matcher m = ADDRESS.matcher(jdbcUrl);
    if (!m.find()) {
      throw new IllegalArgumentException("no host:port in " + jdbcUrl);
    }
    this.host = m.group(1);
    this.port = Integer.parseInt(m.group(2));
    this.statement = statement;
    this.every = every;
    this.maxCuts = maxCuts;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::accept, "fault-proxy");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /** Cuts the connection after every {@code every}-th COMMIT, {@code maxCuts} times at most. */
  public static FaultProxy cuttingAfterCommit(String jdbcUrl, int every, int maxCuts)
      throws IOException {
    return new FaultProxy(jdbcUrl, COMMIT, every, maxCuts);
  }

  /**
   * Cuts the connection after every {@code every}-th run of a statement whose text contains {@code
   * sql}, {@code maxCuts} times at most.
   */
  public static FaultProxy cuttingAfterStatement(String jdbcUrl, String sql, int every, int maxCuts)
      throws IOException {
    return new FaultProxy(jdbcUrl, Pattern.compile(Pattern.quote(sql)), every, maxCuts);
  }

  /** The same JDBC URL, aimed at this proxy instead of the server. */
  public String rewrite(String jdbcUrl) {
    return ADDRESS.matcher(jdbcUrl).replaceFirst("//127.0.0.1:" + listener.getLocalPort() + "/");
  }

  /** How many connections were cut so far. */
  public int cuts() {
    return cuts.get();
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        Socket server = new Socket(host, port);
        client.setTcpNoDelay(true);
        server.setTcpNoDelay(true);
        sockets.add(client);
        sockets.add(server);
        Connection connection = new Connection(statement);
        start(() -> pumpRequests(client, server, connection));
        start(() -> pumpReplies(server, client, connection));
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private static void start(Runnable pump) {
    Thread t = new Thread(pump, "fault-proxy-pump");
    t.setDaemon(true);
    t.start();
  }

  private void pumpRequests(Socket client, Socket server, Connection connection) {
    byte[] buffer = new byte[65536];
    try (InputStream in = client.getInputStream();
        OutputStream out = server.getOutputStream()) {
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        String request = new String(buffer, 0, n, StandardCharsets.ISO_8859_1);
        boolean cutNow =
            connection.runs(request)
                && cuts.get() < maxCuts
                && matches.incrementAndGet() % every == 0
                && cuts.incrementAndGet() <= maxCuts;
        if (cutNow) {
          connection.cut(); // from now on, nothing the server says reaches the client
        }
        out.write(buffer, 0, n);
        out.flush();
        if (cutNow) {
          break;
        }
      }
    } catch (IOException e) {
      // One side went away: the other goes too.
    } finally {
      closeQuietly(server);
      closeQuietly(client);
    }
  }

  private static void pumpReplies(Socket server, Socket client, Connection connection) {
    byte[] buffer = new byte[65536];
    try (InputStream in = server.getInputStream();
        OutputStream out = client.getOutputStream()) {
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        connection.replied(buffer, n);
        if (!connection.forward(out, buffer, n)) {
          break;
        }
      }
    } catch (IOException e) {
      // One side went away: the other goes too.
    } finally {
      closeQuietly(client);
      closeQuietly(server);
    }
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException e) {
      // Closed already.
    }
  }

  @Override
  public void close() throws IOException {
    listener.close();
    sockets.forEach(FaultProxy::closeQuietly);
  }

  /**
   * What the proxy learnt of one connection: the names (PostgreSQL) or ids (MySQL) under which the
   * watched statement was prepared, so that running it by name or id is recognised too.
   */
  private static final class Connection {
    /**
     * PostgreSQL's Parse (a statement's name, empty for PgJDBC's unnamed one, and its text) or Bind
     * (to a portal, of a statement's name), in the order the client sent them.
     */
    private static final Pattern PARSE_OR_BIND =
        Pattern.compile(
            "P.{4}([0-9A-Za-z_]*)\\x00([^\\x00]*)\\x00|B.{4}[^\\x00]*\\x00([0-9A-Za-z_]*)\\x00",
            Pattern.DOTALL);

    private static final int MYSQL_STMT_PREPARE = 0x16;
    private static final int MYSQL_STMT_EXECUTE = 0x17;

    private final Pattern statement;
    private final Set<String> names = ConcurrentHashMap.newKeySet();
    private final Set<Integer> ids = ConcurrentHashMap.newKeySet();
    private volatile boolean awaitingId;
    private boolean cut;

    Connection(Pattern statement) {
      this.statement = statement;
    }

    /** Whether the request runs the watched statement, by text, name or id. */
    boolean runs(String request) {
      int command = request.length() > 4 ? request.charAt(4) : -1;
      if (command == MYSQL_STMT_PREPARE && statement.matcher(request).find()) {
        awaitingId = true; // the server's reply names it; preparing runs nothing
        return false;
      }
      if (command == MYSQL_STMT_EXECUTE
          && request.length() >= 9
          && ids.contains(littleEndianInt(request.getBytes(StandardCharsets.ISO_8859_1), 5))) {
        return true;
      }
      // A Parse alone runs nothing (the event-loop client prepares every statement when it
      // connects): a statement runs when a Bind names it, or when its text is sent otherwise (a
      // simple query, MySQL's text protocol).
      StringBuilder unparsed = new StringBuilder();
      boolean bound = false;
      int from = 0;
      Matcher m = PARSE_OR_BIND.matcher(request);
      while (m.find()) {
        if (m.group(1) != null) {
          unparsed.append(request, from, m.start());
          from = m.end();
          if (statement.matcher(m.group(2)).find()) {
            names.add(m.group(1));
          } else {
            names.remove(m.group(1)); // an unnamed statement replaced by another
          }
        } else if (names.contains(m.group(3))) {
          bound = true;
        }
      }
      unparsed.append(request, from, request.length());
      return bound || statement.matcher(unparsed).find();
    }

    /** Reads MySQL's COM_STMT_PREPARE_OK for the id of the watched statement. */
    void replied(byte[] reply, int length) {
      if (awaitingId && length >= 9 && reply[4] == 0) {
        ids.add(littleEndianInt(reply, 5));
        awaitingId = false;
      }
    }

    synchronized void cut() {
      cut = true;
    }

    /** Forwards a reply unless the connection was cut; false once it was. */
    synchronized boolean forward(OutputStream out, byte[] reply, int length) throws IOException {
      if (cut) {
        return false;
      }
      out.write(reply, 0, length);
      out.flush();
      return true;
    }

    private static int littleEndianInt(byte[] b, int at) {
      return (b[at] & 0xff)
          | (b[at + 1] & 0xff) << 8
          | (b[at + 2] & 0xff) << 16
          | (b[at + 3] & 0xff) << 24;
    }
  }
}
