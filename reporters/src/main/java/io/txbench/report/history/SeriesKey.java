package io.txbench.report.history;

import io.txbench.core.spi.OptionRole;
import io.txbench.report.compare.WorkloadData;
import io.txbench.report.files.OptionRoles;
import io.txbench.report.files.SummaryFile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * What makes runs comparable in a history: the same target and server version with the same server
 * settings, workload, parallelism, isolation and volume of data, measured from the same kind of
 * client machine. Nothing else: a workload option such as {@code --booking-sleep} that changed
 * between runs keeps them in one series, where the change shows as a regression; the client's
 * hostname is left out, so a rebuilt VM of the same type continues its series. A summary without a
 * fingerprint (older versions, merges) has empty server settings and client.
 *
 * @param serverSettings the fingerprint's server settings, by name
 * @param isolation the guarantees the transactions ran with, as the run's options with such a role
 *     gave them ({@link OptionRole#ISOLATION}, {@link OptionRole#CONSISTENCY}: the SQL isolation
 *     level, or MongoDB's read and write concerns), in the options' name order; empty when they did
 *     not
 * @param data the volume of data as the run's options gave it ({@code table-size 100000}, {@code
 *     scale 0.5}, {@code tables 4}): a point-select on a table that fits in memory and one on a
 *     table that does not are two series, not a regression; empty when they did not
 * @param rate the open loop's rate as {@code --rate} gave it ({@code rate 500/s}), empty for a
 *     closed loop: a paced run measures the pace it was given, not the server's ceiling, so it is a
 *     series of its own
 * @param client the client machine's CPU model, cores, memory, vendor and product, by name
 */
public record SeriesKey(
    String target,
    String serverVersion,
    SortedMap<String, String> serverSettings,
    String workload,
    long parallelism,
    String isolation,
    String data,
    String rate,
    SortedMap<String, String> client) {

  /**
   * The order series are listed in: by target, workload and parallelism as a number (x4, x8, x16),
   * then by their words.
   */
  public static final Comparator<SeriesKey> ORDER =
      Comparator.comparing(SeriesKey::target)
          .thenComparing(SeriesKey::workload)
          .thenComparingLong(SeriesKey::parallelism)
          .thenComparing(SeriesKey::words);

  public SeriesKey {
    serverSettings = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(serverSettings));
    client = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(client));
  }

  static SeriesKey of(SummaryFile run) {
    SortedMap<String, String> server = new TreeMap<>();
    SortedMap<String, String> client = new TreeMap<>();
    SummaryFile.Fingerprint f = run.environment().fingerprint();
    if (f != null && f.server() != null) {
      f.server().forEach((k, v) -> server.put(k, String.valueOf(v)));
    }
    if (f != null && f.client() != null) {
      SummaryFile.Host h = f.client();
      putIfKnown(client, "cpuModel", h.cpuModel());
      putIfKnown(client, "cores", h.cores());
      putIfKnown(client, "memoryBytes", h.memoryBytes());
      putIfKnown(client, "machineVendor", h.machineVendor());
      putIfKnown(client, "machineProduct", h.machineProduct());
    }
    return new SeriesKey(
        run.identity().target(),
        String.valueOf(run.identity().serverVersion()),
        server,
        run.identity().workload(),
        run.identity().parallelism(),
        words(run.provenance().options(), OptionRoles.guarantees(run), SeriesKey::withoutDeclarer),
        data(run.provenance().options()),
        rate(run),
        client);
  }

  /** The open loop's rate, {@code rate 500/s}; empty for a closed loop. */
  private static String rate(SummaryFile run) {
    String rate = WorkloadData.option(run, "rate");
    return rate.isBlank() || rate.equals("0") ? "" : "rate " + rate + "/s";
  }

  /**
   * The volume of data, and for {@code --workload script} each script's first line as summary.json
   * records it (its path, weight and SHA-256): a changed script starts a series of its own.
   */
  private static String data(@Nullable Map<String, Object> options) {
    String data = words(options, WorkloadData.DATA_OPTIONS, name -> name);
    Object scripts = options == null ? null : options.get("script");
    if (!(scripts instanceof List<?> each) || each.isEmpty()) {
      return data;
    }
    List<String> firstLines = new ArrayList<>();
    each.forEach(s -> firstLines.add(s.toString().lines().findFirst().orElse("")));
    return (data.isEmpty() ? "" : data + ", ") + "script " + String.join(" ", firstLines);
  }

  /**
   * An option's name without its first word, which names those who declare it ({@code sql-}, {@code
   * mongo-}): {@code isolation-level}, {@code read-concern}.
   */
  private static String withoutDeclarer(String name) {
    return name.substring(name.indexOf('-') + 1);
  }

  /** The {@code names} the options give, each as its shown name and value, in that order. */
  private static String words(
      @Nullable Map<String, Object> options, List<String> names, UnaryOperator<String> shown) {
    List<String> parts = new ArrayList<>();
    if (options != null) {
      for (String name : names) {
        Object value = options.get(name);
        if (value != null && !value.toString().isBlank()) {
          parts.add(shown.apply(name) + " " + value);
        }
      }
    }
    return String.join(", ", parts);
  }

  private static void putIfKnown(Map<String, String> map, String name, @Nullable Object value) {
    if (value != null) {
      map.put(name, value.toString());
    }
  }

  /**
   * The series in words, unique to it: {@code postgres airline x8 (PostgreSQL 17.2; isolation-level
   * SERIALIZABLE; fsync=on, shared_buffers=128MB; client QEMU Standard PC, Xeon, 2 cores, 7.8
   * GiB)}.
   */
  public String words() {
    return name() + " (" + details() + ")";
  }

  /**
   * The target, workload and parallelism, and the rate of an open loop: {@code postgres airline
   * x8}, {@code postgres airline x8 rate 500/s}.
   */
  String name() {
    return target + " " + workload + " x" + parallelism + (rate.isEmpty() ? "" : " " + rate);
  }

  /**
   * The rest of the words: {@code PostgreSQL 17.2; isolation-level SERIALIZABLE; fsync=on,
   * shared_buffers=128MB; client QEMU Standard PC, Xeon, 2 cores, 7.8 GiB}.
   */
  String details() {
    List<String> details = new ArrayList<>();
    details.add(serverVersion);
    Stream.of(isolation, data).filter(words -> !words.isEmpty()).forEach(details::add);
    if (!serverSettings.isEmpty()) {
      List<String> settings = new ArrayList<>();
      serverSettings.forEach((k, v) -> settings.add(k + "=" + v));
      details.add(String.join(", ", settings));
    }
    if (!client.isEmpty()) {
      details.add("client " + clientWords());
    }
    return String.join("; ", details);
  }

  /** The client machine: {@code QEMU Standard PC, Xeon, 2 cores, 7.8 GiB}. */
  String clientWords() {
    List<String> parts = new ArrayList<>();
    String machine =
        (client.getOrDefault("machineVendor", "") + " " + client.getOrDefault("machineProduct", ""))
            .strip();
    if (!machine.isEmpty()) {
      parts.add(machine);
    }
    if (client.containsKey("cpuModel")) {
      parts.add(client.get("cpuModel"));
    }
    if (client.containsKey("cores")) {
      parts.add(client.get("cores") + " cores");
    }
    if (client.containsKey("memoryBytes")) {
      parts.add(
          String.format(
              Locale.ROOT, "%.1f GiB", Long.parseLong(client.get("memoryBytes")) / 1073741824.0));
    }
    return String.join(", ", parts);
  }
}
