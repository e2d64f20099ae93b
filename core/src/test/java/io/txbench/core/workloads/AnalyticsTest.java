package io.txbench.core.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.data.AnalyticsData;
import io.txbench.core.spi.Answer;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AnalyticsTest {
  private static final long SEED = 42;
  private final OptionValues options = OptionValues.of(Analytics.SCALE, new BigDecimal("0.01"));
  private final AnalyticsData data = Analytics.data(options, SEED);
  private final AnalyticsOracle oracle = new AnalyticsOracle(data);

  @Test
  void theOraclesAnswersHaveTheShapeEachQuerySays() {
    Answer join = oracle.answer(AnalyticsQuery.JOIN);
    assertEquals(AnalyticsQuery.JOIN_LIMIT, join.rows().size());
    assertTrue(join.rows().stream().allMatch(r -> r.split("\t").length == 6));
    Answer rollup = oracle.answer(AnalyticsQuery.ROLLUP);
    Answer groupBy = oracle.answer(AnalyticsQuery.GROUP_BY);
    long groups = groupBy.rows().size();
    long subtotals = rollup.rows().stream().filter(r -> r.contains(Answer.NULL)).count();
    assertEquals(groups, rollup.rows().size() - subtotals, "rollup holds every group-by group");
    assertTrue(rollup.rows().contains("\\N\t\\N\t\\N\t10000\t" + quantity() + "\t" + revenue()));
    Answer cube = oracle.answer(AnalyticsQuery.CUBE);
    assertTrue(cube.rows().contains("\\N\t\\N\t10000\t" + quantity() + "\t" + revenue()));
    Answer pivot = oracle.answer(AnalyticsQuery.PIVOT);
    long pivotQuantity =
        pivot.rows().stream()
            .flatMap(r -> List.of(r.split("\t")).subList(1, 13).stream())
            .mapToLong(Long::parseLong)
            .sum();
    assertEquals(quantity(), pivotQuantity);
    assertEquals(13, pivot.columns().size());
  }

  @Test
  void verifyPassesOnTheOraclesAnswersAndRecordsThem() {
    Verification v = new Analytics().verify(run(rows(), answers()));
    assertTrue(v.passed(), v.anomalies().toString());
    assertEquals(6, v.answers().size());
    assertEquals(10_000L, v.figures().get("ord rows"));
  }

  @Test
  void verifyFailsWhenATableHoldsOtherRowsOrAGrandTotalMissesOrders() {
    Map<String, Long> fewer = new HashMap<>(rows());
    fewer.put("ord", 9_999L);
    Verification v = new Analytics().verify(run(fewer, answers()));
    assertFalse(v.passed());
    assertTrue(v.anomalies().get(0).startsWith("ord holds 9999 rows"), v.anomalies().toString());

    List<Answer> planted = new ArrayList<>(answers());
    Answer rollup = oracle.answer(AnalyticsQuery.ROLLUP);
    List<List<Object>> rows = new ArrayList<>();
    for (String line : rollup.rows()) {
      List<Object> cells = new ArrayList<>(List.of(line.split("\t")));
      if (line.startsWith("\\N\t\\N\t\\N\t")) {
        cells.set(3, "9990");
      }
      rows.add(cells.stream().map(c -> c.equals(Answer.NULL) ? null : c).toList());
    }
    planted.set(3, Answer.of("rollup", rollup.columns(), rows));
    Verification wrong = new Analytics().verify(run(rows(), planted));
    assertEquals(
        List.of("rollup's grand total counts 9990 orders, not the 10000 loaded"),
        wrong.anomalies());
  }

  @Test
  void theQueriesAreKnownBeforeConnectingAndAWrongOneIsRefused() {
    Analytics kind = new Analytics();
    assertEquals(AnalyticsQuery.names(), kind.operations(OptionValues.defaults()).orElseThrow());
    assertEquals(List.of("cube", "join"), Analytics.QUERY.parse("CUBE, join"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Analytics.QUERY.parse("join,sum"));
    assertTrue(
        String.valueOf(e.getMessage()).startsWith("unknown value 'sum'; one of: join,"),
        e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Analytics.QUERY.parse("join,join"));
    assertThrows(IllegalArgumentException.class, () -> Analytics.SCALE.parse("0"));
    assertThrows(IllegalArgumentException.class, () -> Analytics.SCALE.parse("1e9"));
    assertEquals(new BigDecimal("0.5"), Analytics.SCALE.parse("0.5"));
  }

  private long quantity() {
    long sum = 0;
    for (long id = 1; id <= data.orders(); id++) {
      sum += data.order(id).quantity();
    }
    return sum;
  }

  private String revenue() {
    BigDecimal sum = BigDecimal.ZERO;
    for (long id = 1; id <= data.orders(); id++) {
      AnalyticsData.Order o = data.order(id);
      sum = sum.add(o.price().multiply(BigDecimal.valueOf(o.quantity())));
    }
    return sum.stripTrailingZeros().toPlainString();
  }

  private Map<String, Long> rows() {
    return Analytics.expectedRows(data);
  }

  private List<Answer> answers() {
    List<Answer> answers = new ArrayList<>();
    for (AnalyticsQuery q : AnalyticsQuery.values()) {
      answers.add(oracle.answer(q));
    }
    return answers;
  }

  private AnalyticsEvidence run(Map<String, Long> after, List<Answer> answers) {
    return new AnalyticsEvidence(rows(), after, new Tally(6, 0, 0, 0, 0), options, SEED, answers);
  }

  @Test
  @SuppressWarnings("CanonicalDuration") // the sums spell out the rule: a minute, plus the data's
  void theServerIsGivenLongerOverBiggerData() {
    assertEquals(
        java.time.Duration.ofSeconds(60 + 900),
        new Analytics().patience(OptionValues.of(Analytics.SCALE, BigDecimal.ONE)));
    assertEquals(
        java.time.Duration.ofSeconds(60 + 9),
        new Analytics().patience(OptionValues.of(Analytics.SCALE, new BigDecimal("0.01"))));
    assertEquals(
        java.time.Duration.ofSeconds(60),
        new PointSelect().patience(OptionValues.of(ItemKind.TABLE_SIZE, 999_999L)));
    assertEquals(
        java.time.Duration.ofSeconds(60 + 10 * 300),
        new PointSelect()
            .patience(
                OptionValues.of(ItemKind.TABLE_SIZE, 100_000_000L).with(ItemKind.TABLES, 3L)));
    assertEquals(java.time.Duration.ofSeconds(60), new Airline().patience(OptionValues.defaults()));
  }
}
