package io.txbench.report;

import io.txbench.core.ErrorClass;
import io.txbench.core.RunResult;
import io.txbench.core.Verification;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.HdrHistogram.Histogram;

/** {@code summary.json}: one object a script can read to compare runs. */
public final class SummaryJson {
  public static final String FILE = "summary.json";
  private static final double[] PERCENTILES = {50, 75, 90, 95, 99, 99.9};
  private static final String[] KEYS = {"p50", "p75", "p90", "p95", "p99", "p999"};

  private SummaryJson() {}

  /** Writes (or replaces) summary.json in {@code directory}; a failed write leaves the old one. */
  public static void write(Path directory, RunSummary summary) throws IOException {
    write(directory, summary, UnaryOperator.identity());
  }

  /** The same, with every string in it passed through {@code mask} (the run's credentials). */
  public static void write(Path directory, RunSummary summary, UnaryOperator<String> mask)
      throws IOException {
    ResultFiles.writeJson(directory.resolve(FILE), masked(toMap(summary), mask));
  }

  private static Object masked(Object value, UnaryOperator<String> mask) {
    if (value instanceof String text) {
      return mask.apply(text);
    }
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> copy = new LinkedHashMap<>();
      map.forEach((k, v) -> copy.put(k, masked(v, mask)));
      return copy;
    }
    if (value instanceof java.util.Collection<?> values) {
      return values.stream().map(v -> masked(v, mask)).toList();
    }
    return value;
  }

  static Map<String, Object> toMap(RunSummary s) {
    RunResult r = s.result();
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("tool", "txbench");
    json.put("toolVersion", s.toolVersion());
    json.put("target", s.target());
    json.put("serverVersion", s.serverVersion());
    json.put("embedded", s.embedded());
    json.put("server", s.server());
    json.put("workload", s.workload());
    json.put("transactions", s.transactions());
    json.put("parallelism", s.parallelism());
    json.put("warmupSeconds", round(s.warmup().toNanos() / 1e9, 3));
    json.put("start", r.start().toString());
    json.put("end", r.end().toString());
    json.put("measuredSeconds", round(r.measuredSeconds(), 3));
    json.put("stopReason", r.stopReason().name());
    json.put("iterations", r.iterations());
    json.put("iterationsAfterWindow", r.lateIterations());
    json.put("declined", r.declined());
    json.put("tps", round(r.tps(), 2));
    json.put("inDoubt", r.inDoubt());
    Map<String, Long> causes = new LinkedHashMap<>();
    r.inDoubtByCause().forEach((k, v) -> causes.put(k.label(), v));
    json.put("inDoubtByCause", causes);
    json.put("skipped", r.skipped());
    json.put("retries", r.retries());
    json.put("retriesByClass", byClass(r.retriesByClass()));
    json.put("errors", r.errors());
    json.put("errorsWithPartialEffects", r.partialErrors());
    json.put("errorsByClass", byClass(r.errorsByClass()));
    json.put("responseTimeMs", percentiles(r.responseTimes()));
    json.put("serviceTimeMs", percentiles(r.serviceTimes()));
    json.put("scheduleLagMs", percentiles(r.scheduleLags()));
    Verification verdict = s.verification();
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("status", verdict.status().label());
    v.put("passed", verdict.passed());
    if (verdict.cause() != null) {
      v.put("cause", verdict.cause());
    }
    v.put("figures", verdict.figures());
    v.put("anomalies", verdict.anomalies());
    v.put("notes", verdict.notes());
    json.put("verification", v);
    json.put("resultFilesComplete", s.writeFailures().isEmpty());
    json.put("resultFileFailures", s.writeFailures());
    json.put("options", s.options());
    json.put("resultDirectory", s.resultDirectory());
    return json;
  }

  static Map<String, Object> percentiles(Histogram h) {
    Map<String, Object> p = new LinkedHashMap<>();
    boolean empty = h.getTotalCount() == 0;
    p.put("mean", empty ? 0 : round(h.getMean() / 1e6, 3));
    for (int i = 0; i < PERCENTILES.length; i++) {
      p.put(KEYS[i], empty ? 0 : round(h.getValueAtPercentile(PERCENTILES[i]) / 1e6, 3));
    }
    p.put("max", empty ? 0 : round(h.getMaxValue() / 1e6, 3));
    return p;
  }

  private static Map<String, Long> byClass(Map<ErrorClass, Long> counts) {
    Map<String, Long> m = new LinkedHashMap<>();
    counts.forEach((k, v) -> m.put(k.label(), v));
    return m;
  }

  private static double round(double value, int decimals) {
    double scale = Math.pow(10, decimals);
    return Math.round(value * scale) / scale;
  }
}
