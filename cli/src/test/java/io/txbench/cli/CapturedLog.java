package io.txbench.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.LoggerFactory;

/** A command run in this JVM and what it logged meanwhile, through logback's root logger. */
record CapturedLog(CliRun run, List<ILoggingEvent> events) {

  static CapturedLog of(Supplier<CliRun> command) {
    Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    ListAppender<ILoggingEvent> logged = new ListAppender<>();
    logged.start();
    root.addAppender(logged);
    try {
      CliRun run = command.get();
      return new CapturedLog(run, List.copyOf(logged.list));
    } finally {
      root.detachAppender(logged);
    }
  }

  /** The messages logged at {@code level} or above, in order. */
  List<String> messages(Level level) {
    return events.stream()
        .filter(e -> e.getLevel().isGreaterOrEqual(level))
        .map(ILoggingEvent::getFormattedMessage)
        .toList();
  }
}
