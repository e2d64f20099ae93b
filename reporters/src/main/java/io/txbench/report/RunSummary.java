package io.txbench.report;

import io.txbench.core.RunResult;
import io.txbench.core.Verification;
import java.util.Map;

/**
 * Everything the end of a run reports: what ran where, whether its iterations were transactions,
 * with which options (the password already masked), what was measured and what verify found
 * ({@code null} when it was skipped).
 */
public record RunSummary(
    String toolVersion,
    String target,
    String serverVersion,
    String workload,
    boolean transactions,
    int parallelism,
    Map<String, Object> options,
    RunResult result,
    Verification verification,
    String resultDirectory) {}
