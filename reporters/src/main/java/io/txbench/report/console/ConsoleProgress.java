package io.txbench.report.console;

import io.txbench.core.spi.Progress;
import java.io.PrintStream;
import java.util.Locale;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Prepare's progress on the console: on a terminal, a bar with rows loaded and their rate; into a
 * file or a pipe (a CI log), where a redrawn bar is only carriage returns, a plain line every few
 * seconds and one when the table is loaded.
 */
public record ConsoleProgress(PrintStream out, boolean terminal) implements Progress {
  private static final long PLAIN_EVERY_NANOS = 5_000_000_000L;

  /** Whether this process writes to a terminal (and not to a file or a pipe). */
  // Not the bug the check means: null decides only before Java 22, isTerminal() from 22 on.
  @SuppressWarnings("SystemConsoleNull")
  public static boolean onTerminal() {
    java.io.Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      // From Java 22 a console exists even when redirected; it then says it is no terminal.
      return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
    } catch (ReflectiveOperationException olderJava) {
      return true;
    }
  }

  @Override
  public Task start(String name, long total) {
    return terminal ? bar(name, total) : new PlainTask(name, total);
  }

  private Task bar(String name, long total) {
    ProgressBar bar =
        new ProgressBarBuilder()
            .setTaskName(name)
            .setInitialMax(total)
            .setUnit(" rows", 1)
            .showSpeed()
            .setStyle(ProgressBarStyle.ASCII)
            .setUpdateIntervalMillis(250)
            .setMaxRenderedLength(100)
            .setConsumer(new ConsoleProgressBarConsumer(out, 100))
            .setSpeedUnit(java.time.temporal.ChronoUnit.SECONDS)
            .hideEta()
            .continuousUpdate()
            .build();
    return new Task() {
      @Override
      public void advance(long steps) {
        bar.stepBy(steps);
      }

      @Override
      public void close() {
        bar.close();
      }
    };
  }

  /** A line now and then, and one at the end, for output that is not a terminal. */
  private final class PlainTask implements Task {
    private final String name;
    private final long total;
    private final long started = System.nanoTime();
    private long done;
    private long lastLine = started;

    PlainTask(String name, long total) {
      this.name = name;
      this.total = total;
      out.printf(Locale.US, "%s: %,d rows%n", name, total);
      out.flush();
    }

    @Override
    public void advance(long steps) {
      done += steps;
      long now = System.nanoTime();
      if (now - lastLine >= PLAIN_EVERY_NANOS) {
        lastLine = now;
        out.printf(
            Locale.US,
            "%s: %,d of %,d rows (%d%%), %,.0f rows/s%n",
            name,
            done,
            total,
            total == 0 ? 100 : done * 100 / total,
            rate(now));
        out.flush();
      }
    }

    @Override
    public void close() {
      long now = System.nanoTime();
      if (done < total) {
        out.printf(Locale.US, "%s: stopped after %,d of %,d rows%n", name, done, total);
      } else {
        out.printf(
            Locale.US,
            "%s: %,d rows in %.1f s (%,.0f rows/s)%n",
            name,
            done,
            (now - started) / 1e9,
            rate(now));
      }
      out.flush();
    }

    private double rate(long now) {
      double seconds = Math.max(1e-3, (now - started) / 1e9);
      return done / seconds;
    }
  }
}
