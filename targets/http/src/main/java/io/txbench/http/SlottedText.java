package io.txbench.http;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Text with slots where a script's variables go (a URL, a header, a body): each slot is the
 * character {@link #SLOT}, which the request's reader wrote for each {@code :variable} (or {@code
 * {key}} of a request file), split once so that filling it in is a few appends.
 */
record SlottedText(List<String> parts) {
  /** A character of Unicode's private use, which no request file writes. */
  static final char SLOT = '\uE000';

  /** How a request file writes the key drawn for each iteration. */
  static final String KEY = "{key}";

  SlottedText {
    parts = List.copyOf(parts);
  }

  static SlottedText of(String text) {
    List<String> parts = new ArrayList<>();
    int from = 0;
    for (int at = text.indexOf(SLOT); at >= 0; at = text.indexOf(SLOT, from)) {
      parts.add(text.substring(from, at));
      from = at + 1;
    }
    parts.add(text.substring(from));
    return new SlottedText(parts);
  }

  /** How many values it takes. */
  int slots() {
    return parts.size() - 1;
  }

  /** The text as written, a slot as {@link #SLOT}. */
  String written() {
    return String.join(String.valueOf(SLOT), parts);
  }

  /**
   * The text with {@code values}, from {@code from} on, in its slots; percent-encoded when it goes
   * in a URL ({@code encoded}), as a value in a path or a query is.
   */
  String filled(List<Object> values, int from, boolean encoded) {
    if (parts.size() == 1) {
      return parts.get(0);
    }
    StringBuilder text = new StringBuilder(parts.get(0));
    for (int i = 1; i < parts.size(); i++) {
      String value = String.valueOf(values.get(from + i - 1));
      text.append(encoded ? encoded(value) : value).append(parts.get(i));
    }
    return text.toString();
  }

  /** {@code value} with every byte but RFC 3986's unreserved characters written %XX. */
  static String encoded(String value) {
    // URLEncoder's form encoding, but for the three characters where it differs from RFC 3986.
    return URLEncoder.encode(value, StandardCharsets.UTF_8)
        .replace("+", "%20")
        .replace("*", "%2A")
        .replace("%7E", "~");
  }
}
