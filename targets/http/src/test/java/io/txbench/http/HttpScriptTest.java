package io.txbench.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.metrics.OperationStats;
import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.ScriptKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * http scripts against Python's own {@code python3 -m http.server} on HTTP/1.0, which closes every
 * connection: each request its log names is one txbench sent and counted, its variables filled in
 * (a drawn number in the path, a define percent-encoded, {@code :client_id} in the query), each
 * script run as often as its weight says.
 */
@Timeout(300)
class HttpScriptTest {
  private static final long ITERATIONS = 400;

  /** The script kind on {@code scripts} (FILE@WEIGHT, commas between), with {@code defines}. */
  static WorkloadOptions scripts(String scripts, String defines) {
    return new WorkloadOptions(
        new ScriptKind(new HttpSyntax()),
        7,
        OptionValues.of(ScriptKind.SCRIPTS, ScriptKind.SCRIPTS.parse(scripts))
            .with(ScriptKind.DEFINES, ScriptKind.DEFINES.parse(defines)));
  }

  @Test
  void aScriptOfTwoRequestsAndAnotherByWeightAreWhatThePythonServerLogged(@TempDir Path dir)
      throws Exception {
    for (String folder : List.of("a", "b", "c")) {
      Files.createDirectories(dir.resolve(folder));
    }
    for (int id = 1; id <= 5; id++) {
      Files.writeString(dir.resolve("a/" + id), "a");
      Files.writeString(dir.resolve("b/" + id), "b");
    }
    Files.writeString(dir.resolve("c/x y&z"), "c");
    Path two = dir.resolve("two.http");
    Files.writeString(
        two,
        """
        # two requests, the same :id
        \\set id random(1, 5)
        GET /a/:id
        Accept: text/plain
        ###
        \\sleep 1 ms
        GET /b/:id?client=:client_id HTTP/1.1
        """);
    Path one = dir.resolve("one.http");
    Files.writeString(one, "GET /c/:word\n");
    try (PythonHttpServer server = PythonHttpServer.start(dir, "HTTP/1.0")) {
      WorkloadRun.Outcome o =
          HttpTargetTest.run(
              HttpTargetTest.target(server.url(), 4, OptionValues.defaults()),
              scripts(two + "@3," + one + "@1", "word=x y&z"),
              4,
              ITERATIONS,
              0);
      assertEquals(ITERATIONS, o.result().outcomes().iterations(), o.describe());
      assertEquals(0, o.result().outcomes().errors(), o.describe());
      Map<String, OperationStats> operations = o.result().breakdown().operations();
      long twos = Objects.requireNonNull(operations.get(two.toString()), o.describe()).count();
      long ones = Objects.requireNonNull(operations.get(one.toString()), o.describe()).count();
      assertEquals(ITERATIONS, twos + ones);
      // Weight 3 to 1: 300 expected, a standard deviation of 8.7.
      assertTrue(twos > 250 && twos < 350, twos + " of " + ITERATIONS);
      assertEquals(2 * twos + ones, o.result().breakdown().queries().reads());

      // The probe's HEAD, then each request sent.
      List<String> logged = server.requests(1 + 2 * twos + ones);
      Map<String, Long> byKind =
          logged.stream()
              .map(l -> l.replaceAll("[0-9]+", "N"))
              .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
      assertEquals(
          Map.of(
              "HEAD /index.html HTTP/N.N N", 1L,
              "GET /a/N HTTP/N.N N", twos,
              "GET /b/N?client=N HTTP/N.N N", twos,
              "GET /c/x%Ny%Nz HTTP/N.N N", ones),
          byKind);
      assertTrue(
          logged.stream()
              .filter(l -> l.startsWith("GET"))
              .allMatch(
                  l -> l.matches("GET /(a/[1-5]|b/[1-5]\\?client=[0-3]|c/x%20y%26z) \\S+ 200")));
    }
  }
}
