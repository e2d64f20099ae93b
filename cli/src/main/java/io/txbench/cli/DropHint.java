package io.txbench.cli;

import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.values.Credentials;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The closing line of a run on a server the user keeps: the data txbench loaded stays there, and
 * the exact command that removes it. The password is never part of it: the user gives it again the
 * way they gave it the first time.
 */
final class DropHint {
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:@%+=,-]+");

  private DropHint() {}

  static String of(String target, String workload, TargetOptions options) {
    return of(Launch.command(), target, workload, options);
  }

  /** The same, {@code launch} being the words that start txbench ({@link Launch#command()}). */
  static String of(List<String> launch, String target, String workload, TargetOptions options) {
    List<String> command = new ArrayList<>();
    launch.forEach(word -> command.add(quoted(word)));
    command.addAll(List.of("--benchmark-target", target));
    String url = options.url();
    boolean passwordLeftOut = !options.password().isEmpty();
    if (url != null && !url.isBlank()) {
      // A masked password would be sent as it is: the URL loses it, and the line says where
      // to give it instead.
      String shown = Credentials.withoutSecrets(url);
      passwordLeftOut |= !shown.equals(url);
      String masked = Credentials.maskShapes(shown);
      command.add("--target-url");
      command.add(quoted(masked == null ? shown : masked));
    } else {
      // A host or database not known is left to its default.
      if (options.host() != null) {
        command.addAll(List.of("--target-database-host", quoted(options.host())));
      }
      command.addAll(List.of("--target-database-port", String.valueOf(options.port())));
      if (options.database() != null) {
        command.addAll(List.of("--target-database-name", quoted(options.database())));
      }
      if (options.user() != null && !options.user().isEmpty()) {
        command.addAll(List.of("--target-database-user", quoted(options.user())));
      }
    }
    command.add("--drop");
    String password =
        passwordLeftOut
            ? " (and the password, from --target-database-password-file"
                + " or "
                + BenchmarkCommand.PASSWORD_VARIABLE
                + ")"
            : "";
    return "The "
        + workload
        + " data stays in "
        + options.describe()
        + " for later runs (--skip-setup); to remove it: "
        + String.join(" ", command)
        + password;
  }

  /** The argument as a POSIX shell reads it back unchanged. */
  private static String quoted(String argument) {
    return PLAIN.matcher(argument).matches()
        ? argument
        : "'" + argument.replace("'", "'\\''") + "'";
  }
}
