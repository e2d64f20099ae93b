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

  private LogLevels() {}

  static void apply(String level) {
    Level parsed = Level.toLevel(level, Level.INFO);
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
