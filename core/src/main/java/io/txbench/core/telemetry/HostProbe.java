package io.txbench.core.telemetry;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.jspecify.annotations.Nullable;

/**
 * Reads what the client's machine tells about itself without asking anyone else: the CPU model and
 * memory from {@code /proc}, the firmware's vendor and product from {@code /sys/class/dmi/id} (on a
 * cloud VM, the provider and often the instance type), the hostname the kernel holds, and the OS
 * and JVM from the system properties. Never a DNS lookup, which may hang; a figure it cannot read
 * is null.
 */
public final class HostProbe {
  private final Path root;
  private final Map<String, String> environment;
  private final Properties system;
  private final int cores;

  /**
   * A probe of the machine whose {@code /proc} and {@code /sys} are under {@code root} ({@code /}
   * for this one; a directory of fixture files in a test).
   */
  HostProbe(Path root, Map<String, String> environment, Properties system, int cores) {
    this.root = root;
    this.environment = Map.copyOf(environment);
    this.system = system;
    this.cores = cores;
  }

  /** This machine, read once per process: nothing it reports changes while a run goes on. */
  public static Fingerprint.Host thisMachine() {
    return ThisMachine.HOST;
  }

  /** Holds this machine's figures, read when first asked for. */
  private static final class ThisMachine {
    static final Fingerprint.Host HOST =
        new HostProbe(
                Path.of("/"),
                System.getenv(),
                System.getProperties(),
                Runtime.getRuntime().availableProcessors())
            .read();
  }

  /** The machine's figures as they are now. */
  public Fingerprint.Host read() {
    return new Fingerprint.Host(
        hostname(),
        field(MachineProbe.lines(root.resolve("proc/cpuinfo")), "model name"),
        cores,
        memoryBytes(),
        os(),
        jvm(),
        firstLine("sys/class/dmi/id/sys_vendor"),
        firstLine("sys/class/dmi/id/product_name"));
  }

  private @Nullable String hostname() {
    String kernel = firstLine("proc/sys/kernel/hostname");
    if (kernel != null) {
      return kernel;
    }
    for (String variable : List.of("HOSTNAME", "COMPUTERNAME")) {
      String name = environment.get(variable);
      if (name != null && !name.isBlank()) {
        return name.trim();
      }
    }
    return null;
  }

  /** {@code MemTotal: 24625112 kB} in bytes. */
  private @Nullable Long memoryBytes() {
    String total = field(MachineProbe.lines(root.resolve("proc/meminfo")), "MemTotal");
    if (total == null) {
      return null;
    }
    String[] words = total.split("\\s+");
    try {
      long value = Long.parseLong(words[0]);
      return words.length > 1 && words[1].equalsIgnoreCase("kB") ? value * 1024 : value;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** "Linux 6.1.0-31-amd64 amd64": the kernel's name, release and the architecture. */
  private @Nullable String os() {
    return joined(
        system.getProperty("os.name"),
        system.getProperty("os.version"),
        system.getProperty("os.arch"));
  }

  /** "Java 17.0.15+6 (Eclipse Adoptium, OpenJDK 64-Bit Server VM)". */
  private @Nullable String jvm() {
    String version = system.getProperty("java.runtime.version");
    if (version == null) {
      version = system.getProperty("java.version");
    }
    if (version == null) {
      return null;
    }
    String vendor = system.getProperty("java.vm.vendor");
    String vm = system.getProperty("java.vm.name");
    String builtBy = vendor == null ? vm : vm == null ? vendor : vendor + ", " + vm;
    return "Java " + version + (builtBy == null ? "" : " (" + builtBy + ")");
  }

  private static @Nullable String joined(@Nullable String... parts) {
    StringBuilder b = new StringBuilder();
    for (String part : parts) {
      if (part != null && !part.isBlank()) {
        b.append(b.length() == 0 ? "" : " ").append(part.trim());
      }
    }
    return b.length() == 0 ? null : b.toString();
  }

  /** The value of the first {@code name: value} line named {@code name}, or null. */
  private static @Nullable String field(List<String> lines, String name) {
    for (String line : lines) {
      int colon = line.indexOf(':');
      if (colon > 0 && line.substring(0, colon).trim().equals(name)) {
        String value = line.substring(colon + 1).trim();
        return value.isEmpty() ? null : value;
      }
    }
    return null;
  }

  /** The file's first line, trimmed; null when it is absent, unreadable or blank. */
  private @Nullable String firstLine(String file) {
    List<String> lines = MachineProbe.lines(root.resolve(file));
    return lines.isEmpty() || lines.get(0).isBlank() ? null : lines.get(0).trim();
  }
}
