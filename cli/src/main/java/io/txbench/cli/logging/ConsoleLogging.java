package io.txbench.cli.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.status.NopStatusListener;

/**
 * txbench's logging, set up in code: warnings and errors on standard error, one line each. A
 * logback.xml did the same in 0.3 s of every start (an XML parser and logback's configuration
 * model, loaded cold); this takes a few milliseconds. A logback-test.xml on the class path (a
 * test's) still decides instead.
 */
public final class ConsoleLogging extends ContextAwareBase implements Configurator {
  @Override
  public ExecutionStatus configure(LoggerContext context) {
    if (ConsoleLogging.class.getClassLoader().getResource("logback-test.xml") != null) {
      return ExecutionStatus.INVOKE_NEXT_IF_ANY;
    }
    setUp(context);
    return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
  }

  /** Sets up {@code context} as the JAR's console log. */
  public static void setUp(LoggerContext context) {
    context.getStatusManager().add(new NopStatusListener());
    PatternLayoutEncoder encoder = new PatternLayoutEncoder();
    encoder.setContext(context);
    encoder.setPattern("%d{HH:mm:ss.SSS} %-5level %logger{0}: %msg%n");
    encoder.start();
    // An event below its logger's level never passes, even one replayed from the start-up.
    LevelGate gate = new LevelGate();
    gate.setContext(context);
    gate.start();
    ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
    console.setContext(context);
    console.setName("STDERR");
    console.setTarget("System.err");
    console.setEncoder(encoder);
    console.addFilter(gate);
    console.start();
    Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    root.setLevel(Level.WARN);
    root.addAppender(console);
    // The libraries speak at debug; each provider names its libraries' loggers and quiet levels,
    // which LogLevels sets. txbench's own log shows only warnings unless asked: what a user
    // needs to see is printed on the console, between the progress lines, without a timestamp.
    context.getLogger("org.testcontainers").setLevel(Level.WARN);
    context.getLogger("io.txbench").setLevel(Level.WARN);
  }
}
