package io.txbench.core.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class MixTest {
  private static final int DRAWS = 100_000;

  /**
   * Draws {@link #DRAWS} operations and checks each one's share against {@code shares}, its
   * weight's share of the weights' sum.
   */
  private static void drawsInProportion(Mix mix, long seed, Map<MixOperation, Double> shares) {
    assertEquals(shares.keySet(), Set.copyOf(mix.operations()));
    SplittableRandom random = new SplittableRandom(seed);
    int[] counts = new int[mix.operations().size()];
    for (int i = 0; i < DRAWS; i++) {
      counts[mix.choose(random)]++;
    }
    for (int i = 0; i < counts.length; i++) {
      MixOperation op = mix.operations().get(i);
      // The largest standard deviation, at a share of one half, is 0.16 points over 100,000
      // draws: one point is more than six of them.
      assertEquals(
          shares.getOrDefault(op, 0.0), counts[i] / (double) DRAWS, 0.01, op.text() + " in " + mix);
    }
  }

  @Test
  void twoOperationsAreDrawnInProportionWithinOnePoint() {
    Mix mix = Mix.parse("point-select=95,update=5");
    drawsInProportion(mix, 41, Map.of(MixOperation.POINT_SELECT, 0.95, MixOperation.UPDATE, 0.05));
  }

  @Test
  void sixOperationsAreDrawnInProportionWithinOnePoint() {
    Mix mix =
        Mix.parse("point-select=40,update=25,insert=15,delete=5,range-scan=10,read-modify-write=5");
    assertEquals(6, mix.operations().size());
    drawsInProportion(
        mix,
        43,
        Map.of(
            MixOperation.POINT_SELECT,
            0.40,
            MixOperation.UPDATE,
            0.25,
            MixOperation.INSERT,
            0.15,
            MixOperation.DELETE,
            0.05,
            MixOperation.RANGE_SCAN,
            0.10,
            MixOperation.READ_MODIFY_WRITE,
            0.05));
  }

  @Test
  void weightsNeedNotSumToAHundred() {
    Mix mix = Mix.parse("read=0.5, update=0.5 ,scan=0");
    assertEquals(List.of("point-select", "update"), mix.names());
    assertFalse(mix.has(MixOperation.RANGE_SCAN));
    drawsInProportion(mix, 47, Map.of(MixOperation.POINT_SELECT, 0.5, MixOperation.UPDATE, 0.5));
  }

  @Test
  void ycsbsNamesAreTxbenchsOperations() {
    Mix mix = Mix.parse("read=95,scan=5");
    assertEquals(List.of(MixOperation.POINT_SELECT, MixOperation.RANGE_SCAN), mix.operations());
    assertEquals(Mix.parse("READ=50,RMW=50").toString(), "point-select=50,read-modify-write=50");
    assertTrue(mix.readOnly());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "select=95,update=5 | unknown operation 'select'; one of: point-select, update, insert,"
            + " delete, range-scan, read-modify-write",
        "point-select=95,update=-5 | the weight of update must be 0 or more, not -5",
        "point-select=95,update=x | the weight of update is not a number: 'x'",
        "point-select=95,read=5 | point-select is given twice",
        "point-select=0,update=0 | no operation has a weight above 0: give one, as in"
            + " point-select=95,update=5",
        "point-select | 'point-select' is not OPERATION=WEIGHT, as in point-select=95,update=5",
      })
  void aWrongMixIsRefusedInOneLineSayingWhy(String text, String message) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Mix.parse(text));
    assertEquals(message, e.getMessage());
  }

  @Test
  void theOptionRefusesAsParseDoes() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> MixKind.MIX.parse("read=95,write=5"));
    assertTrue(
        String.valueOf(e.getMessage()).startsWith("unknown operation 'write'; one of: "),
        e.getMessage());
    assertEquals("point-select=95,update=5", MixKind.MIX.defaultValue().toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"", " , ", "update=NaN", "update=Infinity", "update=1e400"})
  void noUsableWeightIsRefused(String text) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Mix.parse(text));
    assertFalse(String.valueOf(e.getMessage()).contains("\n"), e.getMessage());
  }
}
