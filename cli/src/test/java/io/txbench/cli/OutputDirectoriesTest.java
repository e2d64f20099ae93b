package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.api.run.OutputDirectories;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Default result directories: runs started in the same second never share one. */
class OutputDirectoriesTest {
  @TempDir Path results;

  @Test
  void runsClaimingTheSameNameAtOnceEachGetADirectoryOfTheirOwn() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    CountDownLatch go = new CountDownLatch(1);
    Set<Path> claimed = ConcurrentHashMap.newKeySet();
    List<Future<?>> runs = new java.util.ArrayList<>();
    for (int i = 0; i < 8; i++) {
      runs.add(
          pool.submit(
              () -> {
                go.await();
                claimed.add(OutputDirectories.claim(results, "20261122T100000Z-postgres-insert"));
                return null;
              }));
    }
    go.countDown();
    for (Future<?> run : runs) {
      run.get();
    }
    pool.shutdown();
    assertEquals(8, claimed.size());
    claimed.forEach(p -> assertTrue(Files.isDirectory(p), p.toString()));
    assertTrue(claimed.contains(results.resolve("20261122T100000Z-postgres-insert")));
    assertTrue(claimed.contains(results.resolve("20261122T100000Z-postgres-insert-8")));
  }
}
