package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.LoggerContext;
import io.txbench.cli.logging.ConsoleLogging;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.slf4j.event.DefaultLoggingEvent;
import org.slf4j.event.Level;

/** The JAR's console log, as {@link ConsoleLogging} sets it up. */
class LevelGateTest {
  /**
   * SLF4J replays what a thread logged while another set the logging up through {@code
   * Logger.log(LoggingEvent)}, which logback hands to the appenders without a look at the level.
   */
  @Test
  void anEventReplayedFromTheStartUpBelowItsLoggersLevelNeverReachesTheConsole() throws Exception {
    LoggerContext context = new LoggerContext();
    context.setMDCAdapter(new ch.qos.logback.classic.util.LogbackMDCAdapter());
    ConsoleLogging.setUp(context);
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    PrintStream err = System.err;
    System.setErr(new PrintStream(console, true, StandardCharsets.UTF_8));
    try {
      ch.qos.logback.classic.Logger pool = context.getLogger("com.zaxxer.hikari.HikariConfig");
      pool.log(replayed(pool, Level.DEBUG, "txbench-control - configuration:"));
      pool.log(replayed(pool, Level.WARN, "a warning"));
    } finally {
      System.setErr(err);
      context.stop();
    }
    String printed = console.toString(StandardCharsets.UTF_8);
    assertFalse(printed.contains("configuration:"), printed);
    assertTrue(printed.contains("WARN  HikariConfig: a warning"), printed);
  }

  private static DefaultLoggingEvent replayed(
      org.slf4j.Logger logger, Level level, String message) {
    DefaultLoggingEvent event = new DefaultLoggingEvent(level, logger);
    event.setMessage(message);
    return event;
  }
}
