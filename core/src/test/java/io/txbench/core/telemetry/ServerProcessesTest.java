package io.txbench.core.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A local server's processes from /proc files as the kernel writes them. */
class ServerProcessesTest {
  @TempDir Path proc;

  private void file(String path, String text) throws IOException {
    Path f = proc.resolve(path);
    Files.createDirectories(f.getParent());
    Files.writeString(f, text);
  }

  private static final String TCP_HEADER =
      "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout"
          + " inode\n";

  @Test
  void theServerIsTheProcessHoldingTheSocketThatListensOnThePort() throws IOException {
    // 0x1538 = 5432 listens on 127.0.0.1 (inode 4242); a connection to it is no listener.
    file(
        "net/tcp",
        TCP_HEADER
            + "   0: 0100007F:1538 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000"
            + "        0 4242 1 0000000000000000 100 0 0 10 0\n"
            + "   1: 0100007F:9C40 0100007F:1538 01 00000000:00000000 00:00000000 00000000  1000"
            + "        0 4343 1 0000000000000000 20 4 30 10 -1\n"
            // a connection accepted on 27017 (0x6989) by a process that listens on none
            + "   2: 0100007F:6989 0100007F:9C41 01 00000000:00000000 00:00000000 00000000  1000"
            + "        0 4444 1 0000000000000000 20 4 30 10 -1\n");
    file(
        "net/tcp6",
        TCP_HEADER
            + "   0: 00000000000000000000000000000000:0CEA 00000000000000000000000000000000:0000 0A"
            + " 00000000:00000000 00:00000000 00000000  1000        0 777 1 0000000000000000 100 0"
            + " 0 10 0\n");
    Files.createDirectories(proc.resolve("10/fd"));
    Files.createSymbolicLink(proc.resolve("10/fd/3"), Path.of("socket:[4343]"));
    Files.createDirectories(proc.resolve("20/fd"));
    Files.createSymbolicLink(proc.resolve("20/fd/0"), Path.of("/dev/null"));
    Files.createSymbolicLink(proc.resolve("20/fd/5"), Path.of("socket:[4242]"));
    Files.createDirectories(proc.resolve("40/fd"));
    Files.createSymbolicLink(proc.resolve("40/fd/9"), Path.of("socket:[4444]"));
    Files.createDirectories(proc.resolve("30/fd"));
    Files.createSymbolicLink(proc.resolve("30/fd/7"), Path.of("socket:[777]"));
    assertEquals(Optional.of(20L), ServerProcesses.listener(proc, 5432));
    assertEquals(Optional.of(30L), ServerProcesses.listener(proc, 3306)); // 0x0CEA, IPv6 any
    assertEquals(Optional.empty(), ServerProcesses.listener(proc, 27017));
  }

  @Test
  void cpuInCoresAndBytesOverThePeriodEvenWithParenthesesInTheCommand() throws IOException {
    long pid = 424242424L; // no such process: the probe reads the fixture's files alone
    stat(pid, 500, 250, 4096, 8192);
    ServerProcesses server = new ServerProcesses(proc, pid);
    assertEquals(
        List.of("server_cpu_cores", "server_read_bytes", "server_write_bytes"), server.columns());
    ServerProcesses.Reading before = server.read();
    stat(pid, 600, 350, 4096, 16384);
    // 200 ticks of 1/100 s in 2 s: one core.
    assertEquals(Arrays.asList(1.0, 0L, 8192L), server.cells(before, server.read(), 2.0));
    ServerProcesses.Reading none = new ServerProcesses.Reading(Map.of());
    assertEquals(Arrays.asList(null, null, null), server.cells(before, none, 2.0));
  }

  @Test
  void withoutItsIoFileOnlyItsCpuIsCounted() throws IOException {
    long pid = 424242425L;
    stat(pid, 1, 1, 0, 0);
    Files.delete(proc.resolve(pid + "/io"));
    ServerProcesses server = new ServerProcesses(proc, pid);
    assertEquals(List.of("server_cpu_cores"), server.columns());
  }

  private void stat(long pid, long utime, long stime, long read, long written) throws IOException {
    file(
        pid + "/stat",
        pid
            + " (postgres: a (b) c) S 1 20 20 0 -1 4194560 1000 0 0 0 "
            + utime
            + " "
            + stime
            + " 0 0 20 0 1 0 100 200000000 2000 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17"
            + " 1 0 0 0 0 0\n");
    file(
        pid + "/io",
        "rchar: 10\nwchar: 10\nsyscr: 1\nsyscw: 1\nread_bytes: "
            + read
            + "\nwrite_bytes: "
            + written
            + "\ncancelled_write_bytes: 0\n");
  }
}
