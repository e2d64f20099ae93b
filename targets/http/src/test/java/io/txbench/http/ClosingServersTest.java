package io.txbench.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.txbench.core.keys.KeyDistribution;
import io.txbench.core.metrics.Outcomes;
import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.ItemKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The http target against Python's {@code http.server}, a server nobody here wrote: as HTTP/1.0 it
 * closes every connection after its answer, and a connection the server closed, or said it closes,
 * is no error of the next request, which goes on a new one (as ab and wrk count it); kept alive
 * (HTTP/1.1), the same. Each request the run counted is one the server logged, none failed.
 */
@Timeout(300)
class ClosingServersTest {

  @ParameterizedTest(name = "{0}, {1} workers on {2} connections")
  @CsvSource({
    "HTTP/1.0, 4, 4", // a connection of each worker's own, closed after each answer
    "HTTP/1.0, 8, 2", // the target's pool of connections
    "HTTP/1.1, 4, 4",
    "HTTP/1.1, 8, 2"
  })
  void everyRequestIsAnsweredOnceAndNoneFails(
      String protocol, int workers, int connections, @TempDir Path dir) throws Exception {
    try (PythonHttpServer server = PythonHttpServer.start(dir, protocol)) {
      WorkloadRun.Outcome o =
          HttpTargetTest.run(
              HttpTargetTest.target(server.url(), connections, OptionValues.defaults()),
              HttpTargetTest.get(10, KeyDistribution.UNIFORM),
              workers,
              300,
              0);
      Outcomes outcomes = o.result().outcomes();
      assertEquals(0, outcomes.errors(), o.describe());
      assertEquals(300, outcomes.iterations(), o.describe());
      assertEquals(300, server.answered(300), o.describe());
    }
  }

  /**
   * A HEAD's answer names the length of a body it does not carry (RFC 9110, 9.3.2): each answer
   * ends at its headers, and the connection, kept alive, takes the worker's next request. Read as
   * having that body, the answer would wait for bytes that never come, a timeout.
   */
  @Test
  void aHeadsAnswerEndsAtItsHeadersOnAConnectionKeptAlive(@TempDir Path dir) throws Exception {
    try (PythonHttpServer server = PythonHttpServer.start(dir, "HTTP/1.1")) {
      Path file = Files.writeString(dir.resolve("head.http"), "HEAD " + server.url() + "\n");
      WorkloadOptions head =
          new WorkloadOptions(
              HttpKind.request(),
              7,
              OptionValues.of(ItemKind.TABLE_SIZE, 10L)
                  .with(HttpKind.REQUEST, HttpKind.REQUEST.parse(file.toString())));
      OptionValues quick = OptionValues.of(HttpOptions.TIMEOUT, Duration.ofSeconds(2));
      WorkloadRun.Outcome o =
          HttpTargetTest.run(HttpTargetTest.target(server.url(), 2, quick), head, 2, 40, 0);
      assertEquals(0, o.result().outcomes().errors(), o.describe());
      assertEquals(40, o.result().outcomes().iterations(), o.describe());
      // The run's 40 and the probe's.
      assertEquals(
          41,
          server.requests(41).stream().filter("HEAD /index.html HTTP/1.1 200"::equals).count(),
          o.describe());
    }
  }
}
