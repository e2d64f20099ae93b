package io.txbench.core.telemetry;

import io.txbench.core.spi.server.ServerEndpoint;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The processes of a server that runs on this machine, found by the socket it listens on ({@code
 * /proc/net/tcp} and {@code tcp6} give the socket's inode, the process whose {@code /proc/PID/fd}
 * holds it is the server), with every process it forked (a PostgreSQL backend per connection): the
 * CPU time ({@code /proc/PID/stat}) and the bytes read from and written to storage ({@code
 * /proc/PID/io}) they used. Only processes of txbench's own user can be told (the kernel hides
 * others' descriptors); a server that is txbench's own process (the in-process MongoDB emulator) is
 * not told apart from txbench, and is left out.
 */
public final class ServerProcesses {
  /** The kernel's clock ticks per second in {@code /proc/PID/stat}: USER_HZ, 100 on Linux. */
  private static final double TICKS_PER_SECOND = 100;

  private static final String LISTEN = "0A";

  /** How often the server's descendants are looked for again. */
  private static final long REFRESH_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(5);

  private final Path proc;
  private final long server;
  private final boolean io;
  private @Nullable List<Long> pids; // none until the first reading
  private long pidsFound;

  /** Each process's CPU ticks, bytes read and bytes written, summed over a moment's processes. */
  public record Reading(Map<Long, long[]> byProcess) {}

  ServerProcesses(Path proc, long server) {
    this.proc = proc;
    this.server = server;
    long[] first = counts(server);
    this.io = first != null && first[1] >= 0;
  }

  /** The server listening on {@code endpoint}, when it runs here as a process txbench can read. */
  public static Optional<ServerProcesses> find(ServerEndpoint endpoint) {
    Path proc = Path.of("/proc");
    if (!endpoint.local() || !Files.isDirectory(proc)) {
      return Optional.empty();
    }
    return listener(proc, endpoint.port())
        .filter(pid -> pid != ProcessHandle.current().pid())
        .map(pid -> new ServerProcesses(proc, pid));
  }

  /** The process listening on TCP {@code port}, among those whose descriptors txbench may read. */
  static Optional<Long> listener(Path proc, int port) {
    Set<String> inodes = new HashSet<>();
    for (String table : List.of("net/tcp", "net/tcp6")) {
      for (String line : MachineProbe.lines(proc.resolve(table))) {
        // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
        String[] f = line.trim().split("\\s+");
        if (f.length > 9 && f[3].equals(LISTEN) && f[1].contains(":")) {
          String hexPort = f[1].substring(f[1].lastIndexOf(':') + 1);
          try {
            if (Integer.parseInt(hexPort, 16) == port) {
              inodes.add("socket:[" + f[9] + "]");
            }
          } catch (NumberFormatException e) {
            // not a socket line
          }
        }
      }
    }
    if (inodes.isEmpty()) {
      return Optional.empty();
    }
    try (DirectoryStream<Path> pids = Files.newDirectoryStream(proc, "[0-9]*")) {
      for (Path pid : pids) {
        if (holdsAny(pid.resolve("fd"), inodes)) {
          return Optional.of(Long.parseLong(pid.getFileName().toString()));
        }
      }
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
    return Optional.empty();
  }

  private static boolean holdsAny(Path fds, Set<String> inodes) {
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(fds)) {
      for (Path fd : entries) {
        try {
          if (inodes.contains(Files.readSymbolicLink(fd).toString())) {
            return true;
          }
        } catch (IOException | RuntimeException e) {
          // closed meanwhile
        }
      }
    } catch (IOException | RuntimeException e) {
      // another user's process, or gone
    }
    return false;
  }

  /** The columns: {@code server_cpu_cores}, and the bytes read and written where they are known. */
  public List<String> columns() {
    return io
        ? List.of("server_cpu_cores", "server_read_bytes", "server_write_bytes")
        : List.of("server_cpu_cores");
  }

  /**
   * The counts of the server and its descendants now. The descendants are looked for again every
   * few seconds only (it takes a walk through every process of the machine, about 2 ms): one that
   * starts meanwhile is counted from its start once it is found.
   */
  public Reading read() {
    long now = System.nanoTime();
    if (pids == null || now - pidsFound > REFRESH_NANOS) {
      List<Long> found = new ArrayList<>();
      found.add(server);
      ProcessHandle.of(server).ifPresent(h -> h.descendants().forEach(d -> found.add(d.pid())));
      pids = found;
      pidsFound = now;
    }
    Map<Long, long[]> byProcess = new HashMap<>();
    for (long pid : pids) {
      long[] counts = counts(pid);
      if (counts != null) {
        byProcess.put(pid, counts);
      }
    }
    return new Reading(byProcess);
  }

  /**
   * The period's cells: the CPU used in cores, and bytes read and written, by the processes of its
   * end (one that started meanwhile counts from its start; one that ended meanwhile is lost).
   */
  public List<@Nullable Number> cells(Reading before, Reading after, double seconds) {
    long[] sum = new long[3];
    after
        .byProcess()
        .forEach(
            (pid, now) -> {
              long[] then = before.byProcess().getOrDefault(pid, new long[3]);
              for (int i = 0; i < 3; i++) {
                sum[i] += Math.max(0, now[i] - then[i]);
              }
            });
    List<@Nullable Number> cells = new ArrayList<>();
    cells.add(
        after.byProcess().isEmpty() || seconds <= 0
            ? null
            : Math.round(sum[0] / TICKS_PER_SECOND / seconds * 1000) / 1000.0);
    if (io) {
      cells.add(after.byProcess().isEmpty() ? null : sum[1]);
      cells.add(after.byProcess().isEmpty() ? null : sum[2]);
    }
    return cells;
  }

  /** utime + stime, read_bytes and write_bytes (-1 when unreadable); null when it is gone. */
  private long @Nullable [] counts(long pid) {
    Path dir = proc.resolve(Long.toString(pid));
    List<String> stat = MachineProbe.lines(dir.resolve("stat"));
    if (stat.isEmpty()) {
      return null;
    }
    // The command name (field 2) may hold spaces and parentheses: count from its closing one.
    String line = stat.get(0);
    String[] f = line.substring(line.lastIndexOf(')') + 2).split(" ");
    if (f.length < 13) {
      return null;
    }
    long[] counts = {Long.parseLong(f[11]) + Long.parseLong(f[12]), -1, -1};
    for (String io : MachineProbe.lines(dir.resolve("io"))) {
      if (io.startsWith("read_bytes:")) {
        counts[1] = Long.parseLong(io.substring(11).trim());
      } else if (io.startsWith("write_bytes:")) {
        counts[2] = Long.parseLong(io.substring(12).trim());
      }
    }
    return counts;
  }
}
