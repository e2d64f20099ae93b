package io.txbench.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.UnaryOperator;

/**
 * A console's choke point: bytes are held until the end of a line (or a carriage return, as a
 * progress bar redraws), even through a flush, masked, then passed on. The process's own streams,
 * where libraries, drivers and the log print, mask with {@link
 * io.txbench.core.spi.values.Credentials#mask} (their text may quote a password anywhere);
 * txbench's own lines with {@link io.txbench.core.spi.values.Credentials#maskShapes} (a password
 * stands in them only in a URL's shape, and what they quote from a driver is masked where it is
 * quoted).
 */
final class MaskingOutputStream extends OutputStream {
  private final OutputStream out;
  private final UnaryOperator<String> mask;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();

  private MaskingOutputStream(OutputStream out, UnaryOperator<String> mask) {
    this.out = out;
    this.mask = mask;
  }

  /** A print stream that masks each line with {@code mask} before it writes it to {@code out}. */
  static PrintStream wrap(PrintStream out, UnaryOperator<String> mask) {
    return new PrintStream(new MaskingOutputStream(out, mask), true, StandardCharsets.UTF_8);
  }

  @Override
  public synchronized void write(int b) throws IOException {
    line.write(b);
    if (b == '\n' || b == '\r') {
      emit();
    }
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) throws IOException {
    for (int i = off; i < off + len; i++) {
      write(b[i]);
    }
  }

  private void emit() throws IOException {
    if (line.size() > 0) {
      String text = line.toString(StandardCharsets.UTF_8);
      line.reset();
      out.write(mask.apply(text).getBytes(StandardCharsets.UTF_8));
    }
  }

  /**
   * Flushes the lines ended so far, not the one under way: a print stream flushes after each print,
   * and the rest of a password printed in two pieces may be still to come.
   */
  @Override
  public synchronized void flush() throws IOException {
    out.flush();
  }

  @Override
  public synchronized void close() throws IOException {
    emit();
    out.flush();
  }
}
