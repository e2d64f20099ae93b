package io.txbench.core.telemetry;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What decides a run's figures besides the workload and the options: the machine the client ran on
 * ({@code client}) and the server's settings that change results ({@code server}: setting name to
 * value as the server states it, in a stable order; empty when they could not be read). Runs with
 * the same fingerprint belong to one series of the history.
 */
public record Fingerprint(Host client, Map<String, String> server) {

  public Fingerprint {
    server = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(server));
  }

  /**
   * The client's machine. {@code machineVendor} and {@code machineProduct} are what its firmware
   * says (DMI {@code sys_vendor} and {@code product_name}: on a cloud VM, the provider and often
   * the instance type); a figure the machine does not tell is null.
   */
  public record Host(
      @Nullable String hostname,
      @Nullable String cpuModel,
      int cores,
      @Nullable Long memoryBytes,
      @Nullable String os,
      @Nullable String jvm,
      @Nullable String machineVendor,
      @Nullable String machineProduct) {}
}
