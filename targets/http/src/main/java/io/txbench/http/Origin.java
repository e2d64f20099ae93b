package io.txbench.http;

import java.net.URI;

/**
 * The server a request goes to, read once from its URL: where a worker's connection opens and what
 * each request names, so that no request parses its URL again.
 */
record Origin(String host, int port, boolean tls) {

  /** The server of {@code url} (an absolute http or https URL, slots in its path or not). */
  static Origin of(String url) {
    URI uri = URI.create(url.replace(SlottedText.KEY, "1").replace(SlottedText.SLOT, '1'));
    boolean tls = uri.getScheme().equalsIgnoreCase("https");
    return new Origin(uri.getHost(), uri.getPort() > 0 ? uri.getPort() : tls ? 443 : 80, tls);
  }
}
