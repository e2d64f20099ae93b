package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/** One in-process run of the command line, with what it printed. */
record CliRun(int exitCode, String out, String err) {

  static CliRun of(Map<String, String> environment, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      code = Main.run(args, o, e, environment);
    }
    return new CliRun(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  static CliRun of(String... args) {
    return of(Map.of(), args);
  }

  /** This run, which must have exited with {@code code}: what it printed is the failure's text. */
  CliRun exits(int code) {
    assertEquals(code, exitCode, err + out);
    return this;
  }

  /** The summary.json a run wrote to {@code directory}. */
  static JsonNode summary(Path directory) throws IOException {
    return new ObjectMapper().readTree(directory.resolve("summary.json").toFile());
  }
}
