package io.txbench.report.compare;

import io.txbench.report.files.HourlyCost;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.SummaryFile;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What the system under test of a merge costs an hour: the price merge was given for each client
 * ({@code merge --cost-per-hour}) times the clients, else the prices the clients' runs recorded,
 * added up (each client is given the share it accounts for: its own machine, the database's on one
 * of them). Over the merged window, {@link HourlyCost}'s formula then prices the merge as a run.
 */
final class MergedCost {
  private MergedCost() {}

  /**
   * The price of {@code runs} merged, {@code perClient} each when given; null when neither it nor
   * any run has one.
   *
   * @throws IOException when some runs recorded a price and others did not: their sum would be less
   *     than what the clients cost, and pass for it
   */
  static @Nullable HourlyCost of(List<ResultDirectory> runs, @Nullable HourlyCost perClient)
      throws IOException {
    if (perClient != null) {
      return new HourlyCost(perClient.perHour() * runs.size());
    }
    List<SummaryFile.Cost> recorded =
        runs.stream().map(r -> r.summary().window().cost()).filter(Objects::nonNull).toList();
    if (recorded.isEmpty()) {
      return null;
    }
    if (recorded.size() < runs.size()) {
      throw new IOException(
          recorded.size()
              + " of the "
              + runs.size()
              + " runs were given a price (--cost-per-hour), not "
              + String.join(
                  ", ",
                  runs.stream()
                      .filter(r -> r.summary().window().cost() == null)
                      .map(ResultDirectory::label)
                      .toList())
              + ": give merge --cost-per-hour, the price of each client");
    }
    return new HourlyCost(recorded.stream().mapToDouble(SummaryFile.Cost::perHour).sum());
  }
}
