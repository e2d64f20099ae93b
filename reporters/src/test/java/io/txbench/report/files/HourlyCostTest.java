package io.txbench.report.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.Verification;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalDouble;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cost formula, against figures worked out by hand, and as summary.json holds its figures. */
class HourlyCostTest {
  @TempDir Path dir;

  /** 3.06 an hour for 60 s is 0.051; at 1,530 tps, 3.06 / (1530 x 3600) x 10^6 = 0.5556. */
  @Test
  void aRunCostsItsWindowAtThePriceAndAMillionIterationsThePriceOverAnHoursIterations() {
    HourlyCost price = new HourlyCost(3.06);
    assertEquals(0.051, price.of(60), 1e-12);
    assertEquals(0.555_555_555_6, price.perMillion(1530 * 60, 60).getAsDouble(), 1e-9);
    // 0.50 an hour for 5 s is 0.000694; 10,000 iterations (2,000 tps): 0.0694 a million.
    HourlyCost half = new HourlyCost(0.5);
    assertEquals(0.000_694_444_444, half.of(5), 1e-12);
    assertEquals(0.069_444_444_44, half.perMillion(10_000, 5).getAsDouble(), 1e-10);
    // Free machines cost nothing; a run that completed nothing has no price of one.
    assertEquals(0.0, new HourlyCost(0).perMillion(10_000, 5).getAsDouble());
    assertEquals(OptionalDouble.empty(), half.perMillion(0, 5));
  }

  @Test
  void summaryJsonHoldsSixSignificantDigitsAndNoPerMillionOfNothing() {
    assertEquals(
        new SummaryFile.Cost(0.5, 0.000694444, 0.0694444), new HourlyCost(0.5).summary(10_000, 5));
    assertEquals(new SummaryFile.Cost(0.5, 0.000694444, null), new HourlyCost(0.5).summary(0, 5));
  }

  @Test
  void aPriceThatIsNoAmountIsRefused() {
    for (double wrong : new double[] {-0.01, Double.NaN, Double.POSITIVE_INFINITY}) {
      assertThrows(IllegalArgumentException.class, () -> new HourlyCost(wrong), "" + wrong);
    }
  }

  @Test
  void aCostIsShownPlainlyToFourSignificantDigits() {
    assertEquals("0.06944", HourlyCost.figure(0.069_444_444));
    assertEquals("0.00005556", HourlyCost.figure(0.000_055_555_6)); // never 5.556E-5
    assertEquals("2.5", HourlyCost.figure(2.5));
    assertEquals("1235", HourlyCost.figure(1234.56));
    assertEquals("0", HourlyCost.figure(0));
    assertEquals(
        "0.0006944 for the 5.0 s window at 0.5 an hour; 0.06944 per million iterations",
        new HourlyCost(0.5).said(10_000, 5));
  }

  /**
   * The representative run: 1,234 iterations, 3 of them after its window of 10.333789 s (5
   * declined, which count, as in its tps); at 0.50 an hour its window cost 0.5 x 10.333789 / 3600 =
   * 0.00143525, and 0.00143525 / 1,231 x 10^6 = 1.16592 a million.
   */
  @Test
  void aRunsSummaryPricesTheIterationsItsTpsCounts() throws IOException {
    Verification verdict = Verification.notRun("--no-verify");
    RunSummary priced = SummaryFileTest.representative(verdict, new HourlyCost(0.5));
    SummaryJson.write(dir, priced, null, UnaryOperator.identity());
    SummaryFile read = SummaryFile.read(dir.resolve(SummaryJson.FILE));
    assertEquals(new SummaryFile.Cost(0.5, 0.00143525, 1.16592), read.window().cost());
    assertTrue(Files.readString(dir.resolve(SummaryJson.FILE)).contains("\"cost\" : {"));
    // Without a price, no cost at all: not a cost of 0.
    SummaryJson.write(dir, SummaryFileTest.representative(verdict), null, UnaryOperator.identity());
    assertNull(SummaryFile.read(dir.resolve(SummaryJson.FILE)).window().cost());
    assertFalse(Files.readString(dir.resolve(SummaryJson.FILE)).contains("\"cost\""));
  }

  @Test
  void aCostOfTheWrongShapeIsRefusedByNameWhenRead() throws IOException {
    SummaryJson.write(
        dir,
        SummaryFileTest.representative(Verification.notRun("--no-verify")),
        null,
        UnaryOperator.identity());
    Path file = dir.resolve(SummaryJson.FILE);
    String written = Files.readString(file);
    for (String cost :
        new String[] {
          "\"cost\" : \"cheap\",",
          "\"cost\" : {\"perHour\" : 0.5},",
          "\"cost\" : {\"perHour\" : 0.5, \"window\" : -1},",
          "\"cost\" : {\"perHour\" : 0.5, \"window\" : 1, \"perMillionIterations\" : \"x\"},"
        }) {
      Files.writeString(file, written.replace("\"iterations\" :", cost + " \"iterations\" :"));
      IOException e = assertThrows(IOException.class, () -> SummaryFile.read(file), cost);
      assertTrue(String.valueOf(e.getMessage()).contains("\"cost"), e.getMessage());
    }
  }
}
