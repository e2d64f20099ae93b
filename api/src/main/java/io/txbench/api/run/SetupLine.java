package io.txbench.api.run;

import io.txbench.core.run.Setup;
import java.util.Locale;

/** What a setup did to the data, as the console says it after a data level's name. */
final class SetupLine {
  private SetupLine() {}

  static String of(Setup setup) {
    String seconds = String.format(Locale.US, "%.1f s", setup.took().toNanos() / 1e9);
    if (setup.grown()) {
      return String.format(
          Locale.US,
          "grew the data to %,d rows in %s, adding %,d (the %,d there kept)",
          setup.rows(),
          seconds,
          setup.addedRows(),
          setup.rows() - setup.addedRows());
    }
    String loaded = String.format(Locale.US, "loaded %,d rows in %s", setup.rows(), seconds);
    return setup.notGrown() == null ? loaded : loaded + ", afresh, not grown: " + setup.notGrown();
  }
}
