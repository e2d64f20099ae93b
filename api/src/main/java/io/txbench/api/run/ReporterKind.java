package io.txbench.api.run;

import java.util.Locale;

/** Where the metrics go besides the CSV result files ({@code --metrics-reporter}). */
public enum ReporterKind {
  /** The CSV result files, always written. */
  CSV,
  /** Dropwizard's dump on the console, every period. */
  CONSOLE,
  /** The same through SLF4J. */
  LOG;

  /** As the option is written, and as summary.json shows it. */
  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
