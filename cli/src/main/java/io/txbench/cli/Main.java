package io.txbench.cli;

import io.txbench.core.engine.Causes;
import io.txbench.core.settings.Credentials;
import io.txbench.core.spi.Bindings;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.TargetUnavailableException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/** {@code java -jar benchmark.jar}: parses the command line and maps failures to exit codes. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    Map<String, String> environment = System.getenv();
    Credentials credentials = CommandLineSecrets.of(args, environment);
    PrintStream out = System.out;
    PrintStream err = System.err;
    // Libraries, drivers and the logs print to the process's streams: their text may quote a
    // password anywhere, so every form of it is masked there. txbench's own lines are not: a
    // password that is a common word ("postgres") would mask the target's name in them.
    System.setOut(MaskingOutputStream.wrap(out, credentials::mask));
    System.setErr(MaskingOutputStream.wrap(err, credentials::mask));
    System.exit(run(args, own(out), own(err), environment, credentials));
  }

  /**
   * A stream for txbench's own lines: only URL shapes are masked there; a driver's words quoted in
   * them are masked where they are quoted ({@link Credentials#mask}).
   */
  private static PrintStream own(PrintStream out) {
    return MaskingOutputStream.wrap(out, Credentials::maskShapes);
  }

  /** Runs the command line and returns the exit code; for tests, with their own streams. */
  public static int run(
      String[] args, PrintStream out, PrintStream err, Map<String, String> environment) {
    Credentials credentials = CommandLineSecrets.of(args, environment);
    return run(args, own(out), own(err), environment, credentials);
  }

  private static int run(
      String[] args,
      PrintStream out,
      PrintStream err,
      Map<String, String> environment,
      Credentials credentials) {
    CommandLine cli =
        BenchmarkCommand.commandLine(
            new BenchmarkCommand(out, err, environment, new Bindings(), credentials));
    // out and err are MaskingOutputStream's PrintStreams, which read what they are given as UTF-8;
    // picocli writes its help there, txbench's own words.
    cli.setOut(new java.io.PrintWriter(out, true, StandardCharsets.UTF_8));
    cli.setErr(new java.io.PrintWriter(err, true, StandardCharsets.UTF_8));
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    cli.setParameterExceptionHandler(
        (e, a) -> {
          // picocli's words may repeat an argument: a password, when an option lost its value.
          err.println("txbench: " + credentials.mask(usage(e, a)) + " (see --help)");
          return ExitCodes.USAGE;
        });
    cli.setExecutionExceptionHandler(
        (e, c, parsed) -> {
          if (e instanceof TargetUnavailableException || e instanceof SetupException) {
            err.println("txbench: " + credentials.mask(e.getMessage()));
            LoggerFactory.getLogger(Main.class).debug("details", e);
            return ExitCodes.of(e);
          }
          err.println("txbench: " + credentials.mask(describe(e)));
          LoggerFactory.getLogger(Main.class).debug("details", e);
          return ExitCodes.RUN_FAILED;
        });
    return cli.execute(args);
  }

  /**
   * A usage error in words. Of arguments picocli could not match, only the options are named: what
   * follows a mistyped option ({@code --target-database-pasword S3cret}) may be a password.
   */
  private static String usage(CommandLine.ParameterException e, String[] args) {
    if (e instanceof CommandLine.UnmatchedArgumentException unmatched) {
      // The first word of the command line follows no option, so it is no option's value: a
      // mistyped command ("comapre") is safe to name.
      if (args.length > 0
          && !args[0].startsWith("-")
          && unmatched.getUnmatched().contains(args[0])) {
        return "unknown command '"
            + args[0]
            + "'; commands: "
            + String.join(", ", e.getCommandLine().getSubcommands().keySet())
            + " (or none, to run a benchmark)";
      }
      List<String> options =
          unmatched.getUnmatched().stream()
              .filter(arg -> arg.startsWith("-"))
              .map(arg -> arg.replaceFirst("=.*", ""))
              .map(arg -> "'" + arg + "'")
              .toList();
      int others = unmatched.getUnmatched().size() - options.size();
      String named =
          options.isEmpty()
              ? ""
              : (options.size() == 1 ? "unknown option " : "unknown options ")
                  + String.join(", ", options);
      String rest = others == 0 ? "" : others + " unexpected argument(s), not shown";
      return named.isEmpty() ? rest : rest.isEmpty() ? named : named + " and " + rest;
    }
    return String.valueOf(e.getMessage());
  }

  private static String describe(Throwable e) {
    return Causes.describe(e)
        + " ["
        + e.getClass().getSimpleName()
        + "; --log-level debug shows more]";
  }
}
