package io.txbench.cli;

import io.txbench.core.Credentials;
import io.txbench.core.RunOptions;
import io.txbench.core.TargetOptions;
import io.txbench.core.WorkloadOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The benchmark of one target as the command line asked for it, checked: one run per level of
 * {@code parallelism} ({@code run} has the first); {@code sweep} when the command makes more than
 * one run in all. {@code target.host()} is null when the
 * user named no host, no port and no URL: the session then looks for a local server or starts one.
 */
record Settings(
    String targetName,
    TargetOptions target,
    WorkloadOptions workload,
    RunOptions run,
    List<Integer> parallelism,
    boolean sweep,
    Duration warmup,
    boolean embedded,
    boolean skipSetup,
    boolean onlySetup,
    boolean drop,
    boolean verify,
    Path outputDir,
    Set<ReporterKind> reporters,
    Map<String, Object> shownOptions,
    Credentials credentials) {}
