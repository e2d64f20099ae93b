package io.txbench.report;

import com.codahale.metrics.ConsoleReporter;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Slf4jReporter;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.slf4j.LoggerFactory;

/** The Dropwizard reporters of {@code --metrics-reporter}, set up as the OnGres tool had them. */
public final class DropwizardReporters {
  private DropwizardReporters() {}

  /**
   * {@code iterations.csv}, {@code response-time.csv}, {@code retries.csv}, {@code errors.csv},
   * {@code in-doubt.csv} and {@code declined.csv} in {@code directory}, in CsvReporter's own
   * format (rates per second, durations in ms), written by {@link MetricsCsv}, which reports a
   * failed write.
   */
  public static MetricsCsv csv(MetricRegistry registry, Path directory) {
    return new MetricsCsv(registry, directory);
  }

  /** Dropwizard's console dump of every metric. */
  public static ReporterListener console(MetricRegistry registry, PrintStream out) {
    return new ReporterListener(ConsoleReporter.forRegistry(registry)
        .outputTo(out)
        .formattedFor(Locale.US)
        .convertRatesTo(TimeUnit.SECONDS)
        .convertDurationsTo(TimeUnit.MILLISECONDS)
        .build());
  }

  /** Every metric as a log line of the logger {@code io.txbench.metrics}. */
  public static ReporterListener log(MetricRegistry registry) {
    return new ReporterListener(Slf4jReporter.forRegistry(registry)
        .outputTo(LoggerFactory.getLogger("io.txbench.metrics"))
        .convertRatesTo(TimeUnit.SECONDS)
        .convertDurationsTo(TimeUnit.MILLISECONDS)
        .build());
  }
}
