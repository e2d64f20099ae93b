package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.cli.options.ExitCodes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad input: one line on stderr naming the option, exit code 2, no stack trace, no server. */
class UsageErrorsTest {
  /** A target in memory: should a check be lost, the run touches no server of this machine. */
  private static final String TOY = "--benchmark-target toy --workload point-select ";

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "--benchmark-target oracle|--benchmark-target",
        "--workload tpcc|--workload",
        "--parallelism 0|--parallelism",
        "--parallelism -3|--parallelism",
        "--parallelism many|--parallelism",
        "--duration forever|--duration",
        "--duration 10s --iterations 5|--iterations",
        "--skip-setup --only-setup|--only-setup",
        "--metrics-reporter graphite|'graphite' is not one of: csv, console, log",
        "--rate 5 --rate-distribution gauss|'gauss' is not one of: uniform, poisson",
        "--sql-isolation-level CHAOS|--sql-isolation-level",
        "--target-database-port 70000|--target-database-port",
        "--min-connections 9 --max-connections 4|--min-connections",
        "--no-such-option|--no-such-option",
        "--benchmark-target mariadb --mongo-read-concern local|--mongo-read-concern applies to"
            + " mongo only, not to mysql",
        "--target-database-password-file /nonexistent/pw|--target-database-password-file",
        "--schedules -1|--schedules: must be 0 or more, not -1",
        "--benchmark-target mongo --mongo-write-concern 99999999999999999999|--mongo-write-concern: a write concern of 99999999999999999999 members: a replica set has at most 50",
        "--output-dir /proc/version/run|--output-dir",
        "--benchmark-target mongo --target-url mongodb://[oops|--target-url",
        "--duration PT99999999999H|--duration must be between 1ms and 30d",
        "--warmup PT99999999999H|--warmup must be between 0 and 24h",
        "--metrics PT99999999999H|--metrics must be between 100ms and 1h",
        "--booking-sleep PT99999999999H|--booking-sleep: must be between 0 and 1m",
        "--rate 10 --max-lag PT99999999999H|--max-lag must be between 1ms and 1h",
        "--duration 99999999999999999999h|--duration must be between",
        "--parallelism 99999999|--parallelism must be between 1 and 4,096",
        "--parallelism 8,99999999|--parallelism must be between 1 and 4,096",
        "--max-connections 99999999|--max-connections must be between 1 and 10,000",
        "--connection-wait-timeout 0s|--connection-wait-timeout must be between 100ms and 1h",
        "--connection-idle-timeout 100000h|--connection-idle-timeout must be between 0 and 24h",
        "--day-range 99999|--day-range: must be between 1 and 3,650",
        "--workload point-select --table-size 99999999999|--table-size: must be between 1 and 1,000,000,000",
        "--table-size 2000|--table-size applies to point-select, insert, update, delete, range-scan, count,",
        "--workload update --day-range 3|--day-range applies to airline only, not to update",
        TOY + "--table-size 10,abc|--table-size: 'abc' is not a whole number",
        TOY + "--table-size 1000,,2000|--table-size: '' is not a whole number",
        TOY + "--table-size 0|--table-size: must be between 1 and 1,000,000,000, not 0",
        TOY + "--table-size 1000,0|--table-size: must be between 1 and 1,000,000,000, not 0",
        TOY + "--table-size 2000,2000|--table-size: 2000 is given twice",
        TOY
            + "--table-size 5000,2000|--table-size: levels go up, as each grows the data of the one"
            + " before: 2000 comes after 5000",
        TOY + "--table-size 1000,2000 --skip-setup|--skip-setup runs on the data loaded before",
        TOY + "--table-size 1000,2000 --only-setup|--only-setup loads one size of data",
        TOY + "--table-size 1000,2000 --drop|--drop only drops: a list of --table-size",
        "--workload analytics --scale 0.5,0.1|--scale: levels go up",
        "--workload analytics --scale 0.1,0.10|--scale: 0.10 is given twice",
        "--workload insert --disable-transaction|--disable-transaction applies to airline only",
        "--max-retries 1000000|--max-retries must be between 0 and 1,000",
        "--log-level verbose|--log-level: unknown level 'verbose'; one of: error, warn, info",
        "--cost-per-hour -0.5|--cost-per-hour must be between 0 and 1000000, not -0.5",
        "--cost-per-hour NaN|--cost-per-hour must be between 0 and 1000000, not NaN",
        "--cost-per-hour 2e6|--cost-per-hour must be between 0 and 1000000, not 2000000",
        "--cost-per-hour 0.5,Infinity|--cost-per-hour must be between 0 and 1000000, not"
            + " Infinity",
        "--cost-per-hour cheap|--cost-per-hour",
        TOY
            + "--cost-per-hour 0.5,0.7|--cost-per-hour: 2 prices for 1 target (toy): give one"
            + " for all, or one for each",
        "--benchmark-target toy,postgres --workload point-select --cost-per-hour 1,2,3"
            + "|--cost-per-hour: 3 prices for 2 targets (toy, postgres): give one for all, or one"
            + " for each",
        "--rate 1e9|--rate must be between 0.001 and 10000000, not 1000000000",
        "--rate 1e-9|--rate must be between 0.001 and 10000000, not 0.000000001",
        "--embedded --target-database-host 127.0.0.1|--embedded starts a server of its own",
        "--embedded --target-database-name mine|--embedded starts a server of its own",
        "--embedded --target-database-port 5432|--embedded starts a server of its own",
        TOY
            + "--threshold p99<20|--threshold 'p99<20': a time needs a unit (us, ms, s), as in"
            + " p99<20ms",
        TOY + "--threshold tps>=1 --threshold p98<1ms|--threshold 'p98<1ms': unknown metric 'p98'",
        TOY + "--threshold errors=0|--threshold 'errors=0': unknown comparison '='",
        TOY + "--threshold errors<0.5|--threshold 'errors<0.5': a count is a whole number",
        TOY
            + "--threshold errors<200%|--threshold 'errors<200%': a share of the iterations that"
            + " ended is 0% to 100%, not 200%",
        TOY
            + "--threshold update.p99<1ms|--threshold 'update.p99<1ms': no operation"
            + " 'update' in this run: its workload is no mix (its iterations are not told apart)",
        "--target-url jdbc:postgresql://127.0.0.1:99999/db|--target-url:"
            + " 'jdbc:postgresql://127.0.0.1:99999/db' names port 99999: a TCP port is 1 to 65535",
        "--target-url jdbc:postgresql://127.0.0.1:1/db?user=x&password=a%q8|cannot connect to"
            + " PostgreSQL at jdbc:postgresql://127.0.0.1:1/db?user=x&password=****: the driver could"
            + " not parse the URL: the value of its parameter 'password' holds a % that starts no"
            + " %XX escape; in a value, write % as %25 and & as %26",
        "--pg-client async --target-url jdbc:postgresql://a:5432,b:5432/db|--target-url: the"
            + " event-loop client takes a URL of one server (jdbc:postgresql://host[:port]/database),"
            + " and the JDBC driver the others: give --pg-client jdbc",
        "--pg-client async --target-url jdbc:postgresql://127.0.0.1/db?options=-c%20x%3D1|--target-url:"
            + " the event-loop client does not follow the URL's options=, which PgJDBC does: give"
            + " --pg-client jdbc",
        "--benchmark-target mysql --mysql-client async --target-url"
            + " jdbc:mysql://127.0.0.1/db?sessionVariables=sql_mode%3DANSI|--target-url: the"
            + " event-loop client does not follow the URL's sessionVariables=, which the JDBC driver"
            + " does: give --mysql-client jdbc",
        "--benchmark-target http --target-url http://127.0.0.1:99999/|--target-url:"
            + " 'http://127.0.0.1:99999/' names port 99999: a TCP port is 1 to 65535",
        TOY
            + "--threshold verification --no-verify|--threshold 'verification' could never pass"
            + " with --no-verify",
        TOY + "--threshold tps>1 --only-setup|--threshold has nothing to check with --only-setup",
        TOY + "--threshold tps>1 --drop|--threshold has nothing to check with --drop",
        "--start-at tomorrow|Invalid value for option '--start-at': 'tomorrow' is not a time: give a UTC instant"
            + " (2026-11-28T10:15:00Z) or a time of day (10:15:00Z, its next occurrence)",
        "--start-at 2026-11-28T10:15:00|Invalid value for option '--start-at': '2026-11-28T10:15:00' has no zone, and every"
            + " client would read it in its own: add Z for UTC (2026-11-28T10:15:00Z)",
        "--start-at 10:15|Invalid value for option '--start-at': '10:15' has no zone",
        "--start-at 2020-01-01T00:00:00Z|Invalid value for option '--start-at': 2020-01-01T00:00:00Z"
            + " was ",
        "--start-at 2999-01-01T00:00:00Z|Invalid value for option '--start-at': 2999-01-01T00:00:00Z"
            + " is ",
        TOY + "--start-at 10:15:00Z --only-setup|--start-at has nothing to start with --only-setup",
        TOY + "--start-at 10:15:00Z --drop|--start-at has nothing to start with --drop",
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

