package io.txbench.core.spi;

/**
 * A target a provider opened, typed together with how it builds its workloads and drops its tables,
 * so that the engine hands the target back to nothing that must cast it. Closing it closes the
 * target.
 *
 * @param <T> the target's own client type
 * @param <X> the driver's checked exception, as in {@link Workload}
 */
public record OpenTarget<T extends Target, X extends Exception>(
    T target, Workloads<T> workloads, Dropper<T, X> dropper) implements AutoCloseable {

  /** How a target builds its workload of the options' kind ({@link WorkloadTable#build}). */
  @FunctionalInterface
  public interface Workloads<T> {
    Workload<?, ?> build(T target, WorkloadOptions options);
  }

  /** How a target drops what txbench made there ({@link #dropOwned()}). */
  @FunctionalInterface
  public interface Dropper<T, X extends Exception> {
    Dropped drop(T target) throws SetupException, X;
  }

  /** The target's workload of {@code options}' kind. */
  public Workload<?, ?> workload(WorkloadOptions options) {
    return workloads.build(target, options);
  }

  /**
   * Drops every table or collection of txbench's that its record on the target lists, then the
   * record itself, and nothing else ({@code --drop}), under an exclusive lease on all of them.
   */
  public Dropped dropOwned() throws SetupException, X {
    return dropper.drop(target);
  }

  @Override
  public void close() {
    target.close();
  }
}
