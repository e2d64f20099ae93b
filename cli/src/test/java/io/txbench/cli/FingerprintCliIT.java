package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's fingerprint, the client's machine and the server's settings, from end to end. */
class FingerprintCliIT {
  @TempDir Path dir;

  @Test
  void summaryJsonAndTheConsoleTellTheMachineAndThePostgresSettings() throws Exception {
    Path out = dir.resolve("run");
    CliRun run =
        CliRun.of(
            "--embedded",
            "--workload",
            "point-select",
            "--table-size",
            "1000",
            "--warmup",
            "0s",
            "--duration",
            "1s",
            "--output-dir",
            out.toString());
    assertEquals(0, run.exitCode(), run.err());

    JsonNode fingerprint =
        new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("fingerprint");
    JsonNode client = fingerprint.get("client");
    assertEquals(Runtime.getRuntime().availableProcessors(), client.get("cores").asInt());
    assertTrue(client.get("os").asText().contains(System.getProperty("os.version")), client + "");
    assertTrue(
        client.get("jvm").asText().startsWith("Java " + System.getProperty("java.runtime.version")),
        client + "");
    assertTrue(fingerprint.has("server"), fingerprint + "");
    JsonNode server = fingerprint.get("server");
    List<String> names = new ArrayList<>();
    server.fieldNames().forEachRemaining(names::add);
    assertEquals(
        List.of(
            "server_version",
            "shared_buffers",
            "synchronous_commit",
            "fsync",
            "max_connections",
            "wal_level"),
        names);
    assertTrue(server.get("shared_buffers").asText().matches("\\d+(kB|MB|GB)"), server + "");

    assertTrue(
        run.out()
            .contains(
                "\n  settings      server_version="
                    + server.get("server_version").asText()
                    + ", shared_buffers="
                    + server.get("shared_buffers").asText()
                    + ", "),
        run.out());
    assertTrue(
        run.out()
            .matches(
                "(?s).*\n  client host   [^\n]*"
                    + client.get("cores").asInt()
                    + " cores?, [^\n]*Java [^\n]*\n.*"),
        run.out());
  }
}
