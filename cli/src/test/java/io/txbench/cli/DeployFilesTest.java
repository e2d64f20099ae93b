package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The VM recipe's files, checked by the tools that read them: systemd's units by {@code
 * systemd-analyze verify}, the user-data by {@code cloud-init schema}, the runner by shellcheck
 * (each skipped, saying so, where the tool is not installed; .ci/run installs cloud-init), and the
 * user-data's copies of the other files against those files.
 */
class DeployFilesTest {
  private static final Path DEPLOY = RunnerScript.DEPLOY;
  private static final String SERVICE = "txbench-bench.service";
  private static final String TIMER = "txbench-bench.timer";
  private static final String SCRIPT_ON_THE_VM = "/opt/txbench/run-benchmarks.sh";

  private static boolean installed(String tool) {
    return Stream.of(System.getenv("PATH").split(":"))
        .anyMatch(directory -> Files.isExecutable(Path.of(directory, tool)));
  }

  private static RunnerScript.Outcome run(String... command) throws Exception {
    return RunnerScript.run(Map.of("SYSTEMD_LOG_COLOR", "0"), 60, command);
  }

  @Test
  void theUnitsPassSystemdAnalyzeVerify(@TempDir Path dir) throws Exception {
    assumeTrue(installed("systemd-analyze"), "systemd-analyze is not installed (package systemd)");
    // verify checks that ExecStart's program exists: the unit runs the runner from this checkout.
    String service = Files.readString(DEPLOY.resolve(SERVICE));
    assertTrue(service.contains("ExecStart=" + SCRIPT_ON_THE_VM + " "), service);
    Files.writeString(
        dir.resolve(SERVICE), service.replace(SCRIPT_ON_THE_VM, RunnerScript.SCRIPT.toString()));
    Files.copy(DEPLOY.resolve(TIMER), dir.resolve(TIMER));
    RunnerScript.Outcome outcome =
        run(
            "systemd-analyze",
            "verify",
            dir.resolve(SERVICE).toString(),
            dir.resolve(TIMER).toString());
    assertEquals(0, outcome.code(), outcome.printed());
    // A setting systemd cannot parse is a warning, and exit 0: any word about the units fails.
    assertTrue(
        outcome.printed().lines().noneMatch(line -> line.contains("txbench-bench")),
        outcome.printed());
  }

  @Test
  void theUserDataIsValidCloudConfig() throws Exception {
    assumeTrue(installed("cloud-init"), "cloud-init is not installed (package cloud-init)");
    RunnerScript.Outcome outcome =
        run("cloud-init", "schema", "--config-file", DEPLOY.resolve("cloud-init.yaml").toString());
    assertEquals(0, outcome.code(), outcome.printed());
    assertTrue(outcome.printed().contains("Valid cloud-config"), outcome.printed());
  }

  @Test
  void theRunnerIsShellcheckClean() throws Exception {
    assumeTrue(installed("shellcheck"), "shellcheck is not installed (package shellcheck)");
    assertTrue(Files.isExecutable(RunnerScript.SCRIPT), "the runner lost its executable mode");
    RunnerScript.Outcome outcome =
        run("shellcheck", "--external-sources", RunnerScript.SCRIPT.toString());
    assertEquals(0, outcome.code(), outcome.printed());
  }

  @Test
  void theUserDataCarriesTheDeployFilesAsTheyAre() throws IOException {
    List<String> yaml = Files.readAllLines(DEPLOY.resolve("cloud-init.yaml"));
    Map<String, String> copies =
        Map.of(
            SCRIPT_ON_THE_VM,
            "run-benchmarks.sh",
            "/etc/txbench/benchmarks.conf",
            "benchmarks.conf",
            "/etc/systemd/system/" + SERVICE,
            SERVICE,
            "/etc/systemd/system/" + TIMER,
            TIMER);
    for (Map.Entry<String, String> copy : copies.entrySet()) {
      assertEquals(
          Files.readString(DEPLOY.resolve(copy.getValue())),
          content(yaml, copy.getKey()),
          copy.getKey() + " in cloud-init.yaml is not deploy/" + copy.getValue());
    }
  }

  /** A write_files entry's literal block ({@code content: |}), its indentation removed. */
  private static String content(List<String> yaml, String path) {
    int entry = yaml.indexOf("  - path: " + path);
    assertTrue(entry >= 0, "cloud-init.yaml writes no " + path);
    int start = entry + 1;
    while (!yaml.get(start).equals("    content: |")) {
      start++;
    }
    List<String> lines = new ArrayList<>();
    for (int i = start + 1; i < yaml.size(); i++) {
      String line = yaml.get(i);
      if (!line.isEmpty() && !line.startsWith("        ")) {
        break;
      }
      lines.add(line.isEmpty() ? "" : line.substring(8));
    }
    while (lines.get(lines.size() - 1).isEmpty()) {
      lines.remove(lines.size() - 1); // the blank lines between entries are YAML's, not the file's
    }
    return String.join("\n", lines) + "\n";
  }
}
