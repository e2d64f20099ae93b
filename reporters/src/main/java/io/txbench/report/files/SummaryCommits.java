package io.txbench.report.files;

import io.txbench.core.spi.server.ServerCommits;
import org.jspecify.annotations.Nullable;

/**
 * summary.json's {@code serverCommits}: the commit cross-check (see {@link ServerCommits}), the
 * server's count of commits over the run less txbench's own beside its workers', txbench's count,
 * those in doubt, whether they agree, the server's counter, in words what was subtracted, and what
 * else committed on the server meanwhile ({@code otherWork}, absent when nothing).
 */
public record SummaryCommits(
    long server,
    long counted,
    @Nullable Long inDoubt,
    boolean agrees,
    String counter,
    String note,
    @Nullable String otherWork) {

  public static SummaryCommits of(ServerCommits c) {
    return new SummaryCommits(
        c.server(),
        c.counted(),
        c.inDoubt(),
        c.agrees(),
        c.counter(),
        c.note(),
        c.otherWork().isEmpty() ? null : c.otherWork());
  }
}
