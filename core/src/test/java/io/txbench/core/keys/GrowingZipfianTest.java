package io.txbench.core.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class GrowingZipfianTest {

  @Test
  void zetaGrownStepByStepIsZetaSummedAtOnce() {
    GrowingZipfian zipfian = new GrowingZipfian(1_000);
    assertEquals(ZipfianTest.summed(1_000), zipfian.zeta(1_000), 1e-12);
    for (long n = 1_001; n <= 50_000; n += 997) {
      assertEquals(ZipfianTest.summed(n), zipfian.zeta(n), 1e-9);
    }
  }

  @Test
  void aCountBelowTheKeptOneGivesItsOwnZeta() {
    GrowingZipfian zipfian = new GrowingZipfian(100_000);
    long near = 100_000 - GrowingZipfian.NEAR / 2;
    assertEquals(ZipfianTest.summed(near), zipfian.zeta(near), 1e-9);
    assertEquals(ZipfianTest.summed(30_000), zipfian.zeta(30_000), 1e-9);
    assertEquals(ZipfianTest.summed(10), zipfian.zeta(10), 1e-9);
    assertEquals(ZipfianTest.summed(100_000), zipfian.zeta(100_000), 1e-9);
  }

  @Test
  void aCountFarFromTheKeptOneIsWorkedOutAnew() {
    GrowingZipfian zipfian = new GrowingZipfian(10);
    long far = 10 + GrowingZipfian.FAR * 3;
    assertEquals(ZipfianTest.summed(far), zipfian.zeta(far), 1e-9);
    assertEquals(ZipfianTest.summed(20), zipfian.zeta(20), 1e-9);
  }

  @Test
  void workersDrawingWhileTheCountGrowsKeepZetaRight() throws Exception {
    AtomicLong newest = new AtomicLong(10_000);
    GrowingZipfian zipfian = new GrowingZipfian(newest.get());
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int w = 0; w < 4; w++) {
        long seed = w;
        done.add(
            pool.submit(
                () -> {
                  SplittableRandom random = new SplittableRandom(seed);
                  for (int i = 0; i < 200_000; i++) {
                    long items = i % 10 == 0 ? newest.incrementAndGet() : newest.get();
                    long rank = zipfian.rank(random, items);
                    assertTrue(rank >= 0 && rank < items, "rank " + rank + " of " + items);
                  }
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(ZipfianTest.summed(newest.get()), zipfian.zeta(newest.get()), 1e-9);
  }
}
