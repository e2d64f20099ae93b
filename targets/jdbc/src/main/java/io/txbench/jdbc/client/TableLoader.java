package io.txbench.jdbc.client;

import io.txbench.core.spi.Progress;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Loads several tables at once (sysbench's parallel prepare), each on a connection of its own from
 * the workers' pool, with the dialect's fast path; one progress bar counts the rows of them all.
 */
public final class TableLoader {
  /** More loaders than this only queue on the server's disk. */
  private static final int MOST_AT_ONCE = 8;

  private final JdbcTarget target;

  public TableLoader(JdbcTarget target) {
    this.target = target;
  }

  /** Loads {@code loads}, a table each, then sets their id sequences past the rows loaded. */
  public void load(List<TableLoad> loads, String name, Progress progress)
      throws SQLException, InterruptedException {
    long total = loads.stream().mapToLong(TableLoad::rows).sum();
    try (Progress.Task task = progress.start(name, total)) {
      Progress.Task shared = synchronizedTask(task);
      if (loads.size() == 1) {
        loadOne(loads.get(0), shared);
        return;
      }
      int threads = Math.min(loads.size(), MOST_AT_ONCE);
      while (threads > 1 && !target.canHoldConnections(threads)) {
        threads--; // a load waiting for a connection the pool does not have would time out
      }
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      try {
        List<Future<Void>> done = new ArrayList<>();
        for (TableLoad load : loads) {
          done.add(
              pool.submit(
                  () -> {
                    loadOne(load, shared);
                    return null;
                  }));
        }
        for (Future<Void> f : done) {
          try {
            f.get();
          } catch (ExecutionException e) {
            pool.shutdownNow();
            // loadOne throws SQLException or unchecked; an Error goes on as it does with one table
            if (e.getCause() instanceof SQLException cause) {
              throw cause;
            }
            if (e.getCause() instanceof RuntimeException cause) {
              throw cause;
            }
            if (e.getCause() instanceof Error error) {
              throw error;
            }
            throw new IllegalStateException(e);
          }
        }
      } finally {
        pool.shutdownNow();
      }
    }
  }

  private void loadOne(TableLoad load, Progress.Task task) throws SQLException {
    try (Connection c = target.connection()) {
      boolean autoCommit = c.getAutoCommit();
      c.setAutoCommit(true);
      try {
        target.dialect().bulkLoader().load(c, load, task);
        target.dialect().afterExplicitIds(c, load.table(), "id");
      } finally {
        c.setAutoCommit(autoCommit);
      }
    }
  }

  /** The same task, advanced from several threads. */
  private static Progress.Task synchronizedTask(Progress.Task task) {
    return new Progress.Task() {
      @Override
      public synchronized void advance(long steps) {
        task.advance(steps);
      }

      @Override
      public void close() {}
    };
  }
}