  @ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(
      strings = {"--target-database-host", "--target-database-name", "--target-database-user"})
  void anEmptyServerNameIsRefused(String option) {
    CliRun run = CliRun.of(option, "");
    assertEquals(ExitCodes.USAGE, run.exitCode(), run.err() + run.out());
    assertEquals(
        "txbench: "
            + option
            + " must not be empty: name one, or leave the option out"
            + " (see --help)",
        run.err().strip());
  }

  @org.junit.jupiter.api.Test
  void aMistypedCommandIsNamed() {
    CliRun run = CliRun.of("comapre", "results/x");
    assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
    assertEquals(
        "txbench: unknown command 'comapre'; did you mean compare? (see --help)",
        run.err().strip());
    CliRun far = CliRun.of("xyzzy", "results/x");
    assertEquals(
        "txbench: unknown command 'xyzzy'; commands: report, compare, merge, history,"
            + " export (or none, to run a benchmark) (see --help)",
        far.err().strip());
  }

  /** A near miss, or another tool's name for an option, a workload or a target: the right one. */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "--paralelism 8|unknown option '--paralelism'; did you mean --parallelism?",
        "--threads 8|unknown option '--threads'; did you mean --parallelism?",
        "-c 8|unknown option '-c'; did you mean --parallelism?",
        "--time 60|unknown option '--time'; did you mean --duration?",
        "--report-interval=10|unknown option '--report-interval'; did you mean --metrics?",
        "--druation 5s --threads 8|unknown options '--druation' (did you mean --duration?),"
            + " '--threads' (did you mean --parallelism?)",
        "--no-such-option|unknown option '--no-such-option'",
        "--paralelism 8 9|unknown option '--paralelism'; did you mean --parallelism? and 1"
            + " unexpected argument(s), not shown",
        "--workload point_select|--workload: unknown workload 'point_select'; did you mean"
            + " point-select?",
        "--workload pointselect|--workload: unknown workload 'pointselect'; did you mean"
            + " point-select?",
        "--workload oltp_point_select|--workload: unknown workload 'oltp_point_select'; did you"
            + " mean point-select?",
        "--workload ycsba|--workload: unknown workload 'ycsba'; did you mean ycsb-a?",
        "--benchmark-target postgress|--benchmark-target: unknown target 'postgress'; did you"
            + " mean postgres?",
        "--benchmark-target postgresql|--benchmark-target: unknown target 'postgresql'; did you"
            + " mean postgres?",
        "--benchmark-target mariadbb|--benchmark-target: unknown target 'mariadbb'; did you mean"
            + " mariadb?",
        "--benchmark-target MongoDB|--benchmark-target: unknown target 'MongoDB'; did you mean"
            + " mongo?",
        "report --outptu x.html|unknown option '--outptu'; did you mean --output?",
      })
  void aNearMissSaysWhatWasMeant(String args, String line) {
    CliRun run = CliRun.of(args.split(" "));
    assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
    assertEquals("txbench: " + line + " (see --help)", run.err().strip());
  }

  @org.junit.jupiter.api.Test
  void theHelpShowsThePasswordFileOptionsParameterUnmasked() {
    String help = CliRun.of("--help").out();
    assertTrue(help.contains("--target-database-password-file=FILE"), help);
  }

  @org.junit.jupiter.api.Test
  void anEmptyTargetUrlIsRefusedRatherThanRunningOnLocalhost() {
    for (String target : new String[] {"postgres", "mysql", "mongo"}) {
      CliRun run = CliRun.of("--benchmark-target", target, "--target-url", "");
      assertEquals(ExitCodes.USAGE, run.exitCode(), run.err() + run.out());
      assertEquals(
          "txbench: --target-url must not be empty: give the target's URL, or"
              + " leave the option out (see --help)",
          run.err().strip());
      assertEquals("", run.out());
    }
  }

  /**
   * A URL of another target is refused before anything connects: nothing listens on port 1, so a
   * connection would end in a connection error (exit 3), not in this line; no directory is made.
   */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "postgres|jdbc:mysql://127.0.0.1:1/txbench?user=root&password=S3cret-q7|jdbc:mysql://127.0.0.1:1/txbench?user=root&password=**** is a mysql URL; the postgres target takes jdbc:postgresql://...",
        "postgres|jdbc:mariadb://127.0.0.1:1/txbench|jdbc:mariadb://127.0.0.1:1/txbench is a mysql URL; the postgres target takes jdbc:postgresql://...",
        "mysql|jdbc:postgresql://127.0.0.1:1/postgres|jdbc:postgresql://127.0.0.1:1/postgres is a postgres URL; the mysql target takes jdbc:mysql://... or jdbc:mariadb://...",
        "postgres|mongodb://u:S3cret-q7@127.0.0.1:1/txbench|mongodb://u:****@127.0.0.1:1/txbench is a mongo URL; the postgres target takes jdbc:postgresql://...",
        "mongo|jdbc:postgresql://127.0.0.1:1/x|jdbc:postgresql://127.0.0.1:1/x is a postgres URL; the mongo target takes mongodb://... or mongodb+srv://...",
        "postgres|postgresql://127.0.0.1:1/x|postgresql://127.0.0.1:1/x is not a postgres URL; the postgres target takes jdbc:postgresql://...",
      })
  void aUrlOfAnotherTargetIsRefusedBeforeConnecting(
      String target, String url, String refusal, @org.junit.jupiter.api.io.TempDir Path dir) {
    Path out = dir.resolve("run");
    CliRun run =
        CliRun.of(
            "--benchmark-target",
            target,
            "--workload",
            "point-select",
            "--target-url",
            url,
            "--output-dir",
            out.toString());
    assertEquals(ExitCodes.USAGE, run.exitCode(), run.err() + run.out());
    assertEquals("txbench: --target-url: " + refusal + " (see --help)", run.err().strip());
    assertEquals("", run.out());
    assertFalse(Files.exists(out), out.toString());
  }

  /** Of a list of targets each takes the URL of its scheme; one that none takes is refused. */
  @org.junit.jupiter.api.Test
  void aUrlNoTargetOfTheListTakesIsRefused() {
    CliRun run =
        CliRun.of(
            "--benchmark-target",
            "toy,postgres",
            "--workload",
            "point-select",
            "--target-url",
            "toy://anywhere",
            "--target-url",
            "jdbc:mysql://127.0.0.1:1/txbench");
    assertEquals(ExitCodes.USAGE, run.exitCode(), run.err() + run.out());
    assertEquals(
        "txbench: --target-url: jdbc:mysql://127.0.0.1:1/txbench is a mysql URL; no target of"
            + " this run takes it: toy takes toy://..., postgres takes jdbc:postgresql://..."
            + " (see --help)",
        run.err().strip());
    assertEquals("", run.out());
  }

  @org.junit.jupiter.api.Test
  void theHelpSpellsEveryChoiceAsUsersTypeIt() {
    String help = CliRun.of("--help").out().replaceAll("\\s+", " ");
    for (String shown :
        List.of(
            "default: uniform, or the YCSB preset's.",
            "Default: none.",
            "Default: repeatable_read.",
            "Default: csv.")) {
      assertTrue(help.contains(shown), shown + " not in: " + help);
    }
    // No enum's constant in capitals (a duration's ISO form, PT10S, is no enum).
    java.util.regex.Matcher upper =
        java.util.regex.Pattern.compile("Default: (?!PT)[A-Z]{2}[A-Z_]*").matcher(help);
    assertFalse(upper.find(), () -> upper.group() + " in: " + help);
    CliRun wrong = CliRun.of("--workload", "point-select", "--distribution", "zipf");
    assertEquals(
        "txbench: --distribution: unknown value 'zipf'; one of: default, uniform, zipfian,"
            + " latest, hotspot (see --help)",
        wrong.err().strip());
  }

  @org.junit.jupiter.api.Test
  void theHelpNamesEveryTargetByEveryName() {
    String help = CliRun.of("--help").out().replaceAll("\\s+", " ");
    assertTrue(help.contains("Database to drive: http, mongo, mysql (or mariadb), postgres"), help);
  }

  @org.junit.jupiter.api.Test
  void theHelpStatesTheLimits() {
    String help = CliRun.of("--help").out();
    for (String limit :
        new String[] {
          "1 to 4096",
          "up to 30 days",
          "up to 24h",
          "100ms to 1h",
          "up to 1m",
          "1 to 10000",
          "(1 to 3650)",
          "up to 1,000,000,000",
          "(0 to 1000)"
        }) {
      assertTrue(help.replaceAll("\\s+", " ").contains(limit), limit + " not in: " + help);
    }
  }

  @org.junit.jupiter.api.Test
  void anEmptyOutputDirectoryIsRefusedRatherThanWritingToTheRoot() {
    CliRun run = CliRun.of("--output-dir", "");
    assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
    assertTrue(run.err().contains("--output-dir must name a directory"), run.err());
  }

  /**
   * picocli reads every description as a format string: a lone '%' makes it print a warning to
   * System.err (not to the command's err) on every --help, and show the text unformatted.
   */
  @ParameterizedTest
  @CsvSource({"''", "history", "export", "compare", "merge", "report"})
  void everyHelpFormatsWithoutAWarning(String command) {
    PrintStream stderr = System.err;
    ByteArrayOutputStream warnings = new ByteArrayOutputStream();
    CliRun run;
    try {
      System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
      run = command.isEmpty() ? CliRun.of("--help") : CliRun.of(command, "--help");
    } finally {
      System.setErr(stderr);
    }
    assertEquals(0, run.exitCode(), run.err());
    assertEquals("", warnings.toString(StandardCharsets.UTF_8));
    assertFalse(run.out().contains("%n"), run.out());
  }

  @ParameterizedTest
  @CsvSource({"--help", "--version"})
  void helpAndVersionSucceed(String option) {
    CliRun run = CliRun.of(option);
    assertEquals(0, run.exitCode());
    assertTrue(run.out().contains("txbench"), run.out());
  }
}
