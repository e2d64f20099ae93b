package io.txbench.postgres;

import io.txbench.core.spi.Progress;
import io.txbench.jdbc.client.BulkLoader;
import io.txbench.jdbc.client.LoadFailure;
import io.txbench.jdbc.client.TableLoad;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/** Loads rows with {@code COPY ... FROM STDIN} in text format, 64 KiB at a time. */
final class CopyLoader implements BulkLoader {
  private static final int FLUSH_CHARS = 1 << 16;

  @Override
  public void load(Connection connection, TableLoad load, Progress.Task progress)
      throws SQLException {
    String sql = "COPY " + load.table() + " (" + String.join(", ", load.columns()) + ") FROM STDIN";
    CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(sql);
    try {
      StringBuilder buffer = new StringBuilder(FLUSH_CHARS + 1024);
      long[] pending = {0};
      try {
        load.source()
            .emit(
                values -> {
                  appendRow(buffer, values);
                  pending[0]++;
                  if (buffer.length() >= FLUSH_CHARS) {
                    flush(copy, buffer);
                    progress.advance(pending[0]);
                    pending[0] = 0;
                  }
                });
      } catch (LoadFailure e) {
        throw e.getCause();
      }
      flush(copy, buffer);
      copy.endCopy();
      progress.advance(pending[0]);
    } finally {
      if (copy.isActive()) {
        copy.cancelCopy();
      }
    }
  }

  private static void flush(CopyIn copy, StringBuilder buffer) {
    if (buffer.length() == 0) {
      return;
    }
    byte[] bytes = buffer.toString().getBytes(StandardCharsets.UTF_8);
    buffer.setLength(0);
    try {
      copy.writeToCopy(bytes, 0, bytes.length);
    } catch (SQLException e) {
      throw new LoadFailure(e);
    }
  }

  private static void appendRow(StringBuilder out, Object[] values) {
    for (int i = 0; i < values.length; i++) {
      if (i > 0) {
        out.append('\t');
      }
      Object v = values[i];
      if (v == null) {
        out.append("\\N");
      } else if (v instanceof Double || v instanceof Float) {
        out.append(
            ((Number) v).doubleValue()); // Java's shortest exact text, which PostgreSQL reads
      } else if (v instanceof Number n && !(v instanceof BigDecimal)) {
        out.append(n.longValue());
      } else if (v instanceof BigDecimal d) {
        out.append(d.toPlainString());
      } else {
        appendEscaped(out, v.toString());
      }
    }
    out.append('\n');
  }

  /** COPY's text format: backslash, tab, newline and carriage return are escaped. */
  private static void appendEscaped(StringBuilder out, String s) {
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      switch (ch) {
        case '\\' -> out.append("\\\\");
        case '\t' -> out.append("\\t");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        default -> out.append(ch);
      }
    }
  }
}
