package io.txbench.http;

import io.txbench.core.spi.values.Secret;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A request as a request file or a script writes it: its method, URL, headers and body, each with
 * slots ({@link SlottedText}) where a variable's value goes: a script's {@code :name}, a request
 * file's {@code {key}}. A {@code get} is the target's URL alone; a {@code request} is read from the
 * file {@code --http-request} names, and each command of an http script ({@link HttpSyntax}) is
 * one, written as the request itself:
 *
 * <pre>
 * # a comment
 * POST /items/{key}
 * Content-Type: application/json
 *
 * {"id": {key}, "note": "from txbench"}
 * </pre>
 *
 * <p>The first line is the method and the URL: a path, taken on the target's server, an absolute
 * URL, or nothing for the target's URL. Headers follow up to a blank line, then the body.
 */
record RequestTemplate(String method, SlottedText url, List<Header> headers, SlottedText body) {

  /** One header, its value with slots where values go. */
  record Header(String name, SlottedText value) {}

  /**
   * What is wrong at a line ({@code line}, from 0, of the text read), said as {@code what}; its
   * message names the source too.
   */
  static final class Wrong extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    final int line;
    final String what;

    Wrong(String source, int line, String what) {
      super(source + ", line " + (line + 1) + ", " + what);
      this.line = line;
      this.what = what;
    }
  }

  /** The methods that change nothing on the server (RFC 9110, 9.2.1): no commit point. */
  private static final Set<String> SAFE = Set.of("GET", "HEAD", "OPTIONS", "TRACE");

  private static final int MAX_PORT = 65_535;

  /**
   * The largest request file read: its body is sent with each request, and a file larger (a disk
   * image, {@code /dev/zero}) is a mistake, refused before it fills the memory.
   */
  static final int MAX_FILE_MIB = 1;

  private static final int MAX_FILE_BYTES = MAX_FILE_MIB * 1024 * 1024;

  RequestTemplate {
    headers = List.copyOf(headers);
  }

  /** A GET of {@code url}, with nothing more. */
  static RequestTemplate get(String url) {
    return new RequestTemplate("GET", keyed(url), List.of(), SlottedText.of(""));
  }

  /**
   * The request the file at {@code path} describes, its URL as written (a path, an absolute URL or
   * empty) until {@link #on} settles it.
   *
   * @throws IllegalArgumentException in one line: the file cannot be read, or which line is wrong
   */
  static RequestTemplate read(String path) {
    Path file = Path.of(path);
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException(
          "cannot read the request file "
              + path
              + ": "
              + (Files.exists(file)
                  ? "it is no regular file (a pipe, a device): a request file is a file of at most "
                      + MAX_FILE_MIB
                      + " MiB"
                  : "no such file"));
    }
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = in.readNBytes(MAX_FILE_BYTES + 1);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("cannot read the request file " + path + ": " + e);
    }
    if (bytes.length > MAX_FILE_BYTES) {
      throw new IllegalArgumentException(
          "the request file "
              + path
              + " is over "
              + MAX_FILE_MIB
              + " MiB, the most a request file may hold");
    }
    return parse(new String(bytes, StandardCharsets.UTF_8), path);
  }

  /** A request file's request, a slot at each {@code {key}}. */
  static RequestTemplate parse(String text, String source) {
    return parse(text.replace(SlottedText.KEY, String.valueOf(SlottedText.SLOT)), source, true);
  }

  /** {@code url} with a slot at each {@code {key}}. */
  private static SlottedText keyed(String url) {
    return SlottedText.of(url.replace(SlottedText.KEY, String.valueOf(SlottedText.SLOT)));
  }

  /**
   * The request of {@code text}, its slots written {@link SlottedText#SLOT}; {@code keyed}: they
   * are a request file's {@code {key}} (else a script's variables), as messages name them.
   *
   * @throws Wrong saying which line is wrong
   */
  static RequestTemplate parse(String text, String source, boolean keyed) {
    List<String> lines = text.replace("\r\n", "\n").lines().toList();
    int at = 0;
    while (at < lines.size() && (lines.get(at).isBlank() || lines.get(at).startsWith("#"))) {
      at++;
    }
    if (at == lines.size()) {
      throw new IllegalArgumentException(
          source + " holds no request: its first line is METHOD URL");
    }
    String[] first = lines.get(at).strip().split("\\s+");
    if (!first[0].matches("[A-Z]+") || first.length > 3) {
      throw new Wrong(source, at, "is no request line (METHOD URL, as in POST /items/{key})");
    }
    if (first.length == 3 && !first[2].matches("HTTP/\\d(\\.\\d)?")) {
      throw new Wrong(
          source,
          at,
          "has a space in its URL ('"
              + first[1]
              + " "
              + first[2]
              + "'): write it %20, or end the line with the protocol (HTTP/1.1)");
    }
    String url = first.length > 1 ? first[1] : "";
    if (authority(url).indexOf(SlottedText.SLOT) >= 0) {
      String slot = keyed ? SlottedText.KEY : ":variable";
      throw new Wrong(
          source,
          at,
          "has "
              + (keyed ? slot : "a variable")
              + " in its server ('"
              + authority(url).replace(String.valueOf(SlottedText.SLOT), slot)
              + "'): "
              + (keyed ? "the key goes" : "variables go")
              + " in the path, the query, headers or the body; each worker keeps"
              + " its connection to one server");
    }
    List<Header> headers = new ArrayList<>();
    for (at++; at < lines.size() && !lines.get(at).isBlank(); at++) {
      String line = lines.get(at);
      int colon = line.indexOf(':');
      if (colon <= 0 || !line.substring(0, colon).matches("[A-Za-z0-9!#$%&'*+.^_`|~-]+")) {
        throw new Wrong(source, at, "is no header (Name: value)");
      }
      String name = line.substring(0, colon);
      if (name.equalsIgnoreCase("content-length")
          || name.equalsIgnoreCase("host")
          || name.equalsIgnoreCase("transfer-encoding")) {
        throw new Wrong(source, at, "sets " + name + ", which txbench sets itself");
      }
      headers.add(new Header(name, SlottedText.of(line.substring(colon + 1).strip())));
    }
    String body = at < lines.size() ? String.join("\n", lines.subList(at + 1, lines.size())) : "";
    return new RequestTemplate(first[0], SlottedText.of(url), headers, SlottedText.of(body));
  }

  /** The server of an absolute URL ({@code host:port}, as written), or "" for a path. */
  private static String authority(String url) {
    int scheme = url.indexOf("://");
    if (scheme < 0) {
      return "";
    }
    int end = url.indexOf('/', scheme + 3);
    return url.substring(scheme + 3, end < 0 ? url.length() : end);
  }

  /**
   * This request on the target at {@code targetUrl}: a path is taken on its server, nothing is its
   * URL, an absolute URL stays as it is.
   */
  RequestTemplate on(String targetUrl) {
    String written = url.written();
    SlottedText settled;
    if (written.isEmpty()) {
      settled = keyed(checked(targetUrl));
    } else if (written.startsWith("/")) {
      URI target = URI.create(checked(targetUrl).replace(SlottedText.KEY, "1"));
      settled = SlottedText.of(target.getScheme() + "://" + target.getRawAuthority() + written);
    } else {
      settled = url;
    }
    checked(settled.written());
    return new RequestTemplate(method, settled, headers, body);
  }

  /**
   * {@code url} when it is an absolute http or https URL with a server (its key filled in).
   *
   * @throws IllegalArgumentException saying what it lacks
   */
  static String checked(String url) {
    URI uri;
    try {
      uri = new URI(url.replace(SlottedText.KEY, "1").replace(SlottedText.SLOT, '1'));
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("'" + shown(url) + "' is no URL: " + e.getReason());
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw new IllegalArgumentException("'" + shown(url) + "' is no http:// or https:// URL");
    }
    if (uri.getHost() == null) {
      throw new IllegalArgumentException("'" + shown(url) + "' names no server");
    }
    if (authority(url).contains(SlottedText.KEY)) {
      throw new IllegalArgumentException(
          "'" + shown(url) + "' has {key} in its server: the key goes in the path or the query");
    }
    if (uri.getPort() == 0 || uri.getPort() > MAX_PORT) {
      throw new IllegalArgumentException(
          "'" + shown(url) + "' names port " + uri.getPort() + ": a TCP port is 1 to " + MAX_PORT);
    }
    if (uri.getRawUserInfo() != null) {
      throw new IllegalArgumentException(
          "a URL's user and password are not sent: give them with --target-database-user and"
              + " --target-database-password (Basic authentication)");
    }
    return url;
  }

  /** {@code url} with a password it may hold masked, for messages; a slot as {@code {key}}. */
  static String shown(String url) {
    String masked = Secret.maskUrl(url.replace(String.valueOf(SlottedText.SLOT), SlottedText.KEY));
    return masked == null ? "" : masked;
  }

  /** Whether the method changes nothing on the server, so that a lost answer leaves no doubt. */
  boolean safe() {
    return SAFE.contains(method);
  }
}
