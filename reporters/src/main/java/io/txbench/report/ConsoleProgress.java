package io.txbench.report;

import io.txbench.core.Progress;
import java.io.PrintStream;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** Prepare's progress bars on the console: rows loaded, rate and time left. */
public final class ConsoleProgress implements Progress {
  private final PrintStream out;

  public ConsoleProgress(PrintStream out) {
    this.out = out;
  }

  @Override
  public Task start(String name, long total) {
    ProgressBar bar = new ProgressBarBuilder()
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
}
