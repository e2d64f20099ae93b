package io.txbench.jdbc.async;

import io.txbench.jdbc.client.SqlAnswer;
import java.sql.SQLException;
import org.jspecify.annotations.Nullable;

/**
 * What a request of an event-loop client gives: its answer, or else the server's error (or the
 * connection's loss). A handler, not a stage: it runs on the event loop that read the answer.
 */
@FunctionalInterface
public interface Answered {
  void answered(@Nullable SqlAnswer answer, @Nullable SQLException failure);
}
