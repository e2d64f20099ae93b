package io.txbench.cli;

import io.txbench.core.spi.values.Credentials;
import java.util.Map;

/**
 * The secrets a command line carries before picocli reads it, so that nothing printed while it
 * parses (an error that repeats an argument, say) shows them: the password option's value, the
 * URLs' secrets, and the password in the environment. A password file is added once read.
 */
final class CommandLineSecrets {
  private static final String PASSWORD = "--target-database-password";
  private static final String URL = "--target-url";

  private CommandLineSecrets() {}

  static Credentials of(String[] args, Map<String, String> environment) {
    Credentials credentials = new Credentials();
    String fromEnvironment = environment.get(BenchmarkCommand.PASSWORD_VARIABLE);
    if (fromEnvironment != null) {
      credentials.add(fromEnvironment);
    }
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      String next = i + 1 < args.length ? args[i + 1] : "";
      if (arg.equals(PASSWORD)) {
        credentials.add(next);
      } else if (arg.startsWith(PASSWORD + "=")) {
        credentials.add(arg.substring(PASSWORD.length() + 1));
      } else if (arg.equals(URL)) {
        credentials.addUrl(next);
      } else if (arg.startsWith(URL + "=")) {
        credentials.addUrl(arg.substring(URL.length() + 1));
      }
      credentials.addUrl(arg); // a URL anywhere, under whatever option
    }
    return credentials;
  }
}
