package io.txbench.core.script;

import java.util.List;

/**
 * A command to send with its parameters' values (a Long, a Double, a Boolean or text), after a
 * pause of {@code pauseNanos} (the {@code \sleep}s run since the command before it).
 */
public record Step(Command.Send command, List<Object> parameters, long pauseNanos) {
  public Step {
    parameters = List.copyOf(parameters);
  }
}
