package io.txbench.core.spi;

import org.jspecify.annotations.Nullable;

/**
 * A database server txbench started itself, for a run with nothing else to talk to; its provider
 * starts it ({@link TargetBinding#startEmbedded}).
 */
public interface EmbeddedServer extends AutoCloseable {

  String host();

  int port();

  @Nullable String user();

  String database();

  /** Whether it runs multi-statement transactions; an emulator may not. */
  default boolean supportsTransactions() {
    return true;
  }

  /** The server version as results show it: an emulator says what it is. */
  default String label(String reportedVersion) {
    return reportedVersion;
  }

  /** What it is in two or three words, for the record of where a run ran. */
  String kind();

  /** What it is, for the line that tells the user it was started. */
  String description();

  @Override
  void close();
}
