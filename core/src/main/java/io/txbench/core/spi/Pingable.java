package io.txbench.core.spi;

/**
 * A worker's session that can make a round trip to its server. The engine pings each session that
 * is one while a run waits for its start ({@code --start-at}), so that no connection sits idle long
 * enough for the pool, the server or a device on the way to close it.
 */
public interface Pingable {

  /**
   * Makes a round trip on the session's connection; one found broken is replaced, so that the run
   * starts on a live one. Called on the worker's own thread, between iterations.
   */
  void ping() throws Exception;
}
