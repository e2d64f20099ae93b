package io.txbench.report.files;

import io.txbench.core.spi.EmbeddedServer;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.telemetry.Fingerprint;
import io.txbench.core.telemetry.HostProbe;
import io.txbench.core.telemetry.ServerAddress;
import org.jspecify.annotations.Nullable;

/**
 * What every run of one benchmark shares in its summary: the target and its server's version (an
 * emulator's labelled as such), the driver, where the server was ({@code server}; {@code embedded}
 * when txbench started it itself), the client's machine and the server's settings ({@code
 * fingerprint}), the workload and whether its iterations ran in transactions, and whether the end
 * of the run prints ab's percentage table ({@link Target#percentageTable}).
 */
public record SystemUnderTest(
    String target,
    String serverVersion,
    String driver,
    boolean embedded,
    String server,
    @Nullable Fingerprint fingerprint,
    String workload,
    boolean transactions,
    boolean percentageTable) {

  /**
   * The site of {@code workload} on {@code target}, the provider's {@code targetName}, reached with
   * {@code options} or on {@code embedded} (null for a server the user named).
   */
  public static SystemUnderTest of(
      String targetName,
      Target target,
      TargetOptions options,
      @Nullable EmbeddedServer embedded,
      WorkloadOptions workload) {
    return new SystemUnderTest(
        targetName,
        embedded == null ? target.serverVersion() : embedded.label(target.serverVersion()),
        target.driver(),
        embedded != null,
        ServerAddress.of(options, embedded),
        new Fingerprint(HostProbe.thisMachine(), target.serverSettings()),
        workload.name(),
        workload.transactional(),
        target.percentageTable());
  }
}
