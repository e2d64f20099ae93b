package io.txbench.cli;

/** Where the benchmark connects: host and port, or a full URL when the user gave one. */
record Endpoint(String host, int port, String url) {

  boolean hasUrl() {
    return url != null && !url.isBlank();
  }
}
