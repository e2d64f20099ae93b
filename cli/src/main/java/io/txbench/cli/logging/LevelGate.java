package io.txbench.cli.logging;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;

/**
 * Lets through the console only an event at or above its logger's level. A logger checks its level
 * when code logs, except on one path: what a thread logged while another was still setting the
 * logging up, SLF4J records at every level and replays to the appenders afterwards, unchecked (a
 * pool's {@code DEBUG HikariConfig: ... configuration:} reached the console unasked that way). On
 * the appender, the check holds whatever the timing of the start-up.
 */
public final class LevelGate extends Filter<ILoggingEvent> {
  @Override
  public FilterReply decide(ILoggingEvent event) {
    Logger logger = ((LoggerContext) getContext()).getLogger(event.getLoggerName());
    return event.getLevel().isGreaterOrEqual(logger.getEffectiveLevel())
        ? FilterReply.NEUTRAL
        : FilterReply.DENY;
  }
}
