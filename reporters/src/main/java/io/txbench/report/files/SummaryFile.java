package io.txbench.report.files;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.deser.std.FromStringDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * summary.json, field by field, in the order it is written: the one place its schema lives, for the
 * run that writes it and for compare, merge and report that read it back. The fields are boxed
 * where a summary may lack them: those of versions before them ({@code embedded}, {@code server},
 * {@code warmupSeconds}, {@code inDoubt}, {@code declined}...), and those only a merge writes
 * ({@code overlapSeconds}, {@code mergedFrom}) or only a run does ({@code serviceTimeMs}, {@code
 * scheduleLagMs}, {@code client}, {@code operations}), and those only some workloads have ({@code
 * queries}, {@code operations}, {@code statements}), and those of a run's telemetry ({@code
 * serverCommits}, {@code telemetry}), and {@code stoppedBeforeMeasuring} (see {@link #measured()}),
 * and {@code cost}, only of a run given a price. A missing field is left out when written. Numbers
 * are as written: rounded by whoever made the record (see {@link #round}).
 *
 * <p>The file is one flat object; the record groups its fields in parts, each unwrapped into it in
 * order (a part's name is no field of the file and must not become one), so that a new field goes
 * into one part. Every part is there when read, its fields null where the file lacks them.
 */
public record SummaryFile(
    @JsonUnwrapped Identity identity,
    @JsonUnwrapped Window window,
    @JsonUnwrapped Outcomes outcomes,
    @JsonUnwrapped Breakdown breakdown,
    @JsonUnwrapped Environment environment,
    @JsonUnwrapped Checks checks,
    @JsonUnwrapped Provenance provenance) {

  /** Who ran what, where: the tool, the target and its server, the workload and its sessions. */
  public record Identity(
      @Nullable String tool,
      @Nullable String toolVersion,
      String target,
      String serverVersion,
      @Nullable String driver,
      @Nullable Boolean embedded,
      @Nullable String server,
      String workload,
      @Nullable Boolean transactions,
      long parallelism) {}

  /**
   * The warmup, and how it ended when it went on until the client had settled ({@code
   * warmupSettled}; left out for a warm-up of fixed length), the measured window, why the run
   * stopped and what the window cost.
   */
  public record Window(
      @Nullable Double warmupSeconds,
      @Nullable String warmupSettled,
      Instant start,
      Instant end,
      double measuredSeconds,
      @Nullable String stopReason,
      @Nullable Boolean stoppedBeforeMeasuring,
      @Nullable Cost cost) {}

  /**
   * What the measured window cost, for a run given a price ({@code --cost-per-hour}): the price an
   * hour ({@code perHour}; a merge's is its clients' added up), what the window cost at it ({@code
   * window}), and that per million iterations of the window ({@code perMillionIterations}, left out
   * when none completed), written without an exponent. {@link HourlyCost} has the formula.
   */
  public record Cost(
      @JsonSerialize(using = PlainDecimal.class) double perHour,
      @JsonSerialize(using = PlainDecimal.class) double window,
      @JsonSerialize(using = PlainDecimal.class) @Nullable Double perMillionIterations) {}

  /** The iterations of the window and how they ended: completed, declined, in doubt, failed. */
  public record Outcomes(
      long iterations,
      @Nullable Long iterationsAfterWindow,
      @Nullable Long declined,
      double tps,
      @Nullable Long inDoubt,
      @Nullable Map<String, Long> inDoubtByCause,
      @Nullable Long skipped,
      long retries,
      @Nullable Map<String, Long> retriesByClass,
      long errors,
      @Nullable Long errorsWithPartialEffects,
      @Nullable Map<String, Long> errorsByClass) {}

  /**
   * The times in percentiles, the statements by kind, the operations of a mix by name, and a
   * script's statements each by file and line ({@link SummaryStatement}).
   */
  public record Breakdown(
      Percentiles responseTimeMs,
      @Nullable Percentiles serviceTimeMs,
      @Nullable Percentiles scheduleLagMs,
      @Nullable QueryCounts queries,
      @Nullable Map<String, Operation> operations,
      @Nullable List<SummaryStatement> statements) {}

  /** What the run learnt of the machines: the client's use and the server's telemetry. */
  public record Environment(
      @Nullable Client client,
      @Nullable Fingerprint fingerprint,
      @Nullable SummaryCommits serverCommits,
      @Nullable SummaryTelemetry telemetry) {
    /** None of them: a merge's, whose clients each keep their own. */
    public static final Environment NONE = new Environment(null, null, null, null);
  }

  /** The verdicts on the run: verify's, the thresholds', and whether its files were written. */
  public record Checks(
      @Nullable Verdict verification,
      @Nullable List<Threshold> thresholds,
      @Nullable Boolean resultFilesComplete,
      @Nullable List<String> resultFileFailures) {}

  /**
   * Where the result came from: the options, the roles of those that have one ({@code optionRoles},
   * by name, each an {@link io.txbench.core.spi.OptionRole}'s label: absent when none has one, and
   * from summaries written before it; see {@link OptionRoles}), the setup, the runs merged, its
   * directory.
   */
  public record Provenance(
      @Nullable Map<String, Object> options,
      @Nullable Map<String, String> optionRoles,
      @Nullable Setup setup,
      @Nullable Double overlapSeconds,
      @Nullable List<Source> mergedFrom,
      @Nullable String resultDirectory) {}

  /**
   * Reads every summary: immutable and thread-safe, and it keeps what it learnt of these records,
   * which a fresh mapper would learn again for each file (history reads thousands).
   */
  private static final ObjectReader READER = json().readerFor(SummaryFile.class);

  /**
   * Writes every summary, and learns their records' shape once, when the class loads: with a fresh
   * mapper for each, writing a stopped run's summary took 3 s on a busy machine, most of the time a
   * signal leaves for the results ({@link #prepare}).
   */
  private static final ObjectMapper WRITER = json();

  static {
    Object unused = WRITER.writerFor(SummaryFile.class); // it builds the serializers now
  }

  /**
   * The mapper of every record here: a field that is null is left out when written (but {@link
   * Client#bottleneck} and an {@link AnswerSummary}'s), a time is its ISO-8601 text, and a field
   * txbench does not know is skipped when read (a later version's).
   */
  private static ObjectMapper json() {
    return new ObjectMapper()
        .setSerializationInclusion(JsonInclude.Include.NON_NULL)
        .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
        .registerModule(
            new SimpleModule()
                .addSerializer(Instant.class, ToStringSerializer.instance)
                .addDeserializer(Instant.class, new InstantText()));
  }

  /** A time read from its ISO-8601 text ({@link SummaryCheck} has checked it). */
  private static final class InstantText extends FromStringDeserializer<Instant> {
    private static final long serialVersionUID = 1L;

    InstantText() {
      super(Instant.class);
    }

    @Override
    protected Instant _deserialize(String text, DeserializationContext context) {
      return Instant.parse(text);
    }
  }

  /**
   * What the setup before the run did to the data: grew it ({@code grown}) or loaded it afresh
   * ({@code notGrown} says why a growth was not possible), the rows it holds after, those the setup
   * added, and its seconds. Absent when the run used data loaded before (--skip-setup).
   */
  public record Setup(
      boolean grown, @Nullable String notGrown, long rows, long addedRows, double seconds) {}

  /**
   * Response, service or schedule-lag times in ms; the mean, p75 and p90 are 0 in summaries written
   * before them.
   */
  @JsonClassDescription("percentiles")
  public record Percentiles(
      @SummaryCheck.Later double mean,
      double p50,
      @SummaryCheck.Later double p75,
      @SummaryCheck.Later double p90,
      double p95,
      double p99,
      double p999,
      double max) {}

  /**
   * The statements run, as sysbench counts its queries (BEGIN and COMMIT among the others), and
   * their rates per second of the measured window; only for a workload that counts them.
   */
  public record QueryCounts(
      long reads,
      long writes,
      long others,
      long total,
      double qps,
      double readsPerSecond,
      double writesPerSecond,
      double othersPerSecond) {}

  /**
   * One operation of a mix, as YCSB reports each apart: its completed iterations ({@code count},
   * the {@code declined} among them), its failed and in-doubt ones, its completed per second of the
   * measured window ({@code tps}, those of the grace after it included), and its response times in
   * ms.
   */
  public record Operation(
      long count,
      long declined,
      long errors,
      long inDoubt,
      double tps,
      double meanMs,
      double p50Ms,
      double p95Ms,
      double p99Ms,
      double p999Ms,
      double maxMs) {}

  /**
   * What the client used of its machine over the measured window, and {@code bottleneck}, the
   * warning when txbench itself may have limited the result (null when it did not: written as
   * null). A figure that was not measured is left out, never 0.
   */
  public record Client(
      @Nullable Integer cores,
      @Nullable Double cpuCores,
      @Nullable Double cpuPercentOfMachine,
      @Nullable Double cpuMicrosPerIteration,
      @Nullable Long gcCount,
      @Nullable Long gcMillis,
      @Nullable Double machineCpuPercent,
      @JsonInclude(JsonInclude.Include.ALWAYS) @Nullable String bottleneck) {}

  /**
   * What decides a run's figures besides its options (absent from summaries of versions before it):
   * the client's machine, and the server's settings that change results, by name.
   */
  public record Fingerprint(@Nullable Host client, @Nullable Map<String, String> server) {}

  /** The client's machine; what it does not tell is left out. */
  public record Host(
      @Nullable String hostname,
      @Nullable String cpuModel,
      @Nullable Integer cores,
      @Nullable Long memoryBytes,
      @Nullable String os,
      @Nullable String jvm,
      @Nullable String machineVendor,
      @Nullable String machineProduct) {}

  /**
   * One {@code --threshold} and its verdict: the figure measured in the expression's unit ({@code
   * unit}), left out when the run could not measure it (a time with no iteration completed, an
   * operation the run did not have), then with {@code whyNotMeasured}, and {@code passed}.
   */
  public record Threshold(
      String expression,
      @Nullable Double measured,
      String unit,
      boolean passed,
      @Nullable String whyNotMeasured) {}

  /**
   * What verify found: {@code status} is "passed", "failed" or "not run" ({@code passed} alone in
   * summaries written before it), {@code cause} why it did not run; the answers of the queries it
   * asked, by query, with the precision they were compared at (both only for a workload that asks
   * queries, such as analytics).
   */
  public record Verdict(
      @Nullable String status,
      @Nullable Boolean passed,
      @Nullable String cause,
      @Nullable Map<String, Long> figures,
      @Nullable List<String> anomalies,
      @Nullable List<String> notes,
      @Nullable String answerPrecision,
      @Nullable Map<String, AnswerSummary> answers) {}

  /**
   * One client's run that a merge combined, its verdict as {@link #verdict} says it, and what that
   * client used of its own machine (none from versions before it).
   */
  public record Source(
      String directory,
      Instant start,
      Instant end,
      long iterations,
      double tps,
      @Nullable String verification,
      @Nullable Client client) {}

  /**
   * The fields that may quote text from outside txbench (a driver's or the server's message,
   * another session's name, the system's reason a file could not be written): the password is
   * masked in them wherever it stands. A field added that may quote such text joins them.
   *
   * <p>Every other field is txbench's own, free of any password by construction: its names, figures
   * and sentences (the client's bottleneck, a threshold's verdict), the machine's and the server's
   * facts, and the options, which show a URL's secrets masked where they stand (user-info, a
   * secret-named parameter) and the password option's value never. They pass no mask: a password's
   * text masked there would mask the target's or the tool's name, or a word of its sentences, when
   * the password is that word ({@code postgres}, {@code txbench}).
   */
  static final Set<String> QUOTING =
      Set.of("serverCommits", "telemetry", "verification", "resultFileFailures");

  /**
   * Makes ready what writing a summary takes (this class, Jackson's, the serializers), before the
   * run, so that a run stopped by a signal writes its summary at once.
   */
  public static void prepare() {
    // Loading the class is the work: see WRITER.
  }

  /**
   * Writes this record to {@code file}: its own fields as they are, every string of those that
   * quote text from outside ({@link #QUOTING}) passed through {@code mask}.
   */
  public void write(Path file, UnaryOperator<String> mask) throws IOException {
    ObjectNode tree = WRITER.valueToTree(this);
    tree.properties()
        .forEach(
            e -> {
              if (QUOTING.contains(e.getKey())) {
                e.setValue(masked(e.getValue(), mask));
              }
            });
    ResultFiles.writeJson(file, tree);
  }

  /** Every string value in {@code node} (not the field names) passed through {@code mask}. */
  private static JsonNode masked(JsonNode node, UnaryOperator<String> mask) {
    if (node.isTextual()) {
      return TextNode.valueOf(mask.apply(node.asText()));
    }
    if (node instanceof ObjectNode object) {
      object.properties().forEach(e -> e.setValue(masked(e.getValue(), mask)));
    } else if (node instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        array.set(i, masked(array.get(i), mask));
      }
    }
    return node;
  }

  /**
   * Reads {@code file}. The exception's message is one line that names the file and says what is
   * wrong with it: unreadable, not JSON, not a txbench summary, or a field of the wrong type.
   */
  public static SummaryFile read(Path file) throws IOException {
    JsonNode tree;
    try (InputStream in = Files.newInputStream(file)) {
      tree = READER.readTree(in);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      throw new IOException(
          file
              + " is corrupt: not valid JSON"
              + (at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr())
              + " ("
              + firstClause(e.getOriginalMessage())
              + ")",
          e);
    } catch (IOException e) {
      throw new IOException("cannot read " + file + ": " + ResultFiles.reason(e), e);
    }
    if (tree == null || tree.isMissingNode()) {
      throw new IOException(file + " is corrupt: it is empty");
    }
    SummaryCheck.check(file, tree);
    try {
      return READER.readValue(tree);
    } catch (JsonMappingException e) {
      String field =
          e.getPath().stream()
              .map(r -> r.getFieldName() != null ? r.getFieldName() : String.valueOf(r.getIndex()))
              .collect(Collectors.joining("."));
      throw new IOException(
          file
              + " is corrupt: \""
              + field
              + "\" is not what txbench writes ("
              + firstClause(e.getOriginalMessage())
              + ")",
          e);
    }
  }

  /** The first line of a library's message, without the location it may append. */
  static String firstClause(@Nullable String message) {
    String line = String.valueOf(message).lines().findFirst().orElse("").strip();
    int source = line.indexOf(" (start marker at");
    return source < 0 ? line : line.substring(0, source);
  }

  /**
   * Whether the run measured anything, so that its figures count: not when it was stopped before
   * any iteration ended in its window (a Ctrl-C while sessions opened or before the window, whose 0
   * tps is no measurement). Summaries written before {@code stoppedBeforeMeasuring} are judged by
   * the same rule on their own fields; all others are measured.
   */
  public boolean measured() {
    Boolean stopped = window.stoppedBeforeMeasuring();
    return stopped != null
        ? !stopped
        : !stoppedBeforeMeasuring(
            window.stopReason(),
            outcomes.iterations(),
            outcomes.errors(),
            orZero(outcomes.inDoubt()));
  }

  /** Stopped (interrupted) with no iteration completed, failed or in doubt in the window. */
  static boolean stoppedBeforeMeasuring(
      @Nullable String stopReason, long iterations, long errors, long inDoubt) {
    return io.txbench.core.metrics.StopReason.INTERRUPTED.name().equals(stopReason)
        && iterations == 0
        && errors == 0
        && inDoubt == 0;
  }

  /** The --metrics period the run recorded in its options; empty in summaries without it. */
  public Optional<Duration> metricsPeriod() {
    Map<String, Object> options = provenance.options();
    return Optional.ofNullable(options == null ? null : duration(options.get("metrics")));
  }

  /** The --metrics period a summary's options record, or null if it is none. */
  static @Nullable Duration duration(@Nullable Object option) {
    if (!(option instanceof String text)) {
      return null;
    }
    try {
      Duration d = Duration.parse(text);
      return !d.isNegative() && !d.isZero() ? d : null;
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /** "passed", "FAILED", "not run", or "skipped" (results of versions before the status). */
  public String verdict() {
    Verdict verification = checks.verification();
    if (verification == null) {
      return "skipped";
    }
    if (Boolean.TRUE.equals(verification.passed())) {
      return "passed";
    }
    String status = verification.status() == null ? "failed" : verification.status();
    return status.equals("failed") ? "FAILED" : status;
  }

  /** A count a summary may lack, 0 when it does. */
  public static long orZero(@Nullable Long count) {
    return count == null ? 0 : count;
  }

  /** {@code value} rounded to {@code decimals}, as summary.json holds its numbers. */
  public static double round(double value, int decimals) {
    double scale = Math.pow(10, decimals);
    return Math.round(value * scale) / scale;
  }
}
