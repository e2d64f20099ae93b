package io.txbench.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.engine.Backoff;
import io.txbench.core.engine.ClosedLoop;
import io.txbench.core.engine.ForIterations;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.keys.KeyDistribution;
import io.txbench.core.metrics.Outcomes;
import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.OptionMismatchException;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.TargetUnavailableException;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.spi.values.Secret;
import io.txbench.core.workloads.ItemKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The http target against a server in the test's JVM that answers as each test says: txbench's
 * counts are the server's, an error is counted by its class, a request that may have changed the
 * server and lost its answer is in doubt, and nothing is sent again unless asked.
 */
@Timeout(300)
class HttpTargetTest {
  private static final HttpBinding HTTP = new HttpBinding();

  static TargetOptions target(String url, int connections, OptionValues declared) {
    return target(url, connections, declared, null, Secret.none());
  }

  private static TargetOptions target(
      String url, int connections, OptionValues declared, @Nullable String user, Secret password) {
    return new TargetOptions(
        null,
        80,
        null,
        user,
        password,
        url,
        0,
        connections,
        Duration.ofSeconds(30),
        Duration.ofMinutes(10),
        declared);
  }

  static WorkloadOptions get(long keys, KeyDistribution distribution) {
    return new WorkloadOptions(
        HttpKind.get(),
        7,
        OptionValues.of(ItemKind.TABLE_SIZE, keys).with(KeyDistribution.OPTION, distribution));
  }

  /** The request workload of {@code file}, its keys 1 to {@code keys}. */
  private static WorkloadOptions request(Path file, long keys) {
    return new WorkloadOptions(
        HttpKind.request(),
        7,
        OptionValues.of(ItemKind.TABLE_SIZE, keys)
            .with(HttpKind.REQUEST, HttpKind.REQUEST.parse(file.toString())));
  }

  static WorkloadRun.Outcome run(
      TargetOptions target, WorkloadOptions workload, int workers, long iterations, int retries)
      throws Exception {
    RunOptions run =
        new RunOptions(
            workers,
            new ForIterations(iterations),
            Duration.ofSeconds(1),
            retries,
            0,
            7,
            new Backoff(Duration.ZERO, Duration.ZERO),
            new ClosedLoop());
    return WorkloadRun.run(HTTP, target, workload, run, true, () -> {});
  }

  @Test
  void everyGetTheServerAnsweredIsCountedOnceWithItsKeyInTheUrl() throws Exception {
    try (FaultServer server = FaultServer.start(n -> FaultServer.ok())) {
      WorkloadRun.Outcome o =
          run(
              target(server.url("/item/{key}"), 4, OptionValues.defaults()),
              get(50, KeyDistribution.HOTSPOT),
              16,
              3_000,
              0);
      Outcomes outcomes = o.result().outcomes();
      assertEquals(3_000, outcomes.iterations(), o.describe());
      assertEquals(0, outcomes.errors(), o.describe());
      assertEquals(3_000, server.received());
      assertEquals(3_000, server.answered("200"));
      // Keys 1 to 50, skewed: the first the most requested.
      assertTrue(server.byPath().keySet().stream().allMatch(p -> p.matches("GET /item/\\d+")));
      assertTrue(
          server.byPath().keySet().stream()
              .mapToLong(p -> Long.parseLong(p.substring("GET /item/".length())))
              .allMatch(k -> k >= 1 && k <= 50));
      assertTrue(server.byPath().size() > 10, server.byPath().keySet().toString());
      // YCSB's hotspot: the first 10 keys take 80% of the requests.
      long hot =
          server.byPath().entrySet().stream()
              .filter(e -> Long.parseLong(e.getKey().substring("GET /item/".length())) <= 10)
              .mapToLong(e -> e.getValue().get())
              .sum();
      assertTrue(hot > 2_100 && hot < 2_700, "the hot keys took " + hot);
      assertEquals(3_000, o.result().breakdown().queries().reads());
      assertTrue(o.verification().passed(), o.describe());
    }
  }

  @Test
  void aServerThatFailsHalfTheTimeHasItsFailuresCountedAsItsErrorsNeverSentAgain()
      throws Exception {
    try (FaultServer server =
        FaultServer.start(n -> new FaultServer.Answer(n % 2 == 0 ? 500 : 200, 0))) {
      WorkloadRun.Outcome o =
          run(
              target(server.url("/"), 8, OptionValues.defaults()),
              get(10, KeyDistribution.UNIFORM),
              8,
              2_000,
              10);
      Outcomes outcomes = o.result().outcomes();
      assertEquals(2_000, server.received(), "each iteration sent once: " + o.describe());
      assertEquals(server.answered("200"), outcomes.iterations(), o.describe());
      assertEquals(server.answered("500"), outcomes.errorsByClass().get(ErrorClass.HTTP_5XX));
      assertEquals(1_000, server.answered("500"));
      assertEquals(0, outcomes.retries());
    }
  }

