package io.txbench.mongo;

import de.bwaldvogel.mongo.bson.Document;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What {@link ReplicaSetEmulator} saw of each transaction, named by its session ({@code lsid}) and
 * number ({@code txnNumber}) as the driver sends them: how many of its commands started it, how
 * many commits it was sent, and whether it ended committed or aborted. It also answers the commits,
 * as scripted for one transaction by {@link #scriptNextCommit}. Commands come from the emulator's
 * event-loop threads and the test reads from its own: every method holds the lock.
 */
final class TransactionLedger {

  /** One transaction as the server saw it. */
  record Transaction(String session, long number, int starts, int commits, State state) {}

  enum State {
    OPEN,
    COMMITTED,
    ABORTED
  }

  private record Key(String session, long number) {}

  private static final class Seen {
    int starts;
    int commits;
    State state = State.OPEN;
  }

  private final Map<Key, Seen> transactions = new LinkedHashMap<>();
  private final Deque<CommitAnswer> script = new ArrayDeque<>();
  private @Nullable Key scripted; // the transaction whose commits the script answers

  /**
   * Records a command of a transaction (it carries {@code autocommit: false}); other commands are
   * no transaction's.
   */
  synchronized void statement(Document command) {
    if (!Boolean.FALSE.equals(command.get("autocommit"))) {
      return;
    }
    Seen seen = transactions.computeIfAbsent(key(command), k -> new Seen());
    if (Boolean.TRUE.equals(command.get("startTransaction"))) {
      seen.starts++;
    }
  }

  /**
   * The answer to a commitTransaction, recorded: the script's next one for the scripted
   * transaction, otherwise what a primary answers (a transaction committed before is committed
   * again, one aborted or never seen cannot be).
   */
  synchronized CommitAnswer commit(Document command) {
    Key key = key(command);
    Seen seen = transactions.computeIfAbsent(key, k -> new Seen());
    seen.commits++;
    if (scripted == null && !script.isEmpty() && seen.state == State.OPEN) {
      scripted = key;
    }
    CommitAnswer answer =
        key.equals(scripted) && !script.isEmpty()
            ? script.remove()
            : seen.state == State.ABORTED || seen.starts == 0
                ? CommitAnswer.noSuchTransaction()
                : CommitAnswer.ok();
    if (answer.commits()) {
      seen.state = State.COMMITTED;
    } else if (seen.state == State.OPEN) {
      seen.state = State.ABORTED;
    }
    return answer;
  }

  /** Records an abortTransaction: a transaction not committed is aborted. */
  synchronized void abort(Document command) {
    Seen seen = transactions.computeIfAbsent(key(command), k -> new Seen());
    if (seen.state == State.OPEN) {
      seen.state = State.ABORTED;
    }
  }

  /**
   * The next transaction to commit gets {@code answers} to its commits, one each in turn, then the
   * usual ones.
   */
  synchronized void scriptNextCommit(List<CommitAnswer> answers) {
    scripted = null;
    script.clear();
    script.addAll(answers);
  }

  /** Every transaction seen so far, in the order they were first seen. */
  synchronized List<Transaction> transactions() {
    List<Transaction> all = new ArrayList<>();
    transactions.forEach(
        (k, s) -> all.add(new Transaction(k.session(), k.number(), s.starts, s.commits, s.state)));
    return all;
  }

  /** The transactions that ended {@code state}. */
  List<Transaction> in(State state) {
    return transactions().stream().filter(t -> t.state() == state).toList();
  }

  /** The transaction the script answered, once a commit came for it. */
  synchronized @Nullable Transaction scripted() {
    Key key = scripted;
    if (key == null) {
      return null;
    }
    Seen s = Objects.requireNonNull(transactions.get(key));
    return new Transaction(key.session(), key.number(), s.starts, s.commits, s.state);
  }

  private static Key key(Document command) {
    Object lsid = command.get("lsid");
    Object session = lsid instanceof Document d ? d.get("id") : lsid;
    return new Key(
        String.valueOf(session),
        ((Number) Objects.requireNonNull(command.get("txnNumber"), command::toString)).longValue());
  }
}
