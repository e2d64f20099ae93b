package io.txbench.report.files;

import java.util.Locale;

/**
 * Text read from result files (a summary's fields, a directory's name), made safe to print: a
 * forged summary.json must not move the cursor, colour the terminal, or start a line of its own (a
 * fake {@code REGRESSION} line in history's output, while it exits 0).
 */
public final class Printable {
  private Printable() {}

  /**
   * {@code text} with every control character (newline, carriage return, escape...) and every
   * bidirectional override written as an escape, {@code \n}, {@code \r}, {@code \t} or {@code
   * \u001b}: it prints as one line, as it is. Text without any is returned as is.
   */
  public static String field(String text) {
    StringBuilder out = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (!unsafe(c)) {
        if (out != null) {
          out.append(c);
        }
        continue;
      }
      if (out == null) {
        out = new StringBuilder(text.length() + 16).append(text, 0, i);
      }
      out.append(
          switch (c) {
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            case '\t' -> "\\t";
            default -> String.format(Locale.ROOT, "\\u%04x", (int) c);
          });
    }
    return out == null ? text : out.toString();
  }

  /** C0 and C1 controls, DEL, and the marks that reorder text (U+202A-E, U+2066-9, ...). */
  private static boolean unsafe(char c) {
    return Character.isISOControl(c)
        || (c >= '\u202a' && c <= '\u202e')
        || (c >= '\u2066' && c <= '\u2069')
        || c == '\u200e'
        || c == '\u200f'
        || c == '\u061c';
  }
}
