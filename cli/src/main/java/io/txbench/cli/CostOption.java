package io.txbench.cli;

import io.txbench.cli.options.RangeCheck;
import io.txbench.core.settings.Limits;
import io.txbench.report.files.HourlyCost;
import java.util.List;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/** What the system under test costs an hour: one price for every target, or one for each. */
final class CostOption extends OptionGroup {
  @Option(
      names = "--cost-per-hour",
      paramLabel = "PRICE",
      split = ",",
      description =
          "What the system under test costs an hour (the database's machines or service; 0 to"
              + " 1000000, in any currency): summary.json, compare and the report then show what"
              + " the measured window cost (price x measured seconds / 3600) and what a million"
              + " iterations cost (price / (tps x 3600) x 1000000); the warm-up is not charged. A"
              + " comma-separated list gives each target of --benchmark-target its own."
              + " Default: none.")
  @Nullable List<Double> perHour; // none: the runs are not priced

  /**
   * Refuses a price out of range, or a list of them that is not one for each of the {@code
   * targets}, in one line.
   */
  void check(RangeCheck limits, List<String> targets) {
    if (perHour == null) {
      return;
    }
    for (Double price : perHour) {
      limits.check("--cost-per-hour", Limits.COST_PER_HOUR, price);
    }
    if (perHour.size() > 1 && perHour.size() != targets.size()) {
      throw usage(
          "--cost-per-hour: "
              + perHour.size()
              + " prices for "
              + targets.size()
              + (targets.size() == 1 ? " target" : " targets")
              + " ("
              + String.join(", ", targets)
              + "): give one for all, or one for each");
    }
  }

  /** The price of the {@code index}-th target of the list (0-based); null when none was given. */
  @Nullable HourlyCost forTarget(int index) {
    return perHour == null ? null : new HourlyCost(perHour.get(perHour.size() == 1 ? 0 : index));
  }
}
