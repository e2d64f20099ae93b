package io.txbench.core.run;

import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.OptionMismatchException;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Workload;
import java.math.BigDecimal;
import java.util.Map;

/**
 * The data options of a run on data loaded before ({@code --skip-setup}), held against what the
 * workload found loaded ({@link Workload#attach}): an option the user left out takes the loaded
 * value, so that the run records the data it ran on; an option the user gave with another value is
 * refused, as a run on other data than asked for would measure and record the wrong thing.
 */
final class LoadedData {
  private LoadedData() {}

  /**
   * The loaded values, which the run records.
   *
   * @throws OptionMismatchException naming the first option given with another value than loaded
   */
  static OptionValues check(OptionValues requested, OptionValues loaded)
      throws OptionMismatchException {
    for (Map.Entry<DeclaredOption<?>, Object> e : loaded.asMap().entrySet()) {
      DeclaredOption<?> option = e.getKey();
      Object asked = requested.get(option);
      if (requested.isSet(option) && !same(asked, e.getValue())) {
        throw new OptionMismatchException(
            option.name()
                + " "
                + shown(asked)
                + " but the data loaded there was loaded with "
                + option.name()
                + " "
                + shown(e.getValue())
                + ": drop --skip-setup to load it at "
                + shown(asked)
                + ", or pass "
                + option.name()
                + " "
                + shown(e.getValue()));
      }
    }
    return loaded;
  }

  private static boolean same(Object a, Object b) {
    return (a instanceof BigDecimal x && b instanceof BigDecimal y)
        ? x.compareTo(y) == 0
        : a.equals(b);
  }

  private static String shown(Object value) {
    return value instanceof BigDecimal d ? d.toPlainString() : String.valueOf(value);
  }
}
