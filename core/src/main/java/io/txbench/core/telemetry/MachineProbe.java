package io.txbench.core.telemetry;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The machine's own numbers where txbench runs, from {@code /proc}: how its CPUs were shared out
 * (user, system, I/O wait, stolen by the hypervisor), its memory, its network bytes (the loopback
 * apart: a local server's traffic), and each whole disk's reads and writes. Partitions, loop, RAM
 * and device-mapper devices are left out, so no I/O is counted twice. The disks are those present
 * when the probe was made; a file it cannot read leaves its cells empty.
 */
public final class MachineProbe {
  /** {@code /proc/diskstats} counts 512-byte sectors whatever the device's own sector size. */
  private static final long SECTOR_BYTES = 512;

  private static final Pattern VIRTUAL_DISK = Pattern.compile("(loop|ram|zram|dm-|md|sr|fd)\\d.*");

  private static final List<String> FIXED =
      List.of(
          ("cpu_user_pct cpu_system_pct cpu_iowait_pct cpu_steal_pct mem_used_mb"
                  + " mem_available_mb net_rx_bytes net_tx_bytes net_lo_bytes")
              .split(" "));

  private final Path root;
  private final List<String> disks;

  /** The cumulative counts of one moment; a part that could not be read is null. */
  @SuppressWarnings("ArrayRecordComponent") // never compared or hashed: only read by index
  public record Reading(
      long @Nullable [] cpu,
      long @Nullable [] memoryKb,
      long @Nullable [] network,
      Map<String, long[]> disks) {}

  /** A probe of the machine whose {@code /proc} and {@code /sys} lie under {@code root}. */
  public MachineProbe(Path root) {
    this.root = root;
    this.disks = wholeDisks();
  }

  /** This machine's; empty where there is no {@code /proc/stat} to read (not Linux). */
  public static Optional<MachineProbe> local() {
    Path root = Path.of("/");
    return Files.isReadable(root.resolve("proc/stat"))
        ? Optional.of(new MachineProbe(root))
        : Optional.empty();
  }

  /** The columns, in {@code server.csv}'s order. */
  public List<String> columns() {
    List<String> columns = new ArrayList<>(FIXED);
    for (String disk : disks) {
      String name = "disk_" + disk.replaceAll("[^A-Za-z0-9]", "_");
      columns.addAll(
          List.of(name + "_reads", name + "_writes", name + "_read_bytes", name + "_write_bytes"));
    }
    return columns;
  }

  public Reading read() {
    Map<String, long[]> diskCounts = new LinkedHashMap<>();
    for (String line : lines(root.resolve("proc/diskstats"))) {
      String[] f = line.trim().split("\\s+");
      if (f.length >= 10 && disks.contains(f[2])) {
        // reads completed, sectors read, writes completed, sectors written
        diskCounts.put(f[2], numbers(f, 3, 5, 7, 9));
      }
    }
    return new Reading(cpu(), memory(), network(), diskCounts);
  }

  /** The period's cells from its first and last readings, in {@link #columns()}'s order. */
  public List<@Nullable Number> cells(Reading before, Reading after) {
    List<@Nullable Number> cells = new ArrayList<>();
    cpuShares(before.cpu(), after.cpu(), cells);
    long[] mem = after.memoryKb();
    cells.add(mem == null ? null : megabytes(mem[0] - mem[1]));
    cells.add(mem == null ? null : megabytes(mem[1]));
    for (int i = 0; i < 3; i++) {
      cells.add(delta(before.network(), after.network(), i));
    }
    for (String disk : disks) {
      long[] b = before.disks().get(disk);
      long[] a = after.disks().get(disk);
      cells.add(delta(b, a, 0));
      cells.add(delta(b, a, 2));
      Long readSectors = delta(b, a, 1);
      Long writtenSectors = delta(b, a, 3);
      cells.add(readSectors == null ? null : readSectors * SECTOR_BYTES);
      cells.add(writtenSectors == null ? null : writtenSectors * SECTOR_BYTES);
    }
    return cells;
  }

  /**
   * User (nice included), system (interrupts included), I/O wait and steal, in % of all the CPUs'
   * time over the period, as vmstat shows them; guest time is already in user time.
   */
  private static void cpuShares(
      long @Nullable [] before, long @Nullable [] after, List<@Nullable Number> cells) {
    long total = 0;
    long[] d = new long[8];
    if (before != null && after != null) {
      for (int i = 0; i < 8; i++) {
        d[i] = after[i] - before[i];
        total += d[i];
      }
    }
    if (total <= 0) {
      cells.addAll(java.util.Arrays.asList(null, null, null, null));
      return;
    }
    cells.add(percent(d[0] + d[1], total));
    cells.add(percent(d[2] + d[5] + d[6], total));
    cells.add(percent(d[4], total));
    cells.add(percent(d[7], total));
  }

  private static Double percent(long part, long total) {
    return Math.round(part * 1000.0 / total) / 10.0;
  }

  private static Double megabytes(long kb) {
    return Math.round(kb * 10.0 / 1024) / 10.0;
  }

  private static @Nullable Long delta(long @Nullable [] before, long @Nullable [] after, int i) {
    return before == null || after == null ? null : Math.max(0, after[i] - before[i]);
  }

  /** The first line of {@code /proc/stat}: user nice system idle iowait irq softirq steal. */
  private long @Nullable [] cpu() {
    for (String line : lines(root.resolve("proc/stat"))) {
      if (line.startsWith("cpu ")) {
        String[] f = line.trim().split("\\s+");
        long[] values = new long[8];
        for (int i = 0; i < 8; i++) {
          values[i] = i + 1 < f.length ? parse(f[i + 1]) : 0; // old kernels lack steal
        }
        return values;
      }
    }
    return null;
  }

  /** MemTotal and MemAvailable in kB; null without MemAvailable (kernels before 3.14). */
  private long @Nullable [] memory() {
    Long total = null;
    Long available = null;
    for (String line : lines(root.resolve("proc/meminfo"))) {
      String[] f = line.split("[:\\s]+");
      if (f.length >= 2 && f[0].equals("MemTotal")) {
        total = parse(f[1]);
      } else if (f.length >= 2 && f[0].equals("MemAvailable")) {
        available = parse(f[1]);
      }
    }
    return total == null || available == null ? null : new long[] {total, available};
  }

  /** Bytes received and sent on every interface but {@code lo}, and {@code lo}'s received. */
  private long @Nullable [] network() {
    List<String> lines = lines(root.resolve("proc/net/dev"));
    if (lines.isEmpty()) {
      return null;
    }
    long[] sums = new long[3];
    for (String line : lines) {
      int colon = line.indexOf(':');
      if (colon < 0 || line.contains("|")) {
        continue; // the two header lines
      }
      String name = line.substring(0, colon).trim();
      String[] f = line.substring(colon + 1).trim().split("\\s+");
      if (f.length < 9) {
        continue;
      }
      if (name.equals("lo")) {
        sums[2] += parse(f[0]); // what lo sends, it receives: once
      } else {
        sums[0] += parse(f[0]);
        sums[1] += parse(f[8]);
      }
    }
    return sums;
  }

  /**
   * The whole disks of {@code /proc/diskstats}: those {@code /sys/block} shows with a device of
   * their own; where {@code /sys} is not readable, those whose names are no partition of another
   * listed one and name no virtual device.
   */
  private List<String> wholeDisks() {
    List<String> names =
        lines(root.resolve("proc/diskstats")).stream()
            .map(line -> line.trim().split("\\s+"))
            .filter(f -> f.length >= 10)
            .map(f -> f[2])
            .toList();
    boolean sysReadable = Files.isDirectory(root.resolve("sys/block"));
    return names.stream()
        .filter(
            name ->
                sysReadable
                    ? Files.exists(root.resolve("sys/block").resolve(name).resolve("device"))
                    : !VIRTUAL_DISK.matcher(name).matches() && !partition(name, names))
        .toList();
  }

  /** sda1 of sda, nvme0n1p1 of nvme0n1, mmcblk0p1 of mmcblk0. */
  private static boolean partition(String name, List<String> names) {
    return names.stream()
        .anyMatch(
            other ->
                !other.equals(name)
                    && name.startsWith(other)
                    && name.substring(other.length()).matches("p?\\d+"));
  }

  private static long[] numbers(String[] fields, int... indexes) {
    long[] values = new long[indexes.length];
    for (int i = 0; i < indexes.length; i++) {
      values[i] = parse(fields[indexes[i]]);
    }
    return values;
  }

  private static long parse(String number) {
    try {
      return Long.parseLong(number.trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** The file's lines; none when it is absent or unreadable (a /proc file may be root's alone). */
  static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }
}
