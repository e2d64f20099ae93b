package io.txbench.core.spi;

/**
 * A target's verdict on an exception: its class, whether running the iteration again may succeed,
 * and whether the server's reply was lost.
 *
 * <p>{@code replyLost} means the request may have reached the server and no answer came back (the
 * connection broke or timed out): if that request was a commit, or a write the server commits on
 * its own, the server may hold it. Such a failure is never retried.
 */
public record Failure(ErrorClass errorClass, boolean retryable, boolean replyLost) {

  /** The server refused the work and rolled it back; running it again may succeed. */
  public static Failure retryable(ErrorClass errorClass) {
    return new Failure(errorClass, true, false);
  }

  /** The server refused the work (or it never reached the server); it is not run again. */
  public static Failure fatal(ErrorClass errorClass) {
    return new Failure(errorClass, false, false);
  }

  /** The connection broke or timed out after the request may have reached the server. */
  public static Failure replyLost(ErrorClass errorClass) {
    return new Failure(errorClass, false, true);
  }
}
