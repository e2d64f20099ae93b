package io.txbench.core.ownership;

import io.txbench.core.spi.server.LeaseMode;
import java.util.List;

/**
 * Where a target keeps the leases on txbench's tables: rows of a table, documents of a collection.
 * Every write is durable when it returns (autocommit), and every time is the store's own clock, so
 * that clients on several machines agree on which lease is stale.
 *
 * @param <X> the driver's checked exception ({@code SQLException}), or {@link RuntimeException}
 */
public interface LeaseStore<X extends Exception> {

  /** The leases and the store's clock, read together. */
  record Snapshot(long nowMillis, List<LeaseRecord> leases) {}

  Snapshot read() throws X;

  /** Adds a lease; its start and heartbeat are the store's now, whatever the record says. */
  void insert(LeaseRecord lease) throws X;

  /** Sets the lease's heartbeat to the store's now. */
  void beat(String id) throws X;

  void changeMode(String id, LeaseMode mode) throws X;

  /** Removes the lease if its heartbeat is still {@code heartbeatMillis}; true if it did. */
  boolean expire(String id, long heartbeatMillis) throws X;

  void release(String id) throws X;
}
