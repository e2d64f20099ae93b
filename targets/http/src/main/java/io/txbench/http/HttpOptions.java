package io.txbench.http;

import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.OptionValues;
import java.time.Duration;
import java.util.List;

/**
 * How the http target sends its requests and judges their answers: the statuses an iteration
 * succeeds on ({@code --http-ok}) and those it tries again ({@code --http-retry}), the protocol
 * ({@code --http-version}) and how long an answer may take ({@code --http-timeout}).
 */
record HttpOptions(StatusCodes ok, StatusCodes retry, String version, Duration timeout) {

  static final DeclaredOption<StatusCodes> OK =
      new DeclaredOption<>(
          "--http-ok",
          "CODES",
          "the statuses an iteration succeeds on: codes and classes, comma-separated (2xx,304);"
              + " any other is an error by its class (4xx, 5xx, other).",
          "2xx",
          false,
          StatusCodes::parse);

  static final DeclaredOption<StatusCodes> RETRY =
      new DeclaredOption<>(
          "--http-retry",
          "CODES",
          "the failed statuses an iteration is sent again on, up to --max-retries (503,429), or"
              + " none; a lost connection or a timeout is never sent again.",
          "none",
          false,
          StatusCodes::parse);

  static final DeclaredOption<String> VERSION =
      DeclaredOption.oneOf(
          "--http-version",
          "VERSION",
          "the protocol: 1.1 (keep-alive connections, one request in flight on each) or 2 (over"
              + " TLS as the server agrees by ALPN, in clear text with prior knowledge; requests"
              + " share the connections).",
          "1.1",
          List.of("1.1", "2"));

  static final DeclaredOption<Duration> TIMEOUT =
      DeclaredOption.between(
          "--http-timeout",
          "DURATION",
          "how long a connection may take to open, and a request wait for each part of its"
              + " answer, before it fails as a timeout.",
          Duration.ofSeconds(30),
          Duration.ofMillis(1),
          Duration.ofHours(1));

  static final List<DeclaredOption<?>> DECLARED = List.of(OK, RETRY, VERSION, TIMEOUT);

  /** The options as the run was given them. */
  static HttpOptions of(OptionValues values) {
    return new HttpOptions(
        values.get(OK), values.get(RETRY), values.get(VERSION), values.get(TIMEOUT));
  }

  boolean http2() {
    return version.equals("2");
  }
}
