package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import io.txbench.core.spi.Bindings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** txbench's log stays off the console by default; --metrics-reporter log is still logged. */
class LogLevelsTest {
  private static Level level(String name) {
    return ((Logger) LoggerFactory.getLogger(name)).getEffectiveLevel();
  }

  @AfterEach
  void restore() {
    LogLevels.apply(Level.INFO, new Bindings(), false);
  }

  @Test
  void byDefaultOnlyWarningsAreLogged() {
    CliRun help = CliRun.of("--help");
    assertEquals(
        true, help.out().replaceAll("\\s+", " ").contains("trace. Default: warn."), help.out());
    LogLevels.apply(LogLevels.parse("warn").orElseThrow(), new Bindings(), false);
    assertEquals(Level.WARN, level("io.txbench.core.engine.Runner"));
    assertEquals(Level.WARN, level(LogLevels.METRICS));
  }

  @Test
  void theMetricsReportersLogIsLoggedWhateverTheLevel() {
    LogLevels.apply(Level.WARN, new Bindings(), true);
    assertEquals(Level.INFO, level(LogLevels.METRICS));
    assertEquals(Level.WARN, level("io.txbench.core.engine.Runner"));
    LogLevels.apply(Level.DEBUG, new Bindings(), true);
    assertEquals(Level.DEBUG, level(LogLevels.METRICS));
  }
}
