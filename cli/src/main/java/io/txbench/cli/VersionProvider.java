package io.txbench.cli;

import io.txbench.core.telemetry.ToolVersion;
import picocli.CommandLine.IVersionProvider;

final class VersionProvider implements IVersionProvider {
  @Override
  public String[] getVersion() {
    return new String[] {
      "txbench " + ToolVersion.get(),
      "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
    };
  }
}
