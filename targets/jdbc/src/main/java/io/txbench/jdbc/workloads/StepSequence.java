package io.txbench.jdbc.workloads;

import io.txbench.core.spi.DeclinedException;
import io.txbench.jdbc.client.SqlAnswer;
import io.txbench.jdbc.client.SqlIteration;
import io.txbench.jdbc.client.SqlStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * An iteration made of steps in order, each an iteration of its own (a read, an update sent until
 * it finds its row, a delete and the insert that puts its row back), made when the step before it
 * ended, so that each draws its choices in the order its statements are sent.
 */
final class StepSequence implements SqlIteration {
  private final List<Supplier<SqlIteration>> steps = new ArrayList<>();
  private @Nullable Iterator<Supplier<SqlIteration>> ahead; // set by the first statement
  private @Nullable SqlIteration current;
  private boolean oneTransaction;

  /** The same steps, one transaction wherever the run's other iterations commit each statement. */
  StepSequence inOneTransaction() {
    oneTransaction = true;
    return this;
  }

  @Override
  public boolean oneTransaction() {
    return oneTransaction;
  }

  /** Adds {@code step} after those added before; made when its turn comes. */
  void then(Supplier<SqlIteration> step) {
    steps.add(step);
  }

  /** Adds a step of the one statement {@code statement} makes, whatever its answer. */
  void thenSend(Supplier<SqlStatement> statement) {
    steps.add(() -> SqlIteration.of(statement.get(), rows -> {}));
  }

  @Override
  public @Nullable SqlStatement next(@Nullable SqlAnswer last)
      throws SQLException, DeclinedException {
    Iterator<Supplier<SqlIteration>> left = ahead;
    if (left == null) {
      left = steps.iterator();
      ahead = left;
    }
    SqlAnswer answer = last;
    while (true) {
      SqlIteration step = current;
      if (step == null) {
        if (!left.hasNext()) {
          return null;
        }
        step = left.next().get();
        current = step;
        answer = null;
      }
      SqlStatement next = step.next(answer);
      if (next != null) {
        return next;
      }
      current = null;
    }
  }
}
