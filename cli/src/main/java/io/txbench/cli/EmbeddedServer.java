package io.txbench.cli;

/** A database server the CLI started itself, for a run with nothing else to talk to. */
interface EmbeddedServer extends AutoCloseable {

  String host();

  int port();

  String user();

  String database();

  /** What it is, for the line that tells the user it was started. */
  String description();

  @Override
  void close();
}
