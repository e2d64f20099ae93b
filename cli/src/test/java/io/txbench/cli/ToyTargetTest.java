package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.api.run.TargetLocator;
import io.txbench.cli.options.ExitCodes;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A target the CLI has never heard of ({@link ToyBinding}, registered in the tests' resources) is
 * listed, has its defaults shown, its URL picked and its embedded server started: the CLI names no
 * target.
 */
class ToyTargetTest {

  @Test
  void theHelpListsTheToyTargetAndItsDefaults() {
    String help = CliRun.of("--help").out().replaceAll("\\s+", " ");
    assertTrue(help.contains("Database to drive: ") && help.contains("toy"), help);
    assertTrue(help.contains("1 for toy"), help);
    assertTrue(help.contains("toybox for toy"), help);
    assertTrue(help.contains("none for toy"), help);
  }

  @Test
  void theToyTargetRunsOnItsEmbeddedServer(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("toy");
    CliRun run =
        CliRun.of(
            "--benchmark-target",
            "toy",
            "--embedded",
            "--workload",
            "point-select",
            "--parallelism",
            "2",
            "--warmup",
            "0s",
            "--duration",
            "300ms",
            "--output-dir",
            out.toString());
    assertEquals(ExitCodes.OK, run.exitCode(), run.err() + run.out());
    assertTrue(
        run.out().contains("--embedded: started the toy server (a counter in memory)."), run.out());
    assertTrue(
        run.out()
            .contains(
                "Connected to Toy 1.0 (vanilla) at localhost:7/toybox through Toy client 1.0."),
        run.out());
    assertTrue(run.out().contains("toy server on localhost:7 (started by txbench)"), run.out());
    assertTrue(run.out().contains("verification  passed"), run.out());
    assertTrue(Files.exists(out.resolve("summary.json")), run.out());
  }

  @Test
  void theToysOwnOptionIsShownParsedAndHandedToIt(@TempDir Path dir) throws Exception {
    String help = CliRun.of("--help").out().replaceAll("\\s+", " ");
    assertTrue(
        help.contains(
            "--toy-flavour=FLAVOUR toy: what the toy server tastes of (vanilla,"
                + " chocolate). Default: vanilla."),
        help);
    CliRun run =
        CliRun.of(
            "--benchmark-target",
            "toy",
            "--embedded",
            "--toy-flavour",
            "CHOCOLATE",
            "--workload",
            "point-select",
            "--warmup",
            "0s",
            "--duration",
            "200ms",
            "--output-dir",
            dir.resolve("choc").toString());
    assertEquals(ExitCodes.OK, run.exitCode(), run.err() + run.out());
    assertTrue(
        run.out()
            .contains(
                "Connected to Toy 1.0 (chocolate) at localhost:7/toybox through Toy client 1.0."),
        run.out());
    // Its summary shows the toy's option and the workload's, not other targets' or workloads'
    // defaults: a history groups runs by what they were run with.
    String summary = Files.readString(dir.resolve("choc").resolve("summary.json"));
    assertTrue(summary.contains("\"toy-flavour\" : \"chocolate\""), summary);
    assertTrue(summary.contains("\"table-size\""), summary);
    assertFalse(summary.contains("mongo-read-concern"), summary);
    assertFalse(summary.contains("sql-isolation-level"), summary);
    assertFalse(summary.contains("day-range"), summary);
  }

  @Test
  void aValueTheToyRefusesIsAUsageErrorInItsOwnWords() {
    CliRun run =
        CliRun.of(
            "--benchmark-target", "toy", "--workload", "point-select", "--toy-flavour", "mint");
    assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
    assertEquals(
        "txbench: --toy-flavour: unknown value 'mint'; one of: vanilla, chocolate"
            + " (see --help)",
        run.err().strip());
  }

  @Test
  void anOptionNoTargetOfTheRunTakesIsRefused() {
    CliRun run = CliRun.of("--benchmark-target", "postgres", "--toy-flavour", "chocolate");
    assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
    assertEquals(
        "txbench: --toy-flavour applies to toy only, not to postgres (see --help)",
        run.err().strip());
  }

  @Test
  void aWorkloadTheToyDoesNotServeIsRefusedWithItsList() {
    CliRun run = CliRun.of("--benchmark-target", "toy", "--workload", "airline");
    assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
    assertTrue(
        run.err().contains("unknown workload 'airline'; one of: [point-select, tally, mix]"),
        run.err());
  }

  /**
   * Each target of a list takes the URL its provider accepts, whatever their order, and its own
   * price, in the list's order: the toy, second, runs on toy:// at the second price (PostgreSQL,
   * first, has no server there and is passed over).
   */
  @Test
  void eachTargetOfAListTakesTheUrlItsProviderAcceptsAndItsOwnPrice(@TempDir Path dir)
      throws Exception {
    CliRun run =
        CliRun.of(
            "--benchmark-target",
            "postgres,toy",
            "--target-url",
            "toy://anywhere",
            "--target-url",
            "jdbc:postgresql://127.0.0.1:1/x",
            "--workload",
            "point-select",
            "--warmup",
            "0s",
            "--duration",
            "300ms",
            "--cost-per-hour",
            "0.75,0.25",
            "--output-dir",
            dir.resolve("list").toString());
    // The toy target takes toy://, so it runs on it rather than starting its embedded server.
    assertTrue(
        run.out()
            .contains("Connected to Toy 1.0 (vanilla) at toy://anywhere through Toy client 1.0."),
        run.err() + run.out());
    Path summary = dir.resolve("list/toy-point-select-p8/summary.json");
    JsonNode cost = new ObjectMapper().readTree(summary.toFile()).get("cost");
    assertEquals(0.25, cost.get("perHour").asDouble(), cost::toString);
    assertTrue(run.out().contains(" at 0.25 an hour; "), run.out());
  }

  /**
   * A server found on the target's port, nobody having named one, is announced before anything is
   * loaded: where, which database, as whom, that the data stays, and the way to a throw-away one.
   */
  @Test
  void aServerFoundOnThePortIsAnnouncedBeforeAnythingIsCreated() throws Exception {
    try (ServerSocket listening = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
      TargetLocator locator =
          new TargetLocator(
              new ToyBinding(),
              null,
              true,
              new java.io.PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8));
      locator.locate(at(null, listening.getLocalPort()));
      assertEquals(
          "Using the toy server found on localhost:"
              + listening.getLocalPort()
              + " (database toybox, user none): txbench creates its tables there and keeps them"
              + " after the run (--drop removes them); --embedded runs on a throw-away server"
              + " instead.",
          printed.toString(java.nio.charset.StandardCharsets.UTF_8).strip());
      // A server named (a port alone names localhost's) is the user's choice: nothing to announce.
      printed.reset();
      locator.locate(at("localhost", listening.getLocalPort()));
      assertEquals("", printed.toString(java.nio.charset.StandardCharsets.UTF_8));
    }
  }

  /** The options of a server at {@code host} (null: none named) and {@code port}. */
  private static io.txbench.core.spi.TargetOptions at(
      @org.jspecify.annotations.Nullable String host, int port) {
    return new io.txbench.core.spi.TargetOptions(
        host,
        port,
        null,
        null,
        io.txbench.core.spi.values.Secret.none(),
        null,
        1,
        1,
        java.time.Duration.ofSeconds(1),
        java.time.Duration.ofSeconds(10),
        io.txbench.core.spi.OptionValues.defaults());
  }
}
