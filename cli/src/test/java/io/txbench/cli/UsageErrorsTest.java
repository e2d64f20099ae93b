package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad input: one line on stderr naming the option, exit code 2, no stack trace, no server. */
class UsageErrorsTest {

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "--benchmark-target oracle|--benchmark-target",
    "--workload tpcc|--workload",
    "--parallelism 0|--parallelism",
    "--parallelism -3|--parallelism",
    "--parallelism many|--parallelism",
    "--duration forever|--duration",
    "--duration 10s --iterations 5|--iterations",
    "--skip-setup --only-setup|--only-setup",
    "--metrics-reporter graphite|--metrics-reporter",
    "--sql-isolation-level CHAOS|--sql-isolation-level",
    "--target-database-port 70000|--target-database-port",
    "--min-connections 9 --max-connections 4|--min-connections",
    "--no-such-option|--no-such-option",
    "--target-database-password-file /nonexistent/pw|--target-database-password-file",
    "--schedules -1|--schedules",
    "--output-dir /proc/version/run|--output-dir",
    "--benchmark-target mongo --target-url mongodb://[oops|--target-url",
  })
  void badInputGetsOneClearLineAndExitCode2(String args, String named) {
    CliRun run = CliRun.of(args.split(" "));
    assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
    String err = run.err().strip();
    assertEquals(1, err.lines().count(), err);
    assertTrue(err.startsWith("txbench: "), err);
    assertTrue(err.contains(named), err);
    assertFalse(err.contains("Exception") || err.contains("\tat "), err);
  }

  @org.junit.jupiter.api.Test
  void aMistypedPasswordOptionIsNamedButItsValueIsNeverEchoed() {
    CliRun run = CliRun.of("--target-database-pasword", "S3cret-Xyz-41");
    assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
    assertTrue(run.err().contains("unknown option '--target-database-pasword'"), run.err());
    assertFalse((run.out() + run.err()).contains("S3cret-Xyz-41"), run.err());
    CliRun glued = CliRun.of("--target-database-pasword=S3cret-Xyz-41");
    assertFalse((glued.out() + glued.err()).contains("S3cret-Xyz-41"), glued.err());
  }

  @org.junit.jupiter.api.Test
  void anEmptyOutputDirectoryIsRefusedRatherThanWritingToTheRoot() {
    CliRun run = CliRun.of("--output-dir", "");
    assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
    assertTrue(run.err().contains("--output-dir must name a directory"), run.err());
  }

  @ParameterizedTest
  @CsvSource({"--help", "--version"})
  void helpAndVersionSucceed(String option) {
    CliRun run = CliRun.of(option);
    assertEquals(0, run.exitCode());
    assertTrue(run.out().contains("txbench"), run.out());
  }
}
