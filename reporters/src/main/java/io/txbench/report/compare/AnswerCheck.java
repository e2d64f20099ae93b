package io.txbench.report.compare;

import io.txbench.report.files.AnswerSummary;
import io.txbench.report.files.AnswersFile;
import io.txbench.report.files.Printable;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.SummaryFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Whether runs on different targets returned the same answers to the same queries (verify's
 * digests, {@link AnswerSummary}): per query, each run against a reference run of the same data
 * (the same seed and scale: the baseline, or the first run of that data), and for a disagreement
 * the first row that differs, named from each run's {@value AnswersFile#FILE}. Runs without answers
 * are left out; runs of different data are compared only among themselves.
 */
public final class AnswerCheck {
  private static final String INDENT = "  ";
  private static final int QUERY_WIDTH = 15;

  private final List<String> lines = new ArrayList<>();
  private final Map<ResultDirectory, Map<String, List<String>>> rowsByRun = new HashMap<>();
  private boolean differ;

  private AnswerCheck() {}

  /**
   * The check of {@code runs}: per query, each run that asked it against the reference, {@code
   * baseline} where it asked it, else the first run of the same data that did.
   */
  public static AnswerCheck of(List<ResultDirectory> runs, ResultDirectory baseline) {
    AnswerCheck check = new AnswerCheck();
    Map<String, List<ResultDirectory>> byData = new LinkedHashMap<>();
    for (ResultDirectory run : runs) {
      if (recorded(run) != null) {
        byData.computeIfAbsent(data(run.summary()), d -> new ArrayList<>()).add(run);
      }
    }
    byData.forEach(
        (data, group) -> {
          ResultDirectory reference = group.contains(baseline) ? baseline : group.get(0);
          check.compare(data, reference, group);
        });
    return check;
  }

  /** Whether any run's answer to any query differs from its reference's. */
  public boolean differ() {
    return differ;
  }

  /** The check in words, a block of lines; empty when no run has answers. */
  public String text() {
    return lines.isEmpty()
        ? ""
        : String.join("\n", lines.stream().map(Printable::field).toList()) + "\n";
  }

  private void compare(String data, ResultDirectory baseline, List<ResultDirectory> group) {
    SummaryFile.Verdict first = group.get(0).summary().checks().verification();
    lines.add(
        "answers of "
            + data
            + " ("
            + Objects.requireNonNullElse(
                first == null ? null : first.answerPrecision(), "as recorded")
            + "):");
    Set<String> queries = new LinkedHashSet<>();
    group.forEach(run -> queries.addAll(answers(run).keySet()));
    for (String query : queries) {
      List<Answer> asked = new ArrayList<>();
      for (ResultDirectory run : group) {
        AnswerSummary answer = answers(run).get(query);
        if (answer != null) {
          asked.add(new Answer(run, answer));
        }
      }
      Answer reference =
          asked.stream().filter(a -> a.run().equals(baseline)).findFirst().orElse(asked.get(0));
      compareQuery(query, reference, asked);
    }
  }

  /** A run's answer to one query. */
  private record Answer(ResultDirectory run, AnswerSummary summary) {}

  /** {@code query}'s answers in {@code asked} (the runs that asked it) against the reference's. */
  @SuppressWarnings("ReferenceEquality") // skips the reference itself, not a run given twice
  private void compareQuery(String query, Answer referenceAnswer, List<Answer> asked) {
    ResultDirectory reference = referenceAnswer.run();
    AnswerSummary expected = referenceAnswer.summary();
    String head = INDENT + String.format(Locale.ROOT, "%-" + QUERY_WIDTH + "s", query);
    List<String> agreeing = new ArrayList<>(List.of(reference.label()));
    List<String> details = new ArrayList<>();
    boolean queryDiffers = false;
    for (Answer answer : asked) {
      ResultDirectory run = answer.run();
      if (run == reference) {
        continue;
      }
      AnswerSummary actual = answer.summary();
      if (actual.digest().equals(expected.digest())) {
        agreeing.add(run.label());
      } else {
        differ = true;
        queryDiffers = true;
        details.addAll(difference(query, reference, expected, run, actual));
      }
    }
    lines.add(
        head
            + (queryDiffers ? "DIFFER" : asked.size() == 1 ? "one run" : "agree")
            + String.format(Locale.ROOT, ", %,d rows", expected.rows())
            + (asked.size() == 1
                ? ": " + reference.label()
                : (agreeing.size() > 1 ? ": " + String.join(", ", agreeing) + " agree" : "")
                    + (queryDiffers ? " (the reference: " + reference.label() + ")" : "")));
    lines.addAll(details);
  }

