package io.txbench.http;

import java.util.ArrayList;
import java.util.List;

/**
 * Text with {@code {key}} where each iteration's key goes (a URL, a header, a body), split once so
 * that filling it in is a few appends.
 */
record KeyedText(List<String> parts) {
  static final String KEY = "{key}";

  KeyedText {
    parts = List.copyOf(parts);
  }

  static KeyedText of(String text) {
    List<String> parts = new ArrayList<>();
    int from = 0;
    for (int at = text.indexOf(KEY); at >= 0; at = text.indexOf(KEY, from)) {
      parts.add(text.substring(from, at));
      from = at + KEY.length();
    }
    parts.add(text.substring(from));
    return new KeyedText(parts);
  }

  /** Whether the text has a place for the key. */
  boolean keyed() {
    return parts.size() > 1;
  }

  /** The text with {@code key} in each place. */
  String with(long key) {
    if (parts.size() == 1) {
      return parts.get(0);
    }
    StringBuilder text = new StringBuilder(parts.get(0));
    for (int i = 1; i < parts.size(); i++) {
      text.append(key).append(parts.get(i));
    }
    return text.toString();
  }
}
