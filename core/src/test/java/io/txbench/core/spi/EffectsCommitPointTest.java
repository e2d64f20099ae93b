package io.txbench.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.metrics.Metrics;
import io.txbench.core.spi.Effects.Exposure;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The one commit-point protocol every session shares: blocking ({@link Effects#commitPoint}) or in
 * its three steps from a reply's handler.
 */
class EffectsCommitPointTest {
  private static final Failure LOST = Failure.replyLost(ErrorClass.CONNECTION);
  private static final Failure REFUSED = new Failure(ErrorClass.SERIALIZATION, true, false);

  private final Effects effects = new Effects();

  @Test
  void aCommitThatChangedSomethingIsKept() throws Exception {
    assertTrue(effects.begin());
    assertEquals(3, effects.commitPoint(() -> 3, n -> n, e -> REFUSED));
    assertEquals(Exposure.PARTIAL, effects.exposure());
  }

  @Test
  void aWriteThatChangedNothingLeftNothingBehind() throws Exception {
    assertTrue(effects.begin());
    assertEquals(0, effects.commitPoint(() -> 0, n -> n, e -> REFUSED));
    assertEquals(Exposure.NONE, effects.exposure());
  }

  @Test
  void aFailureIsRethrownAndItsReplyLostAsTheTargetClassifiesIt() throws Exception {
    assertTrue(effects.begin());
    IOException refused = new IOException("refused");
    IOException thrown =
        assertThrows(
            IOException.class,
            () ->
                effects.<Integer, IOException>commitPoint(
                    () -> {
                      throw refused;
                    },
                    n -> n,
                    e -> REFUSED));
    assertSame(refused, thrown);
    assertEquals(Exposure.NONE, effects.exposure());
    assertThrows(
        IllegalStateException.class,
        () ->
            effects.commitPoint(
                () -> {
                  throw new IllegalStateException("no reply");
                },
                n -> 1,
                e -> LOST));
    assertEquals(Exposure.UNKNOWN, effects.exposure());
  }

  @Test
  void anAbandonedIterationSendsNoCommit() {
    assertTrue(effects.begin());
    effects.abandon();
    boolean[] sent = {false};
    assertThrows(
        AbandonedException.class,
        () ->
            effects.commitPoint(
                () -> {
                  sent[0] = true;
                  return 1;
                },
                n -> n,
                e -> LOST));
    assertFalse(sent[0]);
  }

  @Test
  void aCommitPointSentWithoutBlockingIsReportedByTheSameRules() throws Exception {
    assertTrue(effects.begin());
    effects.committing();
    effects.answered(0);
    effects.committing();
    effects.failed(REFUSED);
    assertEquals(Exposure.NONE, effects.exposure());
    effects.committing();
    effects.answered(2);
    assertEquals(Exposure.PARTIAL, effects.exposure());
    effects.committing();
    effects.failed(LOST);
    assertEquals(Exposure.UNKNOWN, effects.exposure());
  }

  @Test
  void aCommitSentAgainIsCountedWithTheRunsRetriesOnce() {
    effects.retried(ErrorClass.TRANSIENT_TRANSACTION);
    effects.retried(ErrorClass.TRANSIENT_TRANSACTION);
    Metrics metrics = new Metrics(true, List.of(), List.of());
    effects.drainRetriesTo(metrics);
    effects.drainRetriesTo(metrics);
    assertEquals(2, metrics.retryCount());
    assertEquals(2L, metrics.retriesByClass().get(ErrorClass.TRANSIENT_TRANSACTION));
  }
}