  /** The lines that name the first row where {@code run}'s answer differs from the reference's. */
  private List<String> difference(
      String query,
      ResultDirectory reference,
      AnswerSummary expected,
      ResultDirectory run,
      AnswerSummary actual) {
    String pad = INDENT.repeat(2);
    List<String> mine = rows(reference, query);
    List<String> theirs = rows(run, query);
    String counts =
        String.format(Locale.ROOT, " (%,d rows against %,d)", actual.rows(), expected.rows());
    if (mine == null || theirs == null) {
      return List.of(
          pad
              + run.label()
              + " DIFFERS"
              + counts
              + "; its rows cannot be named: "
              + AnswersFile.FILE
              + " is missing from "
              + (mine == null ? reference.label() : run.label()));
    }
    int i = 0;
    while (i < mine.size() && i < theirs.size() && mine.get(i).equals(theirs.get(i))) {
      i++;
    }
    if (!expected.columns().equals(actual.columns())) {
      return List.of(
          pad
              + run.label()
              + " DIFFERS in its columns: "
              + actual.columns()
              + " against "
              + expected.columns());
    }
    List<String> out = new ArrayList<>();
    out.add(pad + run.label() + " DIFFERS" + counts + ", first at row " + (i + 1) + ":");
    String a = i < mine.size() ? mine.get(i) : null;
    String b = i < theirs.size() ? theirs.get(i) : null;
    List<String> columns = expected.columns();
    if (a == null || b == null || !firstCell(a).equals(firstCell(b))) {
      // Not the same row with other figures: one run has a row the other lacks at this place.
      // The reference lacks it when it has no row left here, or its row sorts after the run's.
      boolean referenceLacks = a == null || (b != null && b.compareTo(a) < 0);
      String having = referenceLacks ? run.label() : reference.label();
      String row = referenceLacks ? b : a;
      if (row == null) {
        // Both have every row the other has, in order: the digests differ on nothing named here.
        return out;
      }
      out.add(
          pad + INDENT + "only " + having + " has " + named(columns, row.split("\t", -1), null));
      return out;
    }
    String[] x = a.split("\t", -1);
    String[] y = b.split("\t", -1);
    out.add(pad + INDENT + reference.label() + ": " + named(columns, x, y));
    out.add(pad + INDENT + run.label() + ": " + named(columns, y, x));
    return out;
  }

  /**
   * The cells of a row by column name: all of them, or, beside {@code other}, the leading cells
   * both share and every cell that differs.
   */
  private static String named(List<String> columns, String[] cells, String @Nullable [] other) {
    List<String> shown = new ArrayList<>();
    boolean leading = true;
    for (int c = 0; c < cells.length; c++) {
      String column = c < columns.size() ? columns.get(c) : "column " + (c + 1);
      boolean same = other != null && c < other.length && other[c].equals(cells[c]);
      leading &= same;
      if (other == null || leading || !same) {
        shown.add(column + "=" + cells[c]);
      }
    }
    return String.join(" ", shown);
  }

  private static String firstCell(String line) {
    int tab = line.indexOf('\t');
    return tab < 0 ? line : line.substring(0, tab);
  }

  /** A run's rows of {@code query}, or null when its answers file is missing. */
  private @Nullable List<String> rows(ResultDirectory run, String query) {
    Map<String, List<String>> rows =
        rowsByRun.computeIfAbsent(
            run,
            r -> {
              try {
                return AnswersFile.read(r.path()).orElse(null);
              } catch (IOException e) {
                throw new UncheckedIOException(e.getMessage(), e);
              }
            });
    return rows == null ? null : rows.getOrDefault(query, List.of());
  }

  /**
   * {@code run}'s answers by query; null when its summary records none (an empty record counts).
   */
  private static @Nullable Map<String, AnswerSummary> recorded(ResultDirectory run) {
    SummaryFile.Verdict v = run.summary().checks().verification();
    return v == null ? null : v.answers();
  }

  /** {@code run}'s answers by query; none when its summary records none. */
  private static Map<String, AnswerSummary> answers(ResultDirectory run) {
    return Objects.requireNonNullElse(recorded(run), Map.of());
  }

  /** The data a run's answers are of: its seed and scale, as its options recorded them. */
  private static String data(SummaryFile s) {
    Map<String, Object> options =
        s.provenance().options() == null ? Map.of() : s.provenance().options();
    return s.identity().workload()
        + " seed "
        + options.getOrDefault("seed", "?")
        + " scale "
        + options.getOrDefault("scale", "?");
  }
}
