package io.txbench.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** When txbench says it may have limited a run, from figures. */
class BottleneckTest {
  private static final long TEN_SECONDS = 10_000_000_000L;

  /** Ten seconds in which the client used {@code cores} of the machine's {@code of}. */
  private static ClientUsage used(double cores, int of) {
    return new ClientUsage(
        TEN_SECONDS,
        of,
        OptionalLong.of(Math.round(cores * TEN_SECONDS)),
        0,
        0,
        OptionalDouble.empty());
  }

  private static ClientUsage unmeasured(int of) {
    return new ClientUsage(TEN_SECONDS, of, OptionalLong.empty(), 0, 0, OptionalDouble.empty());
  }

  @Test
  void aClientOverHalfTheCoresIsSaidToLimitTheResultWithItsFigure() {
    assertEquals(
        Optional.of(
            "the client used 1.71 of 2 cores (86%): txbench itself may be limiting this result;"
                + " run it on another machine or with fewer threads"),
        Bottleneck.warning(used(1.71, 2), List.of()));
    assertTrue(Bottleneck.warning(used(4.01, 8), List.of()).isPresent());
    assertTrue(Bottleneck.warning(used(0.6, 1), List.of()).isPresent());
  }

  @Test
  void aClientAtHalfTheCoresOrUnderIsNot() {
    assertEquals(Optional.empty(), Bottleneck.warning(used(1.0, 2), List.of()));
    assertEquals(Optional.empty(), Bottleneck.warning(used(0.62, 2), List.of()));
    assertEquals(Optional.empty(), Bottleneck.warning(used(3.99, 8), List.of()));
    assertEquals(Optional.empty(), Bottleneck.warning(unmeasured(2), List.of()));
  }

  @Test
  void aStartLagThatKeepsGrowingNamesTheServerWhenTheClientWasNotBusy() {
    List<Double> growing = List.of(0.4, 0.6, 3.0, 12.0, 40.0, 95.0, 180.0, 400.0, 820.0);
    assertEquals(
        Optional.of(
            "the start lag grew from 0.4 to 400.0 ms over the run: the client or the server could"
                + " not keep up with --rate, likelier the server (the client used 0.31 of 2"
                + " cores)"),
        Bottleneck.warning(used(0.31, 2), growing));
    assertEquals(
        Optional.of(
            "the start lag grew from 0.4 to 400.0 ms over the run: the client or the server could"
                + " not keep up with --rate"),
        Bottleneck.warning(unmeasured(2), growing));
    // Three periods are enough to see it.
    assertTrue(Bottleneck.warning(used(0.1, 2), List.of(1.0, 5.0, 25.0)).isPresent());
  }

  @Test
  void aBusyClientWhoseLagGrewIsSaidToBeTheLimit() {
    assertEquals(
        Optional.of(
            "the client used 1.90 of 2 cores (95%): txbench itself may be limiting this result;"
                + " run it on another machine or with fewer threads (and the start lag grew from"
                + " 1.0 to 25.0 ms: it could not keep up with --rate)"),
        Bottleneck.warning(used(1.9, 2), List.of(1.0, 5.0, 25.0)));
  }

  @Test
  void aStartLagThatDoesNotKeepGrowingIsNoSign() {
    ClientUsage idle = used(0.2, 2);
    // Too few periods to tell a trend.
    assertEquals(Optional.empty(), Bottleneck.warning(idle, List.of(1.0, 500.0)));
    // High, but steady around its level.
    assertEquals(
        Optional.empty(), Bottleneck.warning(idle, List.of(50.0, 60.0, 45.0, 55.0, 52.0, 58.0)));
    // A cold start that settles.
    assertEquals(
        Optional.empty(), Bottleneck.warning(idle, List.of(300.0, 40.0, 2.0, 0.5, 0.4, 0.5)));
    // Growing, but ending under the floor of 10 ms.
    assertEquals(Optional.empty(), Bottleneck.warning(idle, List.of(0.1, 0.5, 1.0, 2.0, 4.0, 9.0)));
    // Growing, but ending under twice the first period's.
    assertEquals(
        Optional.empty(), Bottleneck.warning(idle, List.of(30.0, 31.0, 35.0, 40.0, 50.0, 55.0)));
    // Risen, then falling back: high at the end, but no longer growing.
    assertEquals(
        Optional.empty(), Bottleneck.warning(idle, List.of(1.0, 2.0, 60.0, 80.0, 40.0, 30.0)));
    // A spike in the middle, back down at the end.
    assertEquals(
        Optional.empty(), Bottleneck.warning(idle, List.of(0.5, 0.5, 900.0, 800.0, 0.6, 0.5)));
  }
}
