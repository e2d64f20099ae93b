package io.txbench.cli;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * A group of the benchmark command's options, mixed into it: the command it is in, whose usage
 * errors its checks throw.
 */
abstract class OptionGroup {
  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  /** A usage error of the command, in one line. */
  ParameterException usage(@Nullable String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
