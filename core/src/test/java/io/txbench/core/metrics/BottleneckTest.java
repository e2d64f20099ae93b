package io.txbench.core.metrics;

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
    return used(cores, of, OptionalDouble.empty());
  }

  /** The same, the machine's cores {@code machine} busy (%) or not measured. */
  private static ClientUsage used(double cores, int of, OptionalDouble machine) {
    return new ClientUsage(
        TEN_SECONDS, of, OptionalLong.of(Math.round(cores * TEN_SECONDS)), 0, 0, machine);
  }

  /** Ten seconds in which the client used {@code cores} of 2, the machine {@code busy}% busy. */
  private static ClientUsage onBusyMachine(double cores, double busy) {
    return used(cores, 2, OptionalDouble.of(busy));
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

  @Test
  void aSaturatedMachineIsSaidWithTxbenchsShareAndTheOtherProcesses() {
    assertEquals(
        Optional.of(
            "the machine's cores were 97% busy over the window (txbench 31%, other processes 66%):"
                + " results measured on a saturated machine understate what the server can do;"
                + " run txbench on a machine of its own"),
        Bottleneck.warning(onBusyMachine(0.62, 97.4), List.of()));
    // Client and server sharing 2 cores, the server filling what txbench leaves: it warns.
    assertEquals(
        Optional.of(
            "the machine's cores were 100% busy over the window (txbench 17%, other processes"
                + " 83%): results measured on a saturated machine understate what the server can"
                + " do; run txbench on a machine of its own"),
        Bottleneck.warning(onBusyMachine(0.34, 100), List.of()));
  }

  @Test
  void theSharesAddUpAsPrinted() {
    // 90.6 and 30.4 print as 91 and 30: the others are 61, not 60.2's 60.
    assertTrue(
        Bottleneck.warning(onBusyMachine(0.608, 90.6), List.of())
            .orElseThrow()
            .startsWith(
                "the machine's cores were 91% busy over the window (txbench 30%, other processes"
                    + " 61%): "));
  }

  @Test
  void aMachineUnder90PercentBusyIsNoSign() {
    assertTrue(Bottleneck.warning(onBusyMachine(0.3, 90.0), List.of()).isPresent());
    assertEquals(Optional.empty(), Bottleneck.warning(onBusyMachine(0.3, 89.9), List.of()));
    // A co-located server that works hard but leaves the machine some room.
    assertEquals(Optional.empty(), Bottleneck.warning(onBusyMachine(0.4, 85), List.of()));
  }

  @Test
  void withoutTheMachinesFigureTheSignIsAbsent() {
    assertEquals(Optional.empty(), Bottleneck.warning(used(0.3, 2), List.of()));
    // Over less than 100 ms, a few 10 ms ticks are no figure.
    ClientUsage blink =
        new ClientUsage(50_000_000L, 2, OptionalLong.of(10_000_000L), 0, 0, OptionalDouble.of(100));
    assertEquals(Optional.empty(), Bottleneck.warning(blink, List.of()));
    ClientUsage tenTicks =
        new ClientUsage(
            ClientUsage.MIN_MEASURED_NANOS,
            2,
            OptionalLong.of(20_000_000L),
            0,
            0,
            OptionalDouble.of(100));
    assertTrue(Bottleneck.warning(tenTicks, List.of()).isPresent());
  }

  @Test
  void aSaturatedMachineIsSaidWithoutASplitWhenTheClientsCpuIsUnknown() {
    ClientUsage blind =
        new ClientUsage(TEN_SECONDS, 2, OptionalLong.empty(), 0, 0, OptionalDouble.of(95));
    assertEquals(
        Optional.of(
            "the machine's cores were 95% busy over the window: results measured on a saturated"
                + " machine understate what the server can do; run txbench on a machine of its"
                + " own"),
        Bottleneck.warning(blind, List.of()));
  }

  @Test
  void aClientOverHalfTheCoresIsSaidRatherThanTheMachineItFilled() {
    assertTrue(
        Bottleneck.warning(onBusyMachine(1.71, 99), List.of())
            .orElseThrow()
            .startsWith("the client used 1.71 of 2 cores (86%): "));
    assertEquals(
        Bottleneck.warning(used(1.71, 2), List.of()),
        Bottleneck.warning(onBusyMachine(1.71, 99), List.of()));
  }

  @Test
  void aSaturatedMachineWhoseLagGrewSaysBoth() {
    assertEquals(
        Optional.of(
            "the machine's cores were 96% busy over the window (txbench 20%, other processes 76%):"
                + " results measured on a saturated machine understate what the server can do;"
                + " run txbench on a machine of its own (and the start lag grew from 1.0 to 25.0"
                + " ms: the run could not keep up with --rate)"),
        Bottleneck.warning(onBusyMachine(0.4, 96), List.of(1.0, 5.0, 25.0)));
  }
}
