package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.txbench.core.Credentials;
import io.txbench.core.Providers;
import java.io.PrintStream;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** What the command line makes of its options, before anything connects. */
class SettingsTest {

  private static Settings settings(String target, String... args) {
    PrintStream none = new PrintStream(PrintStream.nullOutputStream());
    BenchmarkCommand command = new BenchmarkCommand(none, none, Map.of(), new Providers(),
        new Credentials());
    new CommandLine(command).parseArgs(args);
    return command.settings(target);
  }

  @Test
  void aUrlSaysWhoConnectsUnlessTheUserOptionSaysOtherwise() {
    assertNull(settings("mysql", "--target-url",
        "jdbc:mysql://127.0.0.1/txbench?user=bench").target().user());
    assertEquals("root", settings("mysql").target().user());
    assertEquals("ops", settings("mysql", "--target-url", "jdbc:mysql://127.0.0.1/txbench",
        "--target-database-user", "ops").target().user());
  }
}
