package io.txbench.report.console;

import io.txbench.core.telemetry.Fingerprint;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import org.jspecify.annotations.Nullable;

/**
 * A run's fingerprint in two short lines of the console summary: the client's machine, and the
 * server's settings. summary.json holds the rest (the hostname, the JVM's vendor).
 */
final class FingerprintText {
  private FingerprintText() {}

  /**
   * "Intel(R) Xeon(R) CPU @ 2.20GHz, 2 cores, 23.5 GiB, Linux 6.1.0-31-cloud-amd64 amd64, Java
   * 17.0.15+6, Google Compute Engine": what the machine told.
   */
  static String client(Fingerprint.Host h) {
    StringJoiner j = new StringJoiner(", ");
    add(j, h.cpuModel());
    j.add(h.cores() + (h.cores() == 1 ? " core" : " cores"));
    if (h.memoryBytes() != null) {
      j.add(String.format(Locale.US, "%.1f GiB", h.memoryBytes() / (double) (1L << 30)));
    }
    add(j, h.os());
    if (h.jvm() != null) {
      int details = h.jvm().indexOf(" (");
      j.add(details < 0 ? h.jvm() : h.jvm().substring(0, details));
    }
    String machine =
        String.join(
                " ",
                h.machineVendor() == null ? "" : h.machineVendor(),
                h.machineProduct() == null ? "" : h.machineProduct())
            .trim();
    add(j, machine);
    return j.toString();
  }

  /** "shared_buffers=128MB, fsync=on, ...", or "none read". */
  static String server(Map<String, String> settings) {
    StringJoiner j = new StringJoiner(", ");
    j.setEmptyValue("none read");
    settings.forEach((name, value) -> j.add(name + "=" + value));
    return j.toString();
  }

  private static void add(StringJoiner j, @Nullable String part) {
    if (part != null && !part.isBlank()) {
      j.add(part);
    }
  }
}