  @Test
  void theStatusesGivenToHttpRetryAreSentAgainAndThoseGivenToHttpOkSucceed() throws Exception {
    // Every third request is refused with 503, which is retried; 404 is accepted as an answer.
    try (FaultServer server =
        FaultServer.start(n -> new FaultServer.Answer(n % 3 == 0 ? 503 : 404, 0))) {
      OptionValues declared =
          OptionValues.of(HttpOptions.RETRY, StatusCodes.parse("503"))
              .with(HttpOptions.OK, StatusCodes.parse("2xx,404"));
      WorkloadRun.Outcome o =
          run(target(server.url("/"), 2, declared), get(10, KeyDistribution.UNIFORM), 4, 600, 100);
      Outcomes outcomes = o.result().outcomes();
      assertEquals(600, outcomes.iterations(), o.describe());
      assertEquals(0, outcomes.errors(), o.describe());
      assertEquals(server.answered("503"), outcomes.retries(), o.describe());
      assertEquals(server.answered("503"), outcomes.retriesByClass().get(ErrorClass.HTTP_5XX));
      assertEquals(600, server.answered("404"));
    }
  }

  @Test
  void aWriteWhoseConnectionClosedBeforeItsAnswerIsInDoubtAndAReadsIsAnError(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("post.http");
    Files.writeString(file, "POST /items/{key}\nContent-Type: text/plain\n\nitem {key}\n");
    try (FaultServer server =
        FaultServer.start(n -> n % 5 == 0 ? new FaultServer.Close() : FaultServer.ok())) {
      WorkloadOptions post = request(file, 100);
      WorkloadRun.Outcome o =
          run(target(server.url("/"), 4, OptionValues.defaults()), post, 4, 1_000, 10);
      Outcomes outcomes = o.result().outcomes();
      assertEquals(1_000, server.received(), o.describe());
      assertEquals(server.answered("200"), outcomes.iterations(), o.describe());
      assertEquals(server.answered("closed"), outcomes.inDoubt(), o.describe());
      assertEquals(200, outcomes.inDoubt());
      assertEquals(0, outcomes.retries());
      assertEquals(1_000, o.result().breakdown().queries().writes());
      assertTrue(server.lastBody().matches("item \\d+"), server.lastBody());
      assertEquals("text/plain", server.lastHeader("content-type"));

      WorkloadRun.Outcome reads =
          run(
              target(server.url("/"), 4, OptionValues.defaults()),
              get(10, KeyDistribution.UNIFORM),
              4,
              1_000,
              10);
      assertEquals(0, reads.result().outcomes().inDoubt(), reads.describe());
      assertEquals(200, reads.result().outcomes().errorsByClass().get(ErrorClass.CONNECTION));
      assertEquals(800, reads.result().outcomes().iterations());
    }
  }

  @Test
  void aRequestFilesAbsoluteUrlIsSentToItsOwnServerOnTheWorkersConnections(@TempDir Path dir)
      throws Exception {
    try (FaultServer target = FaultServer.start(n -> FaultServer.ok());
        FaultServer other = FaultServer.start(n -> FaultServer.ok())) {
      Path file = dir.resolve("other.http");
      Files.writeString(file, "GET " + other.url("/elsewhere/{key}") + "\n");
      WorkloadOptions elsewhere = request(file, 10);
      WorkloadRun.Outcome o =
          run(target(target.url("/"), 4, OptionValues.defaults()), elsewhere, 4, 200, 0);
      assertEquals(200, o.result().outcomes().iterations(), o.describe());
      assertEquals(200, other.received());
      assertEquals(0, target.received(), "only the probe's HEAD reaches the target's URL");
    }
  }

