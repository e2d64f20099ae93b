package io.txbench.core.spi;

/** Where a workload reports how far its prepare phase has come. */
public interface Progress {

  /** Starts a task of {@code total} steps (rows); close the returned task when it is done. */
  Task start(String name, long total);

  interface Task extends AutoCloseable {
    void advance(long steps);

    @Override
    void close();
  }

  /** Progress that shows nothing, for tests and quiet runs. */
  static Progress silent() {
    return (name, total) ->
        new Task() {
          @Override
          public void advance(long steps) {}

          @Override
          public void close() {}
        };
  }
}
