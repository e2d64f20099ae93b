package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.cli.options.ExitCodes;
import io.txbench.http.FaultServer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --benchmark-target http} from the command line against a server in the test's JVM: the
 * engine's results as for a database (summary.json, intervals, the hlog), its counts the server's,
 * ab's percentage table, and options wrong in one line.
 */
class HttpCliIT {
  @TempDir Path dir;

  @Test
  void aGetRunWritesTheResultsOfADatabaseRunWithTheServersCountsAndAbsTable() throws Exception {
    try (FaultServer server =
        FaultServer.start(n -> new FaultServer.Answer(n % 4 == 0 ? 503 : 200, 0))) {
      Path out = dir.resolve("get");
      CliRun run =
          CliRun.of(
              "--benchmark-target",
              "http",
              "--target-url",
              server.url("/item/{key}"),
              "--workload",
              "get",
              "--table-size",
              "1000",
              "--parallelism",
              "8",
              "--max-connections",
              "4",
              "--iterations",
              "2000",
              "--output-dir",
              out.toString());
      assertEquals(0, run.exitCode(), run.err());
      JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
      assertEquals("http", summary.get("target").asText());
      assertEquals("fault-server/1", summary.get("serverVersion").asText());
      long committed = summary.get("iterations").asLong();
      assertEquals(server.answered("200"), committed, run.out());
      assertEquals(server.answered("503"), summary.get("errorsByClass").get("5xx").asLong());
      assertEquals(server.received(), committed + summary.get("errors").asLong());
      assertTrue(
          run.out().contains("Percentage of the requests served within a certain time (ms)"));
      assertTrue(run.out().contains("   100%"), run.out());
      assertTrue(run.out().contains("(longest request)"), run.out());
      assertTrue(run.out().contains("up to 4 connections"), run.out());
      assertFalse(run.out().contains("--drop"), "a server's data is not txbench's: " + run.out());
      for (String file : new String[] {"intervals.csv", "histogram.hlog", "response-time.csv"}) {
        assertTrue(Files.size(out.resolve(file)) > 0, file);
      }
    }
  }

  @Test
  void anOpenLoopRunsAtItsRateAndRecordsTheServersAnswers() throws Exception {
    try (FaultServer server = FaultServer.start(n -> FaultServer.ok())) {
      Path out = dir.resolve("rate");
      CliRun run =
          CliRun.of(
              "--benchmark-target",
              "http",
              "--target-url",
              server.url("/"),
              "--rate",
              "200",
              "--duration",
              "2s",
              "--warmup",
              "0s",
              "--parallelism",
              "4",
              "--output-dir",
              out.toString());
      assertEquals(0, run.exitCode(), run.err());
      JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
      // The iterations counted include those that ended in the grace after the window.
      assertEquals(server.answered("200"), summary.get("iterations").asLong(), run.out());
      assertTrue(summary.get("scheduleLagMs").isObject(), summary.toString());
      assertTrue(run.out().contains("start lag (ms)"), run.out());
    }
  }

  /**
   * A {@code \gset} on an answer that is no JSON object (the server's "answer"): each iteration
   * that meets it fails, an error of class other, never retried, and the log says it once, in one
   * line naming the script's file and the request's line and what the answer was (it said "the
   * command returned 0" rows); the run ends as any run with errors does.
   */
  @Test
  void aGsetOnAnAnswerThatIsNoJsonObjectIsAnErrorNamingItsLine() throws Exception {
    try (FaultServer server = FaultServer.start(n -> new FaultServer.Answer(200, 0))) {
      Path script = Files.writeString(dir.resolve("gset.http"), "GET /item/1\n\\gset item_\n");
      Path out = dir.resolve("gset");
      CapturedLog captured =
          CapturedLog.of(
              () ->
                  CliRun.of(
                      "--benchmark-target",
                      "http",
                      "--target-url",
                      server.url("/"),
                      "--workload",
                      "script",
                      "--script",
                      script.toString(),
                      "--iterations",
                      "50",
                      "--output-dir",
                      out.toString()));
      CliRun run = captured.run();
      assertEquals(0, run.exitCode(), run.out() + run.err());
      JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
      assertEquals(50, summary.get("errors").asLong(), summary.toString());
      assertEquals(50, summary.get("errorsByClass").get("other").asLong(), summary.toString());
      assertEquals(0, summary.get("retries").asLong(), summary.toString());
      assertEquals(50, server.received(), summary.toString());
      List<String> said =
          captured.messages(ch.qos.logback.classic.Level.WARN).stream()
              .filter(m -> m.contains("gset"))
              .toList();
      assertEquals(
          List.of(
              "first other error: "
                  + script
                  + ":1: \\gset expects one row: the answer to GET "
                  + server.url("/item/1")
                  + " is no JSON object: answer"),
          said);
      assertFalse(run.out().contains("Exception"), run.out());
    }
  }

  @Test
  void wrongHttpOptionsAreOneLineAndExitCode2() {
    CliRun badStatus =
        CliRun.of(
            "--benchmark-target",
            "http",
            "--target-url",
            "http://127.0.0.1:1/",
            "--http-ok",
            "6xx");
    assertEquals(ExitCodes.USAGE, badStatus.exitCode(), badStatus.err());
    assertTrue(badStatus.err().contains("'6xx' is no HTTP status"), badStatus.err());
    assertEquals(1, badStatus.err().strip().lines().count(), badStatus.err());

    CliRun noFile =
        CliRun.of(
            "--benchmark-target",
            "http",
            "--target-url",
            "http://127.0.0.1:1/",
            "--workload",
            "request");
    assertEquals(ExitCodes.USAGE, noFile.exitCode(), noFile.err());
    assertTrue(noFile.err().contains("--http-request FILE"), noFile.err());

    CliRun missing =
        CliRun.of(
            "--benchmark-target",
            "http",
            "--target-url",
            "http://127.0.0.1:1/",
            "--workload",
            "request",
            "--http-request",
            dir.resolve("none.http").toString());
    assertEquals(ExitCodes.USAGE, missing.exitCode(), missing.err());
    assertTrue(missing.err().contains("cannot read the request file"), missing.err());

    CliRun noUrl = CliRun.of("--benchmark-target", "http", "--target-url", "ftp://h/");
    assertEquals(ExitCodes.USAGE, noUrl.exitCode(), noUrl.err());
  }

  /**
   * A mistake in an http script is one line naming its file and line, exit code 2, and nothing
   * connects: the server, listening, was never called.
   */
  @Test
  void anHttpScriptsMistakeIsItsFileAndLineBeforeAnythingConnects() throws Exception {
    Path header = dir.resolve("header.http");
    Files.writeString(header, "GET /a\n###\nPOST /b\nContent-Length: 3\n\nabc\n");
    Path other = dir.resolve("other.http");
    Files.writeString(other, "GET /a\n###\nGET http://127.0.0.2:9/b\n");
    try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      String url = "http://127.0.0.1:" + server.getLocalPort() + "/";
      List<String> said = new ArrayList<>();
      for (Path script : List.of(header, other)) {
        CliRun run =
            CliRun.of(
                "--benchmark-target",
                "http",
                "--target-url",
                url,
                "--workload",
                "script",
                "--script",
                script.toString());
        assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        said.add(run.err().strip());
      }
      assertTrue(
          said.get(0).contains(header + ":4: sets Content-Length, which txbench sets itself"),
          said.get(0));
      assertTrue(
          said.get(1).contains(other + ":3: a request to another server than the script's first"),
          said.get(1));
      server.setSoTimeout(200);
      assertThrows(SocketTimeoutException.class, server::accept);
    }
  }
}
