package io.txbench.http;

import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Failure;
import java.net.ConnectException;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * Why a request failed, as the target classifies it: an answer of a status {@code --http-ok} does
 * not accept ({@code status}), or no answer: the connection refused or lost, or a timeout. It
 * carries no stack trace: a server answering 503 to every other request makes many.
 */
final class HttpFailure extends Exception {
  private static final long serialVersionUID = 1L;

  private final transient Failure failure;
  private final int status;

  private HttpFailure(String message, Failure failure, int status, @Nullable Throwable cause) {
    super(message, cause, false, false);
    this.failure = failure;
    this.status = status;
  }

  /**
   * An answer of {@code status}, which the user asked to send again when {@code retry} holds it.
   */
  static HttpFailure status(int status, String request, StatusCodes retry) {
    ErrorClass errorClass =
        status >= 500 && status < 600
            ? ErrorClass.HTTP_5XX
            : status >= 400 && status < 500 ? ErrorClass.HTTP_4XX : ErrorClass.OTHER;
    Failure failure =
        retry.contains(status) ? Failure.retryable(errorClass) : Failure.fatal(errorClass);
    return new HttpFailure("status " + status + " for " + request, failure, status, null);
  }

  /**
   * No answer to {@code request}: {@code sent} says whether it may have reached the server, whose
   * reply is then lost (a write may have been applied).
   */
  static HttpFailure noAnswer(Throwable cause, String request, boolean sent) {
    if (cause instanceof TimeoutException) {
      return new HttpFailure(
          "no answer in time for " + request, lost(ErrorClass.TIMEOUT, sent), 0, cause);
    }
    boolean refused = cause instanceof ConnectException;
    return new HttpFailure(
        words(cause) + " (" + request + ")",
        lost(ErrorClass.CONNECTION, sent && !refused),
        0,
        cause);
  }

  /** Why a connection failed, in words: the native transport's messages quote system calls. */
  private static String words(Throwable cause) {
    String message = cause.getMessage() == null ? "" : cause.getMessage();
    if (cause instanceof ConnectException) {
      String lower = message.toLowerCase(java.util.Locale.ROOT);
      return lower.contains("refused")
          ? "connection refused"
          : lower.contains("timed out") ? "connection timed out" : "cannot connect: " + message;
    }
    return message.isEmpty() ? cause.getClass().getSimpleName() : message;
  }

  private static Failure lost(ErrorClass errorClass, boolean sent) {
    return sent ? Failure.replyLost(errorClass) : Failure.fatal(errorClass);
  }

  /** The target's verdict on it. */
  Failure failure() {
    return failure;
  }

  /** The answer's status, or 0 when none came. */
  int status() {
    return status;
  }
}
