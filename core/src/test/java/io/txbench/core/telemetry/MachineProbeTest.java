package io.txbench.core.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The machine's numbers from /proc files as a kernel writes them, read twice. */
class MachineProbeTest {
  @TempDir Path root;

  private static final String NET_HEADER =
      "Inter-|   Receive                                                |  Transmit\n"
          + " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets"
          + " errs drop fifo colls carrier compressed\n";

  private void file(String path, String text) throws IOException {
    Path f = root.resolve(path);
    Files.createDirectories(f.getParent());
    Files.writeString(f, text);
  }

  /** A machine with one virtio disk (and its partition), a loop device and a zram swap. */
  private void machine(long user, long rx, long sdaReads, long available) throws IOException {
    file(
        "proc/stat",
        "cpu  "
            + user
            + " 100 300 4000 200 0 100 50 0 0\n"
            + "cpu0 1 2 3 4 5 6 7 8 0 0\nintr 123\n");
    file(
        "proc/meminfo",
        "MemTotal:       24684100 kB\nMemFree:        22316664 kB\nMemAvailable:   "
            + available
            + " kB\n");
    file(
        "proc/net/dev",
        NET_HEADER
            + "    lo: 5000  253321    0    0    0     0          0         0 5000  253321    0"
            + "    0    0     0       0          0\n"
            + "  eth0: "
            + rx
            + "    8852    0    0    0     0          0         0   2000    6152    0    0    0"
            + "     0       0          0\n"
            + "  eth1: 100 1 0 0 0 0 0 0 300 1 0 0 0 0 0 0\n");
    file(
        "proc/diskstats",
        "   7       0 loop0 9 0 9 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
            + " 254       0 vda "
            + sdaReads
            + " 26604 4000 26279 500 31943 8000 19236 0 12528 48887 32032 40 1152856 2326 12735"
            + " 1045\n"
            + " 254       1 vda1 7 0 7 0 7 0 7 0 0 0 0 0 0 0 0 0 0\n"
            + " 253       0 zram0 5 0 5 0 5 0 5 0 0 0 0 0 0 0 0 0 0\n");
    Files.createDirectories(root.resolve("sys/block/vda/device"));
    Files.createDirectories(root.resolve("sys/block/loop0"));
    Files.createDirectories(root.resolve("sys/block/zram0"));
  }

  @Test
  void sharesTheCpuAndCountsWholeDisksAndTheNetworkOverThePeriod() throws IOException {
    machine(1000, 10_000, 100, 23_265_640);
    MachineProbe probe = new MachineProbe(root);
    MachineProbe.Reading before = probe.read();
    // 1,000 jiffies pass: 600 user, 100 system, 200 iowait, 50 steal, 50 idle.
    file("proc/stat", "cpu  1600 100 400 4050 400 0 100 100 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n");
    file(
        "proc/diskstats",
        " 254       0 vda 130 26604 4100 26279 510 31943 8200 19236 0 12528 48887 32032 40"
            + " 1152856 2326 12735 1045\n"
            + " 254       1 vda1 9 0 9 0 9 0 9 0 0 0 0 0 0 0 0 0 0\n");
    file(
        "proc/net/dev",
        NET_HEADER
            + "    lo: 9000  1 0 0 0 0 0 0 9000 1 0 0 0 0 0 0\n"
            + "  eth0: 15000 1 0 0 0 0 0 0 2500 1 0 0 0 0 0 0\n"
            + "  eth1: 100 1 0 0 0 0 0 0 300 1 0 0 0 0 0 0\n");
    List<Number> cells = probe.cells(before, probe.read());
    List<String> columns = probe.columns();
    assertEquals(
        List.of(
            "cpu_user_pct",
            "cpu_system_pct",
            "cpu_iowait_pct",
            "cpu_steal_pct",
            "mem_used_mb",
            "mem_available_mb",
            "net_rx_bytes",
            "net_tx_bytes",
            "net_lo_bytes",
            "disk_vda_reads",
            "disk_vda_writes",
            "disk_vda_read_bytes",
            "disk_vda_write_bytes"),
        columns);
    assertEquals(
        Arrays.asList(
            60.0, 10.0, 20.0, 5.0, 1_385.2, 22_720.4, 5_000L, 500L, 4_000L, 30L, 10L, 51_200L,
            102_400L),
        cells);
  }

  @Test
  void withoutSysTheNamesTellPartitionsAndVirtualDevices() throws IOException {
    machine(1000, 10_000, 100, 23_265_640);
    deleteTree(root.resolve("sys"));
    assertEquals(
        List.of("disk_vda_reads", "disk_vda_writes", "disk_vda_read_bytes", "disk_vda_write_bytes"),
        new MachineProbe(root).columns().subList(9, 13));
    assertEquals(13, new MachineProbe(root).columns().size());
  }

  @Test
  void aFileItCannotReadLeavesItsCellsEmpty() throws IOException {
    machine(1000, 10_000, 100, 23_265_640);
    MachineProbe probe = new MachineProbe(root);
    MachineProbe.Reading before = probe.read();
    Files.delete(root.resolve("proc/meminfo"));
    Files.delete(root.resolve("proc/net/dev"));
    List<Number> cells = new ArrayList<>(probe.cells(before, probe.read()));
    assertNull(cells.get(4)); // memory
    assertNull(cells.get(6)); // network
    assertNull(cells.get(0)); // no CPU time passed: no share
    assertEquals(0L, cells.get(9)); // the disk did nothing: a measured zero
    assertFalse(cells.subList(9, 13).contains(null));
  }

  private static void deleteTree(Path path) throws IOException {
    try (var walk = Files.walk(path)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
