package io.txbench.cli;

import io.txbench.cli.options.ExitCodes;
import io.txbench.core.settings.NearestWord;
import io.txbench.core.spi.Bindings;
import io.txbench.core.spi.Causes;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.TargetUnavailableException;
import io.txbench.core.spi.values.Credentials;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
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
    // The logging is set up here, while this thread is the only one: set up by whichever thread
    // logs first (a pool's, a driver's), it would replay what the others logged meanwhile.
    LoggerFactory.getILoggerFactory();
    int code = run(args, own(out), own(err), environment, credentials);
    if (code == ExitCodes.INTERRUPTED) {
      awaitTheSignalsExit();
    }
    System.exit(code);
  }

  /**
   * A signal stopped the command: the JVM is already shutting down, and exits with the signal's
   * code (143 for SIGTERM) once the session's results are written. An exit asked for here would
   * race it and could end the process as 130 whatever the signal, so this thread waits for that
   * exit, and asks only should it never come.
   */
  private static void awaitTheSignalsExit() {
    try {
      Thread.sleep(TimeUnit.SECONDS.toMillis(30));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
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
          // A target out of reach or not prepared is said in its own words, with its own code.
          boolean target = e instanceof TargetUnavailableException || e instanceof SetupException;
          err.println("txbench: " + credentials.mask(target ? e.getMessage() : describe(e)));
          LoggerFactory.getLogger(Main.class).debug("details", e);
          return target ? ExitCodes.of(e) : ExitCodes.RUN_FAILED;
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
        java.util.Set<String> commands = e.getCommandLine().getSubcommands().keySet();
        return Suggestions.unknown(
            "command",
            args[0],
            commands,
            Map.of(),
            "; commands: " + String.join(", ", commands) + " (or none, to run a benchmark)");
      }
      return unknownOptions(unmatched.getUnmatched(), args, e.getCommandLine());
    }
    return String.valueOf(e.getMessage());
  }

  /**
   * The options of {@code unmatched} by name, each with the option it was likely meant to be; the
   * other arguments counted, not shown, but for those that follow an unknown option as its value.
   */
  private static String unknownOptions(List<String> unmatched, String[] args, CommandLine cli) {
    List<String> known =
        cli.getCommandSpec().options().stream().flatMap(o -> Stream.of(o.names())).toList();
    List<String> options =
        unmatched.stream()
            .filter(arg -> arg.startsWith("-"))
            .map(arg -> arg.replaceFirst("=.*", ""))
            .toList();
    int values = 0;
    for (int i = 0; i + 1 < args.length; i++) {
      if (unmatched.contains(args[i])
          && args[i].startsWith("-")
          && !args[i].contains("=")
          && !args[i + 1].startsWith("-")
          && unmatched.contains(args[i + 1])) {
        values++;
      }
    }
    int others = Math.max(0, unmatched.size() - options.size() - values);
    String rest = others == 0 ? "" : others + " unexpected argument(s), not shown";
    if (options.isEmpty()) {
      return rest;
    }
    String named =
        options.size() == 1
            ? Suggestions.unknown("option", options.get(0), known, Suggestions.OPTIONS, "")
            : "unknown options "
                + String.join(
                    ", ",
                    options.stream()
                        .map(
                            o ->
                                "'"
                                    + o
                                    + "'"
                                    + NearestWord.nearest(o, known, Suggestions.OPTIONS)
                                        .map(w -> " (did you mean " + w + "?)")
                                        .orElse(""))
                        .toList());
    return rest.isEmpty() ? named : named + " and " + rest;
  }

  private static String describe(Throwable e) {
    return Causes.describe(e)
        + " ["
        + e.getClass().getSimpleName()
        + "; --log-level debug shows more]";
  }
}
