package io.txbench.core.workloads;

import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Operations with weights ({@code --mix point-select=95,update=5}): each iteration draws one, in
 * proportion to its weight. Weights are any non-negative numbers (YCSB's 0.95 and 95 alike); an
 * operation of weight 0 is left out.
 */
public final class Mix {
  private final List<MixOperation> operations;
  private final double[] cumulative;
  private final Map<MixOperation, Double> weights;

  private Mix(Map<MixOperation, Double> weights) {
    this.weights = weights;
    operations = List.copyOf(weights.keySet());
    cumulative = new double[operations.size()];
    double total = weights.values().stream().mapToDouble(Double::doubleValue).sum();
    double sum = 0;
    int i = 0;
    for (double weight : weights.values()) {
      sum += weight;
      cumulative[i++] = sum / total;
    }
  }

  /**
   * The mix {@code text} describes: {@code op=weight} pairs separated by commas.
   *
   * @throws IllegalArgumentException saying what is wrong with it
   */
  public static Mix parse(String text) {
    Map<MixOperation, Double> weights = new EnumMap<>(MixOperation.class);
    for (String part : text.split(",")) {
      if (part.isBlank()) {
        continue;
      }
      String[] pair = part.split("=", -1);
      if (pair.length != 2) {
        throw new IllegalArgumentException(
            "'" + part.strip() + "' is not OPERATION=WEIGHT, as in point-select=95,update=5");
      }
      MixOperation op =
          MixOperation.named(pair[0])
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "unknown operation '"
                              + pair[0].strip()
                              + "'; one of: "
                              + String.join(
                                  ", ",
                                  java.util.Arrays.stream(MixOperation.values())
                                      .map(MixOperation::text)
                                      .toList())));
      double weight;
      try {
        weight = new BigDecimal(pair[1].strip()).doubleValue();
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "the weight of " + op.text() + " is not a number: '" + pair[1].strip() + "'");
      }
      if (!(weight >= 0) || Double.isInfinite(weight)) {
        throw new IllegalArgumentException(
            "the weight of " + op.text() + " must be 0 or more, not " + pair[1].strip());
      }
      if (weights.containsKey(op)) {
        throw new IllegalArgumentException(op.text() + " is given twice");
      }
      if (weight > 0) {
        weights.put(op, weight);
      }
    }
    if (weights.isEmpty()) {
      throw new IllegalArgumentException(
          "no operation has a weight above 0: give one, as in point-select=95,update=5");
    }
    return new Mix(weights);
  }

  /** The operations drawn, in a fixed order: their indexes are {@link #choose}'s. */
  public List<MixOperation> operations() {
    return operations;
  }

  /** Their names, for the results. */
  public List<String> names() {
    return operations.stream().map(MixOperation::text).toList();
  }

  /** The index in {@link #operations()} of the next operation, drawn by weight. */
  public int choose(SplittableRandom random) {
    double r = random.nextDouble();
    for (int i = 0; i < cumulative.length - 1; i++) {
      if (r < cumulative[i]) {
        return i;
      }
    }
    return cumulative.length - 1;
  }

  public boolean has(MixOperation op) {
    return weights.containsKey(op);
  }

  /**
   * Whether only reads are drawn: then the mix's reads of a missing key are the data's fault, not
   * another operation's.
   */
  public boolean readOnly() {
    return operations.stream().noneMatch(MixOperation::writes);
  }

  @Override
  public String toString() {
    List<String> parts = new ArrayList<>();
    weights.forEach(
        (op, w) ->
            parts.add(
                op.text()
                    + "="
                    + (w == Math.rint(w) ? String.valueOf(w.longValue()) : String.valueOf(w))));
    return String.join(",", parts);
  }

  /**
   * The invariants of a mix: read-only, nothing changed; otherwise the rows grew by the inserts and
   * fell by the deletes that committed (the deletes that found no row are declined), and the update
   * counters grew by the committed updates and read-modify-writes (when the mix deletes, by no more
   * than those, since a deleted row takes its count with it); each within what the operation's
   * uncertain iterations may have done.
   */
  public Verification verify(ItemEvidence run) {
    if (readOnly()) {
      return ItemKind.unchanged(run);
    }
    Tally all = run.tally();
    Tally inserts = all.of(MixOperation.INSERT.text());
    Tally deletes = all.of(MixOperation.DELETE.text());
    Tally updates = all.of(MixOperation.UPDATE.text());
    Tally rmw = all.of(MixOperation.READ_MODIFY_WRITE.text());
    long rowsDelta = run.after().rows() - run.before().rows();
    long updatesDelta = run.after().updates() - run.before().updates();
    Map<String, Long> figures = Invariants.figures(all);
    figures.put("rows", run.after().rows());
    figures.put("rows added", rowsDelta);
    figures.put("updates", updatesDelta);
    List<String> anomalies = new ArrayList<>();
    long least =
        inserts.applied()
            - deletes.applied()
            - (has(MixOperation.DELETE) ? deletes.uncertain() : 0);
    long most =
        inserts.applied()
            + (has(MixOperation.INSERT) ? inserts.uncertain() : 0)
            - deletes.applied();
    if (rowsDelta < least || rowsDelta > most) {
      anomalies.add(
          String.format(
              Locale.ROOT,
              "the rows changed by %d, where %d committed inserts and %d committed deletes make %d%s",
              rowsDelta,
              inserts.applied(),
              deletes.applied(),
              inserts.applied() - deletes.applied(),
              least == most ? "" : " (" + least + " to " + most + " with the uncertain)"));
    }
    long updated = updates.applied() + rmw.applied();
    long upTo =
        updated
            + (has(MixOperation.UPDATE) ? updates.uncertain() : 0)
            + (has(MixOperation.READ_MODIFY_WRITE) ? rmw.uncertain() : 0);
    // A deleted row takes its count with it: with deletes, the counters may grow by less than the
    // committed updates (or fall), but never by more.
    long atLeast = has(MixOperation.DELETE) ? Long.MIN_VALUE : updated;
    if (updatesDelta < atLeast || updatesDelta > upTo) {
      anomalies.add(
          "the update counters grew by "
              + updatesDelta
              + ", where the committed updates and read-modify-writes are "
              + updated
              + (upTo > updated ? " (up to " + upTo + " with the uncertain)" : "")
              + (has(MixOperation.DELETE) ? ", the most they may add" : ""));
    }
    return Invariants.verdict(figures, anomalies, all, "what verify allowed for");
  }
}
