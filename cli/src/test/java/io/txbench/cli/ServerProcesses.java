package io.txbench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Signals to a PostgreSQL server this test started, found by its data directory: the postmaster
 * (from {@code postmaster.pid}) and every process it forked, so that STOP freezes the whole server
 * and KILL leaves nothing running.
 */
final class ServerProcesses {
  private ServerProcesses() {}

  static void signal(Path dataDirectory, String signal) throws IOException, InterruptedException {
    String postmaster = Files.readAllLines(dataDirectory.resolve("postmaster.pid")).get(0).strip();
    List<String> command = new ArrayList<>(List.of("kill", "-" + signal, postmaster));
    Process children = new ProcessBuilder("pgrep", "-P", postmaster).start();
    for (String pid :
        new String(children.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
            .split("\\s+", -1)) {
      if (!pid.isBlank()) {
        command.add(pid);
      }
    }
    children.waitFor();
    new ProcessBuilder(command).inheritIO().start().waitFor();
  }
}
