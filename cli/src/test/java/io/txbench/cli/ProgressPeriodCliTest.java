package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.cli.options.ExitCodes;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each progress line says the length of the period it measured, not the one asked for: on a busy
 * machine the metrics thread ticks late, and its periods come out longer (then, catching up,
 * shorter, but never by more than half) than {@code --metrics}. Here the console itself makes it
 * late, by taking 0.7 s over the first line, as a loaded machine would.
 */
class ProgressPeriodCliTest {
  private static final Pattern LINE =
      Pattern.compile("(?m)^\\[ ([0-9.]+)s \\] thds: .* period: ([0-9.]+)s");

  @TempDir Path dir;

  @Test
  void eachLineSaysThePeriodItMeasuredWhenTheTicksComeLate() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int code;
    try (PrintStream out =
        new PrintStream(new SlowAtFirstProgressLine(bytes), true, StandardCharsets.UTF_8)) {
      code =
          Main.run(
              new String[] {
                "--benchmark-target",
                "toy",
                "--embedded",
                "--workload",
                "point-select",
                "--parallelism",
                "1",
                "--duration",
                "2s",
                "--warmup",
                "0s",
                "--metrics",
                "200ms",
                "--output-dir",
                dir.resolve("run").toString()
              },
              out,
              new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
              Map.of());
    }
    String shown = bytes.toString(StandardCharsets.UTF_8);
    assertEquals(ExitCodes.OK, code, shown);
    List<double[]> lines = new ArrayList<>();
    Matcher m = LINE.matcher(shown);
    while (m.find()) {
      lines.add(new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))});
    }
    assertTrue(lines.size() >= 3, shown);
    double previousEnd = 0;
    double previousSlack = 0;
    boolean sawALatePeriod = false;
    for (double[] line : lines) {
      // The label is the period's end, to a tenth of a second after a period shorter than 0.9 s
      // and to the second after a longer one; the length is to a hundredth.
      double slack = line[1] < 0.9 ? 0.05 : 0.5;
      assertEquals(
          line[0] - previousEnd,
          line[1],
          slack + previousSlack + 0.006,
          "the period stated by a line in\n" + shown);
      sawALatePeriod |= line[1] >= 0.45;
      // The ticks that catch up after a late one end no period of a sliver: none but the last is
      // shorter than half the period asked.
      assertTrue(
          line == lines.get(lines.size() - 1) || line[1] >= 0.095,
          "a period of a sliver in\n" + shown);
      previousEnd = line[0];
      previousSlack = slack;
    }
    // The test is only worth its name if a period did come out longer than the 0.2 s asked.
    assertTrue(sawALatePeriod, shown);
    assertTrue(shown.contains(", figures about every 0.2s."), shown);
  }

  /**
   * A console that takes 0.7 s over the first progress line, as a starved thread would: however the
   * command line wraps it, the bytes come through here.
   */
  private static final class SlowAtFirstProgressLine extends OutputStream {
    private final ByteArrayOutputStream bytes;
    private boolean slept;

    SlowAtFirstProgressLine(ByteArrayOutputStream bytes) {
      this.bytes = bytes;
    }

    @Override
    public synchronized void write(int b) {
      bytes.write(b);
      sleepAtTheFirstLine();
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
      bytes.write(b, off, len);
      sleepAtTheFirstLine();
    }

    private void sleepAtTheFirstLine() {
      if (!slept && bytes.toString(StandardCharsets.UTF_8).contains(" ] thds: ")) {
        slept = true;
        try {
          Thread.sleep(700);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }
}
