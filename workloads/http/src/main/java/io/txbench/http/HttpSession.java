package io.txbench.http;

/**
 * A worker's session on the http target, which holds nothing: the workers' requests share the
 * target's connections, as many as {@code --max-connections}, whichever is free.
 */
final class HttpSession implements AutoCloseable {
  @Override
  public void close() {}
}
