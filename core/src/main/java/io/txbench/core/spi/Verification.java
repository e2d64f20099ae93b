package io.txbench.core.spi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What the verify phase found: the figures it read (counts, sums), the anomalies in words, and
 * notes that explain a pass (what the server holds of the iterations in doubt). A verify that could
 * not run says why in {@code cause}. A verify that asked queries records their {@code answers}, in
 * canonical form, so that runs on different targets can be compared answer by answer.
 */
public record Verification(
    Status status,
    Map<String, Long> figures,
    List<String> anomalies,
    List<String> notes,
    @Nullable String cause,
    List<Answer> answers) {

  public enum Status {
    PASSED("passed"),
    FAILED("failed"),
    NOT_RUN("not run"),
    /**
     * Not run because the run has nothing to check: its user gave no checks (a script without
     * {@code --script-verify}). Written as "not run", as {@code --no-verify} is; no failure.
     */
    NOTHING_TO_CHECK("not run");

    private final String label;

    Status(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  public Verification {
    figures = Collections.unmodifiableMap(new LinkedHashMap<>(figures));
    anomalies = List.copyOf(anomalies);
    notes = List.copyOf(notes);
    answers = List.copyOf(answers);
  }

  /** The same verdict with the answers of the queries verify asked. */
  public Verification withAnswers(List<Answer> more) {
    return new Verification(status, figures, anomalies, notes, cause, more);
  }

  /** A verify that ran: it passed unless it found anomalies. */
  public static Verification of(
      Map<String, Long> figures, List<String> anomalies, List<String> notes) {
    return new Verification(
        anomalies.isEmpty() ? Status.PASSED : Status.FAILED,
        figures,
        anomalies,
        notes,
        null,
        List.of());
  }

  /** A verify that ran and found what it found, with nothing to explain. */
  public static Verification of(Map<String, Long> figures, List<String> anomalies) {
    return of(figures, anomalies, List.of());
  }

  /** A verify that did not run, and why: {@code --no-verify}, a stop, a server out of reach. */
  public static Verification notRun(String cause) {
    return new Verification(Status.NOT_RUN, Map.of(), List.of(), List.of(), cause, List.of());
  }

  /** A verify with nothing to check, and why: the user gave it no checks. */
  public static Verification nothingToCheck(String cause) {
    return new Verification(
        Status.NOTHING_TO_CHECK, Map.of(), List.of(), List.of(), cause, List.of());
  }

  public boolean passed() {
    return status == Status.PASSED;
  }
}
