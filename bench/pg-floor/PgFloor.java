import java.io.*;
import java.net.*;
import java.nio.*;
import java.nio.channels.*;
import java.nio.charset.StandardCharsets;
import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;

/**
 * The floor of a Java PostgreSQL client, for bench/pg-floor.sh: pgbench's select-only (a prepared
 * statement, binary parameter and result) with no library between the JVM and the socket: one
 * write (Bind, Execute, Sync) and, as a rule, one read a transaction. Modes: "threads", a blocking
 * socket and a thread a connection (PgJDBC's model); "loops", LOOPS selector threads over
 * non-blocking channels (pgbench -j's, and the event-loop client's). A benchmark probe, not part of
 * txbench: trust authentication only, errors end it. Prints the tps and the process's CPU per
 * transaction (µs) over the measured seconds.
 *
 * <p>Usage: PgFloor MODE HOST PORT DATABASE CLIENTS WARMUP_SECONDS SECONDS SCALE LOOPS
 */
public class PgFloor {
  static final String SQL = "SELECT abalance FROM pgbench_accounts WHERE aid = $1";
  static volatile boolean measuring, stop;
  static final LongAdder done = new LongAdder();

  public static void main(String[] a) throws Exception {
    String mode = a[0], host = a[1]; int port = Integer.parseInt(a[2]); String db = a[3];
    int clients = Integer.parseInt(a[4]); int warm = Integer.parseInt(a[5]), secs = Integer.parseInt(a[6]);
    int accounts = 100000 * Integer.parseInt(a[7]);
    int loops = Integer.parseInt(a[8]);
    List<Thread> threads = new ArrayList<>();
    if (mode.equals("threads")) {
      for (int i = 0; i < clients; i++) {
        Thread t = new Thread(() -> { try { blocking(host, port, db, accounts); } catch (Exception e) { e.printStackTrace(); } });
        threads.add(t); t.start();
      }
    } else {
      for (int l = 0; l < loops; l++) {
        int n = clients / loops + (l < clients % loops ? 1 : 0);
        Thread t = new Thread(() -> { try { loop(host, port, db, n, accounts); } catch (Exception e) { e.printStackTrace(); } });
        threads.add(t); t.start();
      }
    }
    var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    Thread.sleep(warm * 1000L);
    long c0 = done.sum(), cpu0 = os.getProcessCpuTime(), t0 = System.nanoTime();
    Thread.sleep(secs * 1000L);
    long c1 = done.sum(), cpu1 = os.getProcessCpuTime(), t1 = System.nanoTime();
    stop = true;
    double tps = (c1 - c0) / ((t1 - t0) / 1e9);
    System.out.printf(Locale.ROOT, "%.0f %.2f%n", tps, (cpu1 - cpu0) / 1e3 / (c1 - c0));
    System.exit(0);
  }

