package io.txbench.core;

/**
 * MongoDB's session and transaction options, as names the driver reads: a read preference
 * ({@code primary}), a read concern ({@code snapshot}), a write concern ({@code majority}), and
 * whether sessions are causally consistent.
 */
public record MongoOptions(
    String readPreference, String readConcern, String writeConcern, boolean causallyConsistent) {

  public static MongoOptions defaults() {
    return new MongoOptions("primary", "snapshot", "majority", true);
  }
}
