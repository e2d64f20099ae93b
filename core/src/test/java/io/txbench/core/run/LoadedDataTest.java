package io.txbench.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.txbench.core.spi.OptionMismatchException;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.workloads.Analytics;
import io.txbench.core.workloads.ItemKind;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** What a run on loaded data records, and what it refuses, of its data options. */
class LoadedDataTest {
  private static final OptionValues THOUSAND = OptionValues.of(ItemKind.TABLE_SIZE, 1_000L);

  @Test
  void anOptionLeftOutTakesTheLoadedValueAndOneGivenAlikeRuns() throws Exception {
    assertEquals(THOUSAND, LoadedData.check(OptionValues.defaults(), THOUSAND));
    assertEquals(THOUSAND, LoadedData.check(THOUSAND, THOUSAND));
    assertEquals(
        1_000L, LoadedData.check(OptionValues.defaults(), THOUSAND).byName().get("table-size"));
  }

  @Test
  void anOptionGivenWithAnotherValueIsRefusedSayingBoth() {
    OptionMismatchException e =
        assertThrows(
            OptionMismatchException.class,
            () -> LoadedData.check(OptionValues.of(ItemKind.TABLE_SIZE, 5_000L), THOUSAND));
    assertEquals(
        "--table-size 5000 but the data loaded there was loaded with --table-size 1000: drop"
            + " --skip-setup to load it at 5000, or pass --table-size 1000",
        e.getMessage());
  }

  @Test
  void decimalsCompareByValue() throws Exception {
    OptionValues loaded = OptionValues.of(Analytics.SCALE, new BigDecimal("0.10"));
    LoadedData.check(OptionValues.of(Analytics.SCALE, new BigDecimal("0.1")), loaded);
  }
}
