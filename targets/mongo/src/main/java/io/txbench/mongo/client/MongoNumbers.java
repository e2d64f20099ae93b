package io.txbench.mongo.client;

import org.bson.Document;

/**
 * Numbers that txbench's own documents and aggregations always hold, whatever BSON type the server
 * gave them (an int or a long, a {@code $sum}'s result among them).
 */
public final class MongoNumbers {
  private MongoNumbers() {}

  /**
   * The number at {@code key} of {@code d}, as a long.
   *
   * @throws IllegalStateException when {@code d} has no value there, which txbench always writes
   */
  public static long at(Document d, String key) {
    Object value = d.get(key);
    if (value == null) {
      throw new IllegalStateException("no '" + key + "' in " + d.toJson());
    }
    return ((Number) value).longValue();
  }
}
