package io.txbench.http;

import io.netty.buffer.ByteBuf;
import io.txbench.core.spi.values.Secret;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A request ready to send again and again: its server, method and the parts of its path, headers
 * and body read once, so that each sending only fills its slots with a step's values, in the order
 * they appear (the URL's, percent-encoded, then the headers', then the body's).
 */
record HttpCall(
    Origin origin,
    HttpMethod method,
    boolean safe,
    SlottedText path,
    List<RequestTemplate.Header> headers,
    SlottedText body,
    SlottedText shown) {

  HttpCall {
    headers = List.copyOf(headers);
  }

  /** The call of {@code request}, whose URL is settled ({@link RequestTemplate#on}). */
  static HttpCall of(RequestTemplate request) {
    String written = request.url().written();
    // The server and scheme once: a URL parsed for each request costs as much as sending it.
    int slash = written.indexOf('/', written.indexOf("://") + 3);
    return new HttpCall(
        Origin.of(written),
        HttpMethod.valueOf(request.method()),
        request.safe(),
        SlottedText.of(slash < 0 ? "/" : written.substring(slash)),
        request.headers(),
        request.body(),
        SlottedText.of(request.method() + " " + masked(written)));
  }

  /** What the request's values fill, its server's name, its idle timeout and authorization. */
  RequestOptions options(List<Object> values, long timeoutMillis, @Nullable String authorization) {
    RequestOptions options =
        new RequestOptions()
            .setMethod(method)
            .setHost(origin.host())
            .setPort(origin.port())
            .setSsl(origin.tls())
            .setURI(path.filled(values, 0, true))
            .setIdleTimeout(timeoutMillis);
    int from = path.slots();
    for (RequestTemplate.Header header : headers) {
      options.putHeader(header.name(), header.value().filled(values, from, false));
      from += header.value().slots();
    }
    if (authorization != null) {
      options.putHeader("Authorization", authorization);
    }
    return options;
  }

  /**
   * Writes the request as HTTP/1.1 puts it on the wire into {@code out}: its request line, {@code
   * host} as its Host header (unless it names its own), its headers, {@code authorization} (over
   * one it names), and its body, with its length (a write without a body says 0).
   *
   * @throws IllegalArgumentException when a header's value holds a line break
   */
  void writeHttp1(ByteBuf out, List<Object> values, String host, @Nullable String authorization) {
    ascii(out, method.name());
    out.writeByte(' ');
    ascii(out, path.filled(values, 0, true));
    ascii(out, " HTTP/1.1\r\n");
    boolean named = false;
    int from = path.slots();
    for (RequestTemplate.Header header : headers) {
      String name = header.name();
      String value = header.value().filled(values, from, false);
      from += header.value().slots();
      named |= name.equalsIgnoreCase("host");
      if (name.equalsIgnoreCase("content-length")
          || (authorization != null && name.equalsIgnoreCase("authorization"))) {
        continue;
      }
      if (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
        throw new IllegalArgumentException("the value of header " + name + " holds a line break");
      }
      line(out, name, value);
    }
    if (!named) {
      line(out, "Host", host);
    }
    if (authorization != null) {
      line(out, "Authorization", authorization);
    }
    boolean bodyless = body.slots() == 0 && body.parts().get(0).isEmpty();
    byte[] bytes =
        bodyless
            ? new byte[0]
            : body.filled(values, values.size() - body.slots(), false)
                .getBytes(StandardCharsets.UTF_8);
    if (!bodyless || !safe) {
      line(out, "Content-Length", Integer.toString(bytes.length));
    }
    ascii(out, "\r\n");
    out.writeBytes(bytes);
  }

  /** Whether its answer has no body, whatever its headers say. */
  boolean head() {
    return method.equals(HttpMethod.HEAD);
  }

  private static void line(ByteBuf out, String name, String value) {
    ascii(out, name);
    ascii(out, ": ");
    ascii(out, value);
    ascii(out, "\r\n");
  }

  private static void ascii(ByteBuf out, String text) {
    out.writeCharSequence(text, StandardCharsets.US_ASCII);
  }

  /** The body with the values that fill it, the last of them; null when there is none. */
  @Nullable Buffer body(List<Object> values) {
    if (body.slots() == 0 && body.parts().get(0).isEmpty()) {
      return null;
    }
    return Buffer.buffer(body.filled(values, values.size() - body.slots(), false));
  }

  /** The request in a failure's message: its method and URL, its values in it. */
  String shown(List<Object> values) {
    return shown.filled(values, 0, true);
  }

  /** {@code url}, its slots kept, with a password it may hold masked (once, not per failure). */
  private static String masked(String url) {
    String masked = Secret.maskUrl(url);
    return masked == null ? "" : masked;
  }
}
