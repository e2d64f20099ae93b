package io.txbench.cli;

import io.txbench.core.engine.RunOptions;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.WorkloadOptions;

/**
 * The benchmark of one target as the command line asked for it, checked: {@code run} has the first
 * level of the command's parallelism. {@code target.host()} is null when the user named no host, no
 * port and no URL: the session then looks for a local server or starts one.
 */
record TargetSettings(
    String targetName, TargetOptions target, WorkloadOptions workload, RunOptions run) {}
