package io.txbench.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.mongodb.MongoException;
import com.mongodb.client.ClientSession;
import io.txbench.core.spi.Effects;
import io.txbench.mongo.client.MongoErrors;
import io.txbench.mongo.client.MongoSession;
import java.lang.reflect.Proxy;
import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.Test;

/**
 * The commit's own retry, which needs a server answering "unknown commit result": no emulator does,
 * so a session that answers as scripted stands in for one (only commitTransaction is called).
 */
class CommitRetryTest {

  /** A session whose commitTransaction throws the scripted errors in turn, then succeeds. */
  private static ClientSession session(Deque<MongoException> failures, int[] commits) {
    return (ClientSession)
        Proxy.newProxyInstance(
            ClientSession.class.getClassLoader(),
            new Class<?>[] {ClientSession.class},
            (proxy, method, args) -> {
              if (!method.getName().equals("commitTransaction")) {
                throw new UnsupportedOperationException(method.getName());
              }
              commits[0]++;
              MongoException next = failures.poll();
              if (next != null) {
                throw next;
              }
              return null;
            });
  }

  private static MongoException labelled(String label) {
    MongoException e = new MongoException(50, "commit outcome unknown");
    e.addLabel(label);
    return e;
  }

  @Test
  void anUnknownCommitResultRetriesOnlyTheCommit() {
    Deque<MongoException> failures = new ArrayDeque<>();
    failures.add(labelled(MongoException.UNKNOWN_TRANSACTION_COMMIT_RESULT_LABEL));
    failures.add(labelled(MongoException.UNKNOWN_TRANSACTION_COMMIT_RESULT_LABEL));
    int[] commits = {0};
    MongoSession.commit(session(failures, commits), new Effects());
    assertEquals(3, commits[0]);
  }

  @Test
  void aTransientErrorAtCommitGoesBackToTheRunnerForAWholeRetry() {
    MongoException transientError = labelled(MongoException.TRANSIENT_TRANSACTION_ERROR_LABEL);
    Deque<MongoException> failures = new ArrayDeque<>();
    failures.add(transientError);
    int[] commits = {0};
    MongoException thrown =
        assertThrows(
            MongoException.class,
            () -> MongoSession.commit(session(failures, commits), new Effects()));
    assertSame(transientError, thrown);
    assertEquals(1, commits[0]);
    assertEquals(
        io.txbench.core.spi.Failure.retryable(io.txbench.core.spi.ErrorClass.TRANSIENT_TRANSACTION),
        MongoErrors.classify(thrown));
  }

  @Test
  void theCommitIsNotRetriedForever() {
    Deque<MongoException> failures = new ArrayDeque<>();
    for (int i = 0; i < 10; i++) {
      failures.add(labelled(MongoException.UNKNOWN_TRANSACTION_COMMIT_RESULT_LABEL));
    }
    int[] commits = {0};
    MongoException thrown =
        assertThrows(
            MongoException.class,
            () -> MongoSession.commit(session(failures, commits), new Effects()));
    assertEquals(5, commits[0]);
    // The server may hold it: the iteration is in doubt, never run again.
    assertEquals(
        io.txbench.core.spi.Failure.replyLost(io.txbench.core.spi.ErrorClass.TRANSIENT_TRANSACTION),
        MongoErrors.classify(thrown));
  }

  @Test
  void anErrorAfterAnUnknownResultLeavesTheCommitInDoubt() {
    Deque<MongoException> failures = new ArrayDeque<>();
    failures.add(labelled(MongoException.UNKNOWN_TRANSACTION_COMMIT_RESULT_LABEL));
    failures.add(new MongoException(91, "shutdown in progress"));
    int[] commits = {0};
    MongoException thrown =
        assertThrows(
            MongoException.class,
            () -> MongoSession.commit(session(failures, commits), new Effects()));
    assertEquals(2, commits[0]);
    org.junit.jupiter.api.Assertions.assertTrue(MongoErrors.classify(thrown).replyLost());
  }
}
