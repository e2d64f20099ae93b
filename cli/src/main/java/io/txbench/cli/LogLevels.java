package io.txbench.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.slf4j.LoggerFactory;

/** Applies {@code --log-level}: txbench's own loggers, and the libraries' at debug and trace. */
final class LogLevels {
  private LogLevels() {}

  static void apply(String level) {
    Level parsed = Level.toLevel(level, Level.INFO);
    ((Logger) LoggerFactory.getLogger("io.txbench")).setLevel(parsed);
    if (parsed.isGreaterOrEqual(Level.INFO)) {
      return;
    }
    // Below info, the libraries speak too: pool, driver and embedded server.
    ((Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME)).setLevel(parsed);
    for (String name : new String[] {"com.zaxxer.hikari", "org.postgresql", "io.zonky"}) {
      ((Logger) LoggerFactory.getLogger(name)).setLevel(parsed);
    }
  }
}
