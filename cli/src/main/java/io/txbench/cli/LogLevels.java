package io.txbench.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies {@code --log-level} to txbench's own loggers; below info, the libraries (pool, driver,
 * embedded server) speak too, and at info and above they are back to their quiet defaults.
 */
final class LogLevels {
  private static final String[] LIBRARIES = {
    "com.zaxxer.hikari", "org.postgresql", "io.zonky", "org.mongodb.driver", "de.bwaldvogel"
  };
  private static final Level[] LIBRARY_DEFAULTS = {
    Level.OFF, Level.WARN, Level.WARN, Level.WARN, Level.OFF
  };

  /** The levels --log-level takes. */
  static final java.util.List<String> NAMES = java.util.List.of("error", "warn", "info", "debug",
      "trace");

  private LogLevels() {}

  /** The level named (in any case), or empty when it is none of {@link #NAMES}. */
  static java.util.Optional<Level> parse(String name) {
    String n = name.trim().toLowerCase(java.util.Locale.ROOT);
    return NAMES.contains(n) ? java.util.Optional.of(Level.toLevel(n)) : java.util.Optional.empty();
  }

  static void apply(Level parsed) {
    boolean verbose = !parsed.isGreaterOrEqual(Level.INFO);
    logger("io.txbench").setLevel(parsed);
    logger(Logger.ROOT_LOGGER_NAME).setLevel(verbose ? parsed : Level.WARN);
    for (int i = 0; i < LIBRARIES.length; i++) {
      logger(LIBRARIES[i]).setLevel(verbose ? parsed : LIBRARY_DEFAULTS[i]);
    }
  }

  private static Logger logger(String name) {
    return (Logger) LoggerFactory.getLogger(name);
  }
}
