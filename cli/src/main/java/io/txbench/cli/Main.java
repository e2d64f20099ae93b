package io.txbench.cli;

import io.txbench.core.Providers;
import io.txbench.core.SetupException;
import io.txbench.core.TargetUnavailableException;
import java.io.PrintStream;
import java.util.Map;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/** {@code java -jar benchmark.jar}: parses the command line and maps failures to exit codes. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err, System.getenv()));
  }

  /** Runs the command line and returns the exit code; for tests, with their own streams. */
  public static int run(String[] args, PrintStream out, PrintStream err,
      Map<String, String> environment) {
    CommandLine cli = new CommandLine(
        new BenchmarkCommand(out, err, environment, new Providers()));
    cli.setOut(new java.io.PrintWriter(out, true));
    cli.setErr(new java.io.PrintWriter(err, true));
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    cli.setParameterExceptionHandler((e, a) -> {
      err.println("txbench: " + e.getMessage() + " (see --help)");
      return ExitCodes.USAGE;
    });
    cli.setExecutionExceptionHandler((e, c, parsed) -> {
      if (e instanceof TargetUnavailableException || e instanceof SetupException) {
        err.println("txbench: " + e.getMessage());
        LoggerFactory.getLogger(Main.class).debug("details", e);
        return ExitCodes.TARGET;
      }
      err.println("txbench: " + describe(e));
      LoggerFactory.getLogger(Main.class).debug("details", e);
      return ExitCodes.RUN_FAILED;
    });
    return cli.execute(args);
  }

  private static String describe(Throwable e) {
    StringBuilder s = new StringBuilder(String.valueOf(e.getMessage()));
    Throwable cause = e.getCause();
    if (cause != null && cause != e && cause.getMessage() != null
        && !s.toString().contains(cause.getMessage())) {
      s.append(" (").append(cause.getMessage()).append(')');
    }
    return s.toString().replace('\n', ' ') + " [" + e.getClass().getSimpleName()
        + "; --log-level debug shows more]";
  }
}