  static byte[] startup(String db) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    DataOutputStream d = new DataOutputStream(b);
    try {
      d.writeInt(0); d.writeInt(196608);
      for (String s : new String[] {"user", "postgres", "database", db}) { d.write(s.getBytes(StandardCharsets.UTF_8)); d.write(0); }
      d.write(0);
    } catch (IOException e) { throw new UncheckedIOException(e); }
    byte[] r = b.toByteArray();
    ByteBuffer.wrap(r).putInt(0, r.length);
    return r;
  }

  static byte[] parse() {
    ByteBuffer b = ByteBuffer.allocate(256);
    b.put((byte) 'P'); int at = b.position(); b.putInt(0);
    b.put((byte) 's').put((byte) 0); b.put(SQL.getBytes(StandardCharsets.UTF_8)).put((byte) 0);
    b.putShort((short) 1).putInt(23);
    b.putInt(at, b.position() - at);
    b.put((byte) 'S').putInt(4);
    return Arrays.copyOf(b.array(), b.position());
  }

  /** Bind (binary int4 parameter, binary result), Execute, Sync: one write a transaction. */
  static final class Request {
    final byte[] bytes; final int param;
    Request() {
      ByteBuffer b = ByteBuffer.allocate(64);
      b.put((byte) 'B'); int at = b.position(); b.putInt(0);
      b.put((byte) 0); b.put((byte) 's').put((byte) 0);
      b.putShort((short) 1).putShort((short) 1); // one parameter format: binary
      b.putShort((short) 1); b.putInt(4); param = b.position(); b.putInt(0);
      b.putShort((short) 1).putShort((short) 1); // one result format: binary
      b.putInt(at, b.position() - at);
      b.put((byte) 'E').putInt(9).put((byte) 0).putInt(0);
      b.put((byte) 'S').putInt(4);
      bytes = Arrays.copyOf(b.array(), b.position());
    }
    byte[] with(int aid) { ByteBuffer.wrap(bytes).putInt(param, aid); return bytes; }
  }

  /** Consumes whole messages from buf[0..len); returns how many ReadyForQuery it saw, and compacts. */
  static final class Reader {
    byte[] buf = new byte[8192]; int len;
    void add(ByteBuffer io, int got) {
      if (buf.length - len < got) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + got));
      io.flip(); io.get(buf, len, got); len += got;
    }
    int readies() {
      int at = 0, z = 0;
      while (len - at >= 5) {
        int n = ((buf[at + 1] & 255) << 24) | ((buf[at + 2] & 255) << 16) | ((buf[at + 3] & 255) << 8) | (buf[at + 4] & 255);
        if (len - at < n + 1) break;
        byte type = buf[at];
        if (type == 'E') throw new IllegalStateException("server error: " + new String(buf, at + 5, n - 4, StandardCharsets.UTF_8));
        if (type == 'Z') z++;
        at += n + 1;
      }
      System.arraycopy(buf, at, buf, 0, len - at); len -= at;
      if (len == buf.length) buf = Arrays.copyOf(buf, buf.length * 2);
      return z;
    }
  }

  static void blocking(String host, int port, String db, int accounts) throws IOException {
    Socket s = new Socket();
    s.setTcpNoDelay(true);
    s.connect(new InetSocketAddress(host, port));
    InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream();
    Reader r = new Reader();
    out.write(startup(db));
    untilReady(in, r);
    out.write(parse());
    untilReady(in, r);
    Request q = new Request();
    SplittableRandom rnd = new SplittableRandom();
    while (!stop) {
      out.write(q.with(1 + rnd.nextInt(accounts)));
      untilReady(in, r);
      done.increment();
    }
  }

  static void untilReady(InputStream in, Reader r) throws IOException {
    while (true) {
      int n = in.read(r.buf, r.len, r.buf.length - r.len);
      if (n < 0) throw new EOFException();
      r.len += n;
      if (r.readies() > 0) return;
    }
  }

  static void loop(String host, int port, String db, int n, int accounts) throws IOException {
    Selector sel = Selector.open();
    SplittableRandom rnd = new SplittableRandom();
    ByteBuffer io = ByteBuffer.allocateDirect(65536);
    // Connect and prepare each blocking, then switch to non-blocking under the selector.
    for (int i = 0; i < n; i++) {
      SocketChannel ch = SocketChannel.open(new InetSocketAddress(host, port));
      ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
      Reader r = new Reader();
      write(ch, io, startup(db)); readyBlocking(ch, io, r);
      write(ch, io, parse()); readyBlocking(ch, io, r);
      ch.configureBlocking(false);
      Object[] att = {r, new Request()};
      ch.register(sel, SelectionKey.OP_READ, att);
      write(ch, io, ((Request) att[1]).with(1 + rnd.nextInt(accounts)));
    }
    while (!stop) {
      sel.select();
      Iterator<SelectionKey> it = sel.selectedKeys().iterator();
      while (it.hasNext()) {
        SelectionKey k = it.next(); it.remove();
        SocketChannel ch = (SocketChannel) k.channel();
        Object[] att = (Object[]) k.attachment();
        Reader r = (Reader) att[0];
        io.clear();
        int got = ch.read(io);
        if (got < 0) throw new EOFException();
        r.add(io, got);
        int z = r.readies();
        for (int i = 0; i < z; i++) {
          done.increment();
          write(ch, io, ((Request) att[1]).with(1 + rnd.nextInt(accounts)));
        }
      }
    }
  }

  static void write(SocketChannel ch, ByteBuffer io, byte[] bytes) throws IOException {
    io.clear(); io.put(bytes); io.flip();
    while (io.hasRemaining()) ch.write(io);
  }

  static void readyBlocking(SocketChannel ch, ByteBuffer io, Reader r) throws IOException {
    while (true) {
      io.clear();
      int got = ch.read(io);
      if (got < 0) throw new EOFException();
      r.add(io, got);
      if (r.readies() > 0) return;
    }
  }
}
