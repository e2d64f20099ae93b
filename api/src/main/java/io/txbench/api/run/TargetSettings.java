package io.txbench.api.run;

import io.txbench.core.engine.RunOptions;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.report.files.HourlyCost;
import org.jspecify.annotations.Nullable;

/**
 * The benchmark of one target as the command line or the Java API asked for it, checked: {@code
 * run} has the first level of the command's parallelism; {@code cost} is what the target costs an
 * hour (null: its runs are not priced). {@code target.host()} is null when the user named no host,
 * no port and no URL: the session then looks for a local server or starts one.
 */
public record TargetSettings(
    String targetName,
    TargetOptions target,
    WorkloadOptions workload,
    RunOptions run,
    @Nullable HourlyCost cost) {

  /** The same, priced at {@code price} an hour (null: not priced). */
  public TargetSettings pricedAt(@Nullable HourlyCost price) {
    return new TargetSettings(targetName, target, workload, run, price);
  }
}
