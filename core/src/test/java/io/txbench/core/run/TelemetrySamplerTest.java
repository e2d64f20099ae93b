package io.txbench.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.server.CommitCounter;
import io.txbench.core.spi.server.ServerEndpoint;
import io.txbench.core.spi.server.ServerTelemetry;
import io.txbench.core.spi.server.TelemetryColumn;
import io.txbench.core.telemetry.MachineProbe;
import io.txbench.core.telemetry.TelemetryRow;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** The sampler's rows when the server answers, fails, or does not answer at all. */
class TelemetrySamplerTest {

  /** A server whose reads give {@code answers} in turn, null for a read that fails. */
  private static ServerTelemetry<Exception> server(
      Iterator<@Nullable Map<String, Long>> answers, @Nullable CountDownLatch frozen) {
    return new ServerTelemetry<Exception>() {
      @Override
      public List<TelemetryColumn> columns() {
        return List.of(TelemetryColumn.counter("commits"), TelemetryColumn.gauge("queue"));
      }

      @Override
      public Map<String, Long> read() throws Exception {
        if (frozen != null) {
          frozen.await(); // a server that never answers
        }
        Map<String, Long> next = answers.hasNext() ? answers.next() : Map.of("commits", 0L);
        if (next == null) {
          throw new java.sql.SQLException("the server refused");
        }
        return next;
      }

      @Override
      public Optional<ServerEndpoint> endpoint() {
        return Optional.empty();
      }

      @Override
      public Optional<String> warning() {
        return Optional.empty();
      }

      @Override
      public Optional<CommitCounter<Exception>> commits() {
        return Optional.empty();
      }

      @Override
      public void close() {}
    };
  }

  private static List<TelemetryRow> sample(
      ServerTelemetry<?> server, @Nullable MachineProbe machine, int rows)
      throws InterruptedException {
    List<TelemetryRow> got = java.util.Collections.synchronizedList(new ArrayList<>());
    CountDownLatch enough = new CountDownLatch(rows);
    TelemetrySampler sampler =
        new TelemetrySampler(
            server,
            machine,
            null,
            Duration.ofMillis(300),
            row -> {
              got.add(row);
              enough.countDown();
            },
            () -> false);
    sampler.start(System.nanoTime());
    assertTrue(enough.await(30, TimeUnit.SECONDS), "rows came: " + got);
    sampler.stop();
    return got;
  }

  @Test
  void aFailedReadLeavesItsRowAndTheNextCountersGrowthEmpty() throws InterruptedException {
    List<@Nullable Map<String, Long>> answers = new ArrayList<>();
    answers.add(Map.of("commits", 0L, "queue", 1L));
    answers.add(Map.of("commits", 100L, "queue", 2L));
    answers.add(null);
    answers.add(Map.of("commits", 300L, "queue", 4L));
    answers.add(Map.of("commits", 400L, "queue", 5L));
    List<TelemetryRow> rows = sample(server(answers.iterator(), null), null, 4);
    assertEquals(List.of("db_commits", "db_queue"), rows.get(0).columns());
    assertEquals(100L, rows.get(0).value("db_commits"));
    assertEquals(2L, rows.get(0).value("db_queue"));
    assertNull(rows.get(1).value("db_commits"));
    assertNull(rows.get(1).value("db_queue"));
    assertNull(rows.get(2).value("db_commits")); // its growth since the failed read is unknown
    assertEquals(4L, rows.get(2).value("db_queue"));
    assertEquals(100L, rows.get(3).value("db_commits"));
    for (int i = 0; i < 4; i++) {
      assertEquals(0.3 * (i + 1), rows.get(i).t(), 0.25, rows.get(i).toString());
    }
  }

  @Test
  void aFrozenServerLeavesItsCellsEmptyAndTheMachineIsStillSampled() throws Exception {
    CountDownLatch frozen = new CountDownLatch(1);
    Path root = java.nio.file.Files.createTempDirectory("proc");
    java.nio.file.Files.createDirectories(root.resolve("proc"));
    java.nio.file.Files.writeString(
        root.resolve("proc/meminfo"), "MemTotal: 2048 kB\nMemAvailable: 1024 kB\n");
    try {
      List<TelemetryRow> rows =
          sample(
              server(List.<Map<String, Long>>of().iterator(), frozen), new MachineProbe(root), 3);
      for (TelemetryRow row : rows) {
        assertNull(row.value("db_commits"), row.toString());
        assertNull(row.value("db_queue"), row.toString());
        assertNotNull(row.value("mem_available_mb"), row.toString());
      }
    } finally {
      frozen.countDown();
    }
  }

  @Test
  void onceTheRunIsStoppedItsLastRowReadsNothingFromTheServer() throws Exception {
    java.util.concurrent.atomic.AtomicInteger reads =
        new java.util.concurrent.atomic.AtomicInteger();
    Iterator<Map<String, Long>> counted =
        new Iterator<>() {
          @Override
          public boolean hasNext() {
            return true;
          }

          @Override
          public Map<String, Long> next() {
            return Map.of("commits", (long) reads.incrementAndGet(), "queue", 1L);
          }
        };
    java.util.concurrent.atomic.AtomicBoolean stopping =
        new java.util.concurrent.atomic.AtomicBoolean();
    List<TelemetryRow> rows = java.util.Collections.synchronizedList(new ArrayList<>());
    TelemetrySampler sampler =
        new TelemetrySampler(
            server(counted, null), null, null, Duration.ofMinutes(1), rows::add, stopping::get);
    sampler.start(System.nanoTime());
    for (long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        reads.get() == 0 && System.nanoTime() < giveUp; ) {
      Thread.sleep(10);
    }
    stopping.set(true);
    sampler.stop();
    assertEquals(1, reads.get(), "the server was read after the stop");
    assertEquals(1, rows.size(), rows::toString);
    assertNull(rows.get(0).value("db_commits"), rows::toString);
    assertNull(rows.get(0).value("db_queue"), rows::toString);
  }
}
