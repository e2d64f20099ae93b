package io.txbench.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import io.txbench.core.spi.Bindings;
import io.txbench.core.spi.LibraryLogger;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.LoggerFactory;

/**
 * Applies {@code --log-level} to txbench's own loggers; below info, the libraries the providers
 * name (pool, driver, embedded server) speak too, and at info and above they are back to their
 * quiet defaults.
 */
final class LogLevels {
  /** The levels --log-level takes. */
  static final List<String> NAMES = List.of("error", "warn", "info", "debug", "trace");

  /** The logger of {@code --metrics-reporter log}. */
  static final String METRICS = "io.txbench.metrics";

  private LogLevels() {}

  /** The level named (in any case), or empty when it is none of {@link #NAMES}. */
  static Optional<Level> parse(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    return NAMES.contains(n) ? Optional.of(Level.toLevel(n)) : Optional.empty();
  }

  /**
   * Sets the levels; {@code metricsLog}: {@code --metrics-reporter log} asked for the metrics as
   * log lines, which are then logged at info whatever the level of the rest.
   */
  static void apply(Level parsed, Bindings providers, boolean metricsLog) {
    boolean verbose = !parsed.isGreaterOrEqual(Level.INFO);
    logger("io.txbench").setLevel(parsed);
    logger(METRICS).setLevel(metricsLog && parsed.isGreaterOrEqual(Level.INFO) ? Level.INFO : null);
    logger(Logger.ROOT_LOGGER_NAME).setLevel(verbose ? parsed : Level.WARN);
    for (var provider : providers.all()) {
      for (LibraryLogger library : provider.loggers()) {
        logger(library.name())
            .setLevel(verbose ? parsed : Level.toLevel(library.quietLevel(), Level.WARN));
      }
    }
  }

  private static Logger logger(String name) {
    return (Logger) LoggerFactory.getLogger(name);
  }
}
