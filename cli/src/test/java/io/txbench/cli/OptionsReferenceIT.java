package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/options.md is the JAR's own help, every command's: generated from it, so the reference
 * cannot drift from the code. {@code -Dtxbench.writeDocs=true} writes it anew.
 */
class OptionsReferenceIT {
  private static final Path DOC = Path.of("..", "docs", "options.md");
  static final String REGENERATE =
      "./mvnw verify -pl cli -am -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false"
          + " -Dfailsafe.failIfNoSpecifiedTests=false -Dit.test=OptionsReferenceIT"
          + " -Dtxbench.writeDocs=true";

  @Test
  void theReferenceIsTheJarsHelp() throws IOException, InterruptedException {
    String generated = reference();
    if (Boolean.getBoolean("txbench.writeDocs")) {
      Files.writeString(DOC, generated, StandardCharsets.UTF_8);
    }
    assertEquals(
        generated,
        Files.readString(DOC, StandardCharsets.UTF_8),
        "docs/options.md is not the JAR's help; write it anew with: " + REGENERATE);
  }

  private static String reference() throws IOException, InterruptedException {
    String main = help();
    List<String> commands = commands(main);
    assertFalse(commands.isEmpty(), "the help lists no command:\n" + main);
    StringBuilder doc = new StringBuilder();
    doc.append("# Options reference\n\n")
        .append("Every option of every command, as `java -jar cli/target/benchmark.jar --help`")
        .append(" and `COMMAND --help` print it.\n")
        .append("Generated from the JAR by `OptionsReferenceIT`; do not edit by hand: ")
        .append("after changing an option, write it anew with\n`")
        .append(REGENERATE)
        .append("`.\n\n")
        .append("- [Run a benchmark](#run-a-benchmark)\n");
    for (String command : commands) {
      doc.append("- [`").append(command).append("`](#").append(command).append(")\n");
    }
    section(doc, "Run a benchmark", "", main);
    for (String command : commands) {
      section(doc, "`" + command + "`", command + " ", help(command));
    }
    return doc.toString();
  }

  private static void section(StringBuilder doc, String title, String command, String help) {
    doc.append("\n## ")
        .append(title)
        .append("\n\n`java -jar cli/target/benchmark.jar ")
        .append(command)
        .append("--help`:\n\n```text\n")
        .append(help.stripTrailing())
        .append("\n```\n");
  }

  /** The names under the help's "Commands:" heading, in its order. */
  private static List<String> commands(String help) {
    List<String> names = new ArrayList<>();
    boolean listed = false;
    for (String line : help.split("\n", -1)) {
      if (line.equals("Commands:")) {
        listed = true;
      } else if (listed && line.startsWith("  ") && !line.startsWith("   ")) {
        names.add(line.strip().split("\\s+", 2)[0]);
      }
    }
    return names;
  }

  private static String help(String... command) throws IOException, InterruptedException {
    List<String> args = new ArrayList<>(List.of(command));
    args.add("--help");
    Jar.Outcome outcome = Jar.run(args.toArray(String[]::new));
    assertEquals(0, outcome.code(), outcome.err());
    return outcome.out();
  }
}
