package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.txbench.core.spi.values.Credentials;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The console's choke point: what a driver or a library prints reaches the terminal masked, however
 * it is cut into writes, with the rest of the line as it was.
 */
class MaskingOutputStreamTest {
  private final Credentials credentials = new Credentials();
  private final ByteArrayOutputStream terminal = new ByteArrayOutputStream();
  private final PrintStream console =
      MaskingOutputStream.wrap(
          new PrintStream(terminal, true, StandardCharsets.UTF_8), credentials::mask);

  private String shown() {
    return terminal.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aPasswordADriverPrintsIsMaskedEvenWhenWrittenInPieces() {
    credentials.add("s3cr\u00e9t");
    console.print("DEBUG connect user=bench password=s3");
    console.print("cr\u00e9t host=127.0.0.1");
    // Nothing reaches the terminal before the line ends: the password could be cut in two.
    assertEquals("", shown());
    console.println();
    assertEquals("DEBUG connect user=bench password=**** host=127.0.0.1\n", shown());
  }

  @Test
  void aProgressBarsRedrawIsMaskedLineByLine() {
    credentials.add("hunter2");
    console.print("loading 10% hunter2\r");
    console.print("loading 20% hunter2\r");
    assertEquals("loading 10% ****\rloading 20% ****\r", shown());
  }

  @Test
  void aFlushHoldsAnUnendedLineWhoseRestMayFinishAPassword() {
    credentials.add("hunter2");
    console.print("prompt hunt");
    console.flush();
    assertEquals("", shown());
    console.print("er2 ");
    console.close();
    assertEquals("prompt **** ", shown());
  }
}