  @Test
  void aRequestNeverAnsweredFailsAsATimeoutAndTheOthersGoOn() throws Exception {
    try (FaultServer server =
        FaultServer.start(n -> n % 10 == 0 ? new FaultServer.Silence() : FaultServer.ok())) {
      OptionValues declared = OptionValues.of(HttpOptions.TIMEOUT, Duration.ofSeconds(1));
      WorkloadRun.Outcome o =
          run(target(server.url("/"), 8, declared), get(10, KeyDistribution.UNIFORM), 8, 400, 0);
      Outcomes outcomes = o.result().outcomes();
      long timeouts = outcomes.errorsByClass().getOrDefault(ErrorClass.TIMEOUT, 0L);
      assertEquals(40, server.answered("silent"));
      assertEquals(400, server.received());
      // Every request never answered timed out, and the others went on; on a machine so busy that
      // an answer took a second, it timed out too, having been counted by the server.
      assertEquals(400, outcomes.iterations() + timeouts, o.describe());
      assertTrue(timeouts >= 40, o.describe());
      assertEquals(0, outcomes.errors() - timeouts, o.describe());
      assertTrue(outcomes.iterations() <= server.answered("200"), o.describe());
    }
  }

  @Test
  void aLateAnswerWithinTheTimeoutSucceeds() throws Exception {
    try (FaultServer server = FaultServer.start(n -> new FaultServer.Answer(200, 200))) {
      OptionValues declared = OptionValues.of(HttpOptions.TIMEOUT, Duration.ofSeconds(20));
      WorkloadRun.Outcome o =
          run(target(server.url("/"), 4, declared), get(10, KeyDistribution.UNIFORM), 4, 20, 0);
      assertEquals(20, o.result().outcomes().iterations(), o.describe());
      assertTrue(o.result().latencies().responseTimes().getMinValue() >= 200_000_000L);
    }
  }

  @Test
  void moreRequestsInFlightThanConnectionsWaitForOne() throws Exception {
    // Two connections for the run, one more for the probe before it.
    try (FaultServer server = FaultServer.start(n -> new FaultServer.Answer(200, 5))) {
      WorkloadRun.Outcome o =
          run(
              target(server.url("/"), 2, OptionValues.defaults()),
              get(10, KeyDistribution.UNIFORM),
              32,
              500,
              0);
      assertEquals(500, o.result().outcomes().iterations(), o.describe());
      assertEquals(500, server.answered("200"));
      assertTrue(server.connections() <= 3, "connections opened: " + server.connections());
    }
  }

  @Test
  void theUserAndPasswordGoAsBasicAuthenticationAndTheResultsNeverShowThem() throws Exception {
    try (FaultServer server = FaultServer.start(n -> FaultServer.ok())) {
      TargetOptions options =
          target(server.url("/"), 1, OptionValues.defaults(), "ann", Secret.of("s3cr3t-pw"));
      WorkloadRun.Outcome o = run(options, get(10, KeyDistribution.UNIFORM), 1, 3, 0);
      assertEquals(3, o.result().outcomes().iterations());
      assertEquals("Basic YW5uOnMzY3IzdC1wdw==", server.lastHeader("authorization"));
      try (HttpTarget http = HttpTarget.open(options)) {
        assertFalse((http.driver() + http.serverSettings()).contains("s3cr3t"));
        assertEquals("fault-server/1", http.serverVersion());
      }
    }
  }

  @Test
  void aServerThatIsNotThereIsSaidInOneLineBeforeTheRun() throws Exception {
    int port;
    try (FaultServer gone = FaultServer.start(n -> FaultServer.ok())) {
      port = gone.port();
    }
    TargetUnavailableException e =
        assertThrows(
            TargetUnavailableException.class,
            () ->
                HTTP.open(
                    target("http://127.0.0.1:" + port + "/", 1, OptionValues.defaults()),
                    get(1, KeyDistribution.UNIFORM)));
    assertEquals(
        "cannot reach http://127.0.0.1:" + port + "/: connection refused (HEAD)", e.getMessage());
  }

  @Test
  void aRequestWorkloadWithoutItsFileIsRefusedAsAnOptionBeforeAnythingConnects() {
    WorkloadOptions request = new WorkloadOptions(HttpKind.request(), 7, OptionValues.defaults());
    TargetUnavailableException e =
        assertThrows(
            TargetUnavailableException.class,
            () -> HTTP.open(target("http://127.0.0.1:1/", 1, OptionValues.defaults()), request));
    assertInstanceOf(OptionMismatchException.class, e.getCause());
    assertTrue(String.valueOf(e.getMessage()).contains("--http-request FILE"), e.getMessage());
  }

  @Test
  void eventLoopsAreOneForEveryFourConnectionsUpToTwoACore() {
    assertEquals(1, HttpTarget.loopsFor(1, 2));
    assertEquals(2, HttpTarget.loopsFor(8, 2));
    assertEquals(3, HttpTarget.loopsFor(9, 2));
    assertEquals(4, HttpTarget.loopsFor(64, 2));
    assertEquals(4, HttpTarget.loopsFor(256, 2));
    assertEquals(16, HttpTarget.loopsFor(256, 8));
  }
}
