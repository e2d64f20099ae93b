package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.api.run.OutputDirectories;
import io.txbench.api.run.RunPlan;
import io.txbench.api.run.TargetSettings;
import io.txbench.core.spi.Bindings;
import io.txbench.core.spi.OptionRole;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.values.Credentials;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command-level plan, apart from each target's settings, and the directories it makes. */
class CommandPlanTest {
  @TempDir Path results;

  /** The command's plan and its targets' settings, as {@code call()} makes them. */
  private record Parsed(RunPlan plan, List<TargetSettings> targets) {}

  private static Parsed parse(String... args) {
    PrintStream none = new PrintStream(PrintStream.nullOutputStream());
    BenchmarkCommand command =
        new BenchmarkCommand(none, none, Map.of(), new Bindings(), new Credentials());
    BenchmarkCommand.commandLine(command).parseArgs(args);
    List<TargetSettings> targets = new ArrayList<>();
    for (String target : command.targets) {
      targets.add(new CommandRequest(command).settings(target));
    }
    return new Parsed(new CommandRequest(command).plan(), targets);
  }

  /** A command on postgres of {@code workload} with {@code more}, its results under the test's. */
  private Parsed postgres(String workload, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--benchmark-target",
                "postgres",
                "--workload",
                workload,
                "--output-dir",
                results.toString()));
    args.addAll(List.of(more));
    return parse(args.toArray(String[]::new));
  }

  /**
   * The roles summary.json records are those the targets declare with their options, for the
   * options a run's summary shows: the SQL isolation level, MongoDB's read and write concerns, none
   * of the toy's.
   */
  @Test
  void theRolesOfARunsOptionsAreThoseTheirDeclarationsGive() {
    Map<String, OptionRole> isolation = Map.of("sql-isolation-level", OptionRole.ISOLATION);
    for (String target : List.of("postgres", "mysql")) {
      RunPlan plan = parse("--benchmark-target", target).plan();
      assertEquals(
          isolation,
          plan.roles(plan.shownOptions(target, "airline", 0, OptionValues.defaults())),
          target);
    }
    RunPlan mongo = parse("--benchmark-target", "mongo").plan();
    assertEquals(
        Map.of(
            "mongo-read-concern", OptionRole.CONSISTENCY,
            "mongo-write-concern", OptionRole.CONSISTENCY),
        mongo.roles(mongo.shownOptions("mongo", "airline", 0, OptionValues.defaults())));
    RunPlan toy = parse("--benchmark-target", "toy", "--workload", "point-select").plan();
    assertEquals(
        Map.of(), toy.roles(toy.shownOptions("toy", "point-select", 0, OptionValues.defaults())));
  }

  @Test
  void oneTargetAtOneLevelIsNoSweep() {
    RunPlan plan = parse("--benchmark-target", "mysql").plan();
    assertFalse(plan.runs().sweep());
    assertEquals(List.of(8), plan.runs().parallelism());
    assertTrue(plan.writesResults());
  }

  @Test
  void severalTargetsOrSeveralLevelsMakeASweep() {
    assertTrue(parse("--benchmark-target", "mysql,postgres").plan().runs().sweep());
    RunPlan levels = parse("--benchmark-target", "mysql", "--parallelism", "2,8").plan();
    assertTrue(levels.runs().sweep());
    assertEquals(8, levels.largestParallelism());
  }

  @Test
  void eachTargetRunsEveryLevelOfThePlanInADirectoryOfItsOwn() throws Exception {
    Parsed parsed =
        parse(
            "--benchmark-target",
            "mysql,postgres",
            "--parallelism",
            "2,2",
            "--output-dir",
            results.toString());
    OutputDirectories directories =
        OutputDirectories.plan(parsed.plan(), parsed.targets(), Clock.systemUTC());
    String workload = parsed.targets().get(0).workload().name();
    assertEquals(
        results.resolve("mysql-" + workload + "-p2"),
        directories.of(parsed.targets().get(0), 0, 0));
    assertEquals(
        results.resolve("postgres-" + workload + "-p2-2"),
        directories.of(parsed.targets().get(1), 0, 1));
  }

  @Test
  void aListOfTableSizesIsASweepWithADirectoryPerDataLevelAndParallelism() throws Exception {
    Parsed parsed = postgres("point-select", "--table-size", "1000,20_000", "--parallelism", "2,4");
    RunPlan plan = parsed.plan();
    assertTrue(plan.runs().sweep());
    assertEquals(List.of(1000L, 20_000L), plan.runs().data().values());
    // Each target starts at the first level; each run's summary shows its own level.
    assertEquals(
        1000L,
        io.txbench.core.workloads.ItemKind.tableSize(
            parsed.targets().get(0).workload().declared()));
    assertEquals(
        1000L,
        plan.shownOptions("postgres", "point-select", 0, OptionValues.defaults())
            .get("table-size"));
    assertEquals(
        20_000L,
        plan.shownOptions("postgres", "point-select", 1, OptionValues.defaults())
            .get("table-size"));
    assertEquals(
        20_000L,
        io.txbench.core.workloads.ItemKind.tableSize(
            plan.runs().data().at(parsed.targets().get(0).workload(), 1).declared()));
    OutputDirectories directories =
        OutputDirectories.plan(plan, parsed.targets(), Clock.systemUTC());
    assertEquals(
        results.resolve("postgres-point-select-table-size20000-p4"),
        directories.of(parsed.targets().get(0), 1, 1));
    directories.check(parsed.targets(), false);
    try (var made = java.nio.file.Files.list(results)) {
      assertEquals(4, made.count());
    }
  }

  @Test
  void aScaleListNamesItsLevelsAsTyped() throws Exception {
    Parsed parsed = postgres("analytics", "--scale", "0.001,0.5", "--parallelism", "2");
    OutputDirectories directories =
        OutputDirectories.plan(parsed.plan(), parsed.targets(), Clock.systemUTC());
    assertEquals(
        results.resolve("postgres-analytics-scale0.5-p2"),
        directories.of(parsed.targets().get(0), 1, 0));
  }

  @Test
  void oneTableSizeKeepsTodaysNames() throws Exception {
    Parsed parsed = postgres("point-select", "--table-size", "1000", "--parallelism", "2,4");
    assertFalse(parsed.plan().runs().data().sweeps());
    OutputDirectories directories =
        OutputDirectories.plan(parsed.plan(), parsed.targets(), Clock.systemUTC());
    assertEquals(
        results.resolve("postgres-point-select-p4"), directories.of(parsed.targets().get(0), 0, 1));
  }

  @Test
  void aCommandThatOnlyPreparesPlansNoDirectory() throws Exception {
    Parsed parsed = parse("--benchmark-target", "mysql", "--only-setup");
    assertFalse(parsed.plan().writesResults());
    OutputDirectories directories =
        OutputDirectories.plan(parsed.plan(), parsed.targets(), Clock.systemUTC());
    directories.check(parsed.targets(), false);
    assertNull(directories.of(parsed.targets().get(0), 0, 0));
  }
}
