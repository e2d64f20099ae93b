package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.txbench.api.run.RunPlan;
import io.txbench.api.run.TargetSettings;
import io.txbench.core.engine.Arrivals;
import io.txbench.core.engine.ClosedLoop;
import io.txbench.core.engine.ForDuration;
import io.txbench.core.engine.ForIterations;
import io.txbench.core.engine.OpenLoop;
import io.txbench.core.spi.Bindings;
import io.txbench.core.spi.values.Credentials;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the command line makes of its options, before anything connects. */
class SettingsTest {

  private static TargetSettings settings(String target, String... args) {
    PrintStream none = new PrintStream(PrintStream.nullOutputStream());
    BenchmarkCommand command =
        new BenchmarkCommand(none, none, Map.of(), new Bindings(), new Credentials());
    BenchmarkCommand.commandLine(command).parseArgs(args);
    return new CommandRequest(command).settings(target);
  }

  @Test
  void aUrlSaysWhoConnectsUnlessTheUserOptionSaysOtherwise() {
    assertNull(
        settings("mysql", "--target-url", "jdbc:mysql://127.0.0.1/txbench?user=bench")
            .target()
            .user());
    assertEquals("root", settings("mysql").target().user());
    // A URL that names no user: the default the help gives, not the operating system's user.
    assertEquals(
        "root",
        settings("mysql", "--target-url", "jdbc:mysql://127.0.0.1/txbench").target().user());
    assertEquals(
        "postgres",
        settings("postgres", "--target-url", "jdbc:postgresql://127.0.0.1/postgres")
            .target()
            .user());
    assertNull(settings("mongo", "--target-url", "mongodb://127.0.0.1/txbench").target().user());
    assertEquals(
        "ops",
        settings(
                "mysql",
                "--target-url",
                "jdbc:mysql://127.0.0.1/txbench",
                "--target-database-user",
                "ops")
            .target()
            .user());
  }

  private static RunPlan plan(String... args) {
    PrintStream none = new PrintStream(PrintStream.nullOutputStream());
    BenchmarkCommand command =
        new BenchmarkCommand(none, none, Map.of(), new Bindings(), new Credentials());
    BenchmarkCommand.commandLine(command).parseArgs(args);
    new CommandRequest(command).settings("postgres");
    return new CommandRequest(command).plan();
  }

  @Test
  void aTimedRunWarmsUpTenSecondsOrAThirdOfItUnlessToldOtherwiseAndACountOfIterationsDoesNot() {
    assertEquals(Duration.ofSeconds(10), plan().runs().warmup());
    assertEquals(Duration.ofSeconds(10), plan("--duration", "30s").runs().warmup());
    assertEquals(Duration.ofSeconds(1), plan("--duration", "3s").runs().warmup());
    assertEquals(
        Duration.ofSeconds(30), plan("--duration", "10s", "--warmup", "30s").runs().warmup());
    assertEquals(Duration.ZERO, plan("--duration", "10s", "--warmup", "0").runs().warmup());
    assertEquals(
        Duration.ofSeconds(2), plan("--iterations", "9", "--warmup", "2s").runs().warmup());
    assertEquals(Duration.ZERO, plan("--iterations", "9").runs().warmup());
  }

  /**
   * A 3 s run prints 6 lines, not the 30 of 0.1 s periods that a loaded machine's timer stretched
   * to 0.3-0.9 s each; --metrics is kept as asked.
   */
  @Test
  void aTimedRunGetsTwentyPeriodsOfHalfASecondAtLeastUnlessTheOptionsSayHowLong() {
    assertEquals(Duration.ofMillis(500), period("--duration", "3s"));
    assertEquals(Duration.ofSeconds(1), period());
    assertEquals(Duration.ofSeconds(10), period("--duration", "10m"));
    assertEquals(Duration.ofMillis(100), period("--duration", "3s", "--metrics", "100ms"));
    assertEquals(Duration.ofSeconds(1), period("--iterations", "500"));
  }

  private static Duration period(String... args) {
    return settings("mysql", args).run().metricsPeriod();
  }

  /**
   * A port alone names a server, localhost's on that port: it is used, or its silence is an error,
   * and never replaced by an embedded one nor announced as a server found.
   */
  @Test
  void aPortAloneNamesTheServerOnLocalhost() {
    TargetSettings port = settings("mysql", "--target-database-port", "7777");
    assertEquals("localhost", port.target().host());
    assertEquals(7777, port.target().port());
    assertNull(settings("mysql").target().host(), "nothing named: found or embedded");
  }

  @Test
  void aRunLastsThirtySecondsUnlessTheOptionsSayHowLong() {
    assertEquals(new ForDuration(Duration.ofSeconds(30)), settings("mysql").run().length());
    assertEquals(
        new ForDuration(Duration.ofMinutes(2)),
        settings("mysql", "--duration", "2m").run().length());
    assertEquals(new ForIterations(500), settings("mysql", "--iterations", "500").run().length());
  }

  @Test
  void aRateOpensTheLoop() {
    assertEquals(new ClosedLoop(), settings("mysql").run().pacing());
    assertEquals(
        new OpenLoop(50, Arrivals.UNIFORM, Optional.empty()),
        settings("mysql", "--rate", "50").run().pacing());
    assertEquals(
        new OpenLoop(50, Arrivals.POISSON, Optional.of(Duration.ofMillis(20))),
        settings("mysql", "--rate", "50", "--rate-distribution", "poisson", "--max-lag", "20ms")
            .run()
            .pacing());
  }
}
