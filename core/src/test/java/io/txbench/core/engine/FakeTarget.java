package io.txbench.core.engine;

import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Failure;
import io.txbench.core.spi.Target;

/** A target for runner tests: no database; it says retryable for {@link RetryableFault}. */
final class FakeTarget implements Target {

  /** Thrown by fake workloads to stand for a serialization failure. */
  static final class RetryableFault extends Exception {
    private static final long serialVersionUID = 1L;

    RetryableFault() {
      super("could not serialize access");
    }
  }

  /** Thrown by fake workloads to stand for a connection the server never answered on. */
  static final class LostConnection extends Exception {
    private static final long serialVersionUID = 1L;

    LostConnection() {
      super("connection refused");
    }
  }

  @Override
  public String serverVersion() {
    return "fake 1.0";
  }

  @Override
  public String driver() {
    return "fake driver 1.0";
  }

  @Override
  public Failure classify(Throwable error) {
    if (error instanceof RetryableFault) {
      return Failure.retryable(ErrorClass.SERIALIZATION);
    }
    return Failure.fatal(
        error instanceof LostConnection ? ErrorClass.CONNECTION : ErrorClass.OTHER);
  }

  @Override
  public void close() {}
}
