package io.txbench.report.files;

import com.codahale.metrics.ConsoleReporter;
import com.codahale.metrics.Slf4jReporter;
import io.txbench.core.engine.RunListener;
import io.txbench.core.metrics.Metrics;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.slf4j.LoggerFactory;

/**
 * The Dropwizard reporters of {@code --metrics-reporter}, set up as the OnGres tool had them, each
 * reading core's {@link Metrics} through a {@link DropwizardMetrics} of its own.
 */
public final class DropwizardReporters {
  private DropwizardReporters() {}

  /**
   * {@code iterations.csv}, {@code response-time.csv}, {@code retries.csv} and {@code skipped.csv}
   * in {@code directory} ({@link MetricsCsv#FILES}), in CsvReporter's own format (rates per second,
   * durations in ms), written by {@link MetricsCsv}, which reports a failed write.
   */
  public static RunListener csv(Metrics metrics, Path directory) {
    DropwizardMetrics dropwizard = new DropwizardMetrics(metrics);
    return dropwizard.reporting(new MetricsCsv(dropwizard.registry(), directory));
  }

  /** Dropwizard's console dump of every metric. */
  public static RunListener console(Metrics metrics, PrintStream out) {
    DropwizardMetrics dropwizard = new DropwizardMetrics(metrics);
    return dropwizard.reporting(
        new ReporterListener(
            ConsoleReporter.forRegistry(dropwizard.registry())
                .outputTo(out)
                .formattedFor(Locale.US)
                .convertRatesTo(TimeUnit.SECONDS)
                .convertDurationsTo(TimeUnit.MILLISECONDS)
                .build()));
  }

  /** Every metric as a log line of the logger {@code io.txbench.metrics}. */
  public static RunListener log(Metrics metrics) {
    DropwizardMetrics dropwizard = new DropwizardMetrics(metrics);
    return dropwizard.reporting(
        new ReporterListener(
            Slf4jReporter.forRegistry(dropwizard.registry())
                .outputTo(LoggerFactory.getLogger("io.txbench.metrics"))
                .convertRatesTo(TimeUnit.SECONDS)
                .convertDurationsTo(TimeUnit.MILLISECONDS)
                .build()));
  }
}
