package io.txbench.cli;

import io.txbench.core.Credentials;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The console's choke point: bytes are held until the end of a line (or a carriage return, as a
 * progress bar redraws), masked by the run's {@link Credentials}, then passed on. Whatever the
 * tool, a library or a driver prints goes through it.
 */
final class MaskingOutputStream extends OutputStream {
  private final OutputStream out;
  private final Credentials credentials;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();

  private MaskingOutputStream(OutputStream out, Credentials credentials) {
    this.out = out;
    this.credentials = credentials;
  }

  /** A print stream that masks before it writes to {@code out}. */
  static PrintStream wrap(PrintStream out, Credentials credentials) {
    return new PrintStream(new MaskingOutputStream(out, credentials), true, StandardCharsets.UTF_8);
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
      out.write(credentials.mask(text).getBytes(StandardCharsets.UTF_8));
    }
  }

  @Override
  public synchronized void flush() throws IOException {
    emit();
    out.flush();
  }

  @Override
  public synchronized void close() throws IOException {
    flush();
  }
}
