package io.txbench.core.spi;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A query's answer in canonical form, comparable across targets: each row a line of its cells
 * separated by tabs (a number rounded to {@value #DECIMALS} decimal places, half to even, without
 * trailing zeros; a null as {@value #NULL}; text as it is), the lines sorted (a database's row
 * order and collation do not count), and a SHA-256 digest of the header and the lines. Two targets
 * returned the same answer when their digests are equal.
 *
 * @param query the query's name
 * @param columns the answer's column names, in order
 * @param rows the canonical lines, sorted
 * @param digest {@code sha256:} and the hex digest of the column names and the lines
 */
public record Answer(String query, List<String> columns, List<String> rows, String digest) {
  /** The decimal places numbers are rounded to before they are compared. */
  public static final int DECIMALS = 4;

  /** How a null reads in a canonical line. */
  public static final String NULL = "\\N";

  /** The precision, in words, for summary.json. */
  public static final String PRECISION =
      "numbers rounded to " + DECIMALS + " decimal places, half to even";

  public Answer {
    columns = List.copyOf(columns);
    rows = List.copyOf(rows);
  }

  /**
   * The canonical answer of {@code query} from the rows a target returned, each with one cell per
   * column: a {@link String}, a {@link Number} or null.
   *
   * @throws IllegalArgumentException when a row has another number of cells, or a cell of another
   *     type
   */
  public static Answer of(String query, List<String> columns, List<? extends List<?>> rows) {
    List<String> lines = new ArrayList<>(rows.size());
    for (List<?> row : rows) {
      if (row.size() != columns.size()) {
        throw new IllegalArgumentException(
            query
                + " returned a row of "
                + row.size()
                + " cells for "
                + columns.size()
                + " columns");
      }
      lines.add(row.stream().map(cell -> cell(query, cell)).collect(Collectors.joining("\t")));
    }
    lines.sort(null);
    return new Answer(query, columns, lines, digest(columns, lines));
  }

  /** The canonical text of one cell. */
  static String cell(String query, Object cell) {
    if (cell == null) {
      return NULL;
    }
    if (cell instanceof String text) {
      return text;
    }
    if (cell instanceof Number number) {
      return decimal(number)
          .setScale(DECIMALS, RoundingMode.HALF_EVEN)
          .stripTrailingZeros()
          .toPlainString();
    }
    throw new IllegalArgumentException(
        query + " returned a " + cell.getClass().getSimpleName() + ", neither text nor a number");
  }

  private static BigDecimal decimal(Number number) {
    if (number instanceof BigDecimal d) {
      return d;
    }
    if (number instanceof BigInteger i) {
      return new BigDecimal(i);
    }
    if (number instanceof Double || number instanceof Float) {
      double value = number.doubleValue();
      if (!Double.isFinite(value)) {
        throw new IllegalArgumentException("not a finite number: " + value);
      }
      return new BigDecimal(value);
    }
    return BigDecimal.valueOf(number.longValue());
  }

  private static String digest(List<String> columns, List<String> lines) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(String.join("\t", columns).getBytes(StandardCharsets.UTF_8));
      for (String line : lines) {
        sha.update((byte) '\n');
        sha.update(line.getBytes(StandardCharsets.UTF_8));
      }
      return "sha256:" + HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
