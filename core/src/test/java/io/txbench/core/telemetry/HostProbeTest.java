package io.txbench.core.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostProbeTest {
  @TempDir Path root;

  private static Properties jvm() {
    Properties p = new Properties();
    p.setProperty("os.name", "Linux");
    p.setProperty("os.version", "6.1.0-31-cloud-amd64");
    p.setProperty("os.arch", "amd64");
    p.setProperty("java.runtime.version", "17.0.15+6");
    p.setProperty("java.vm.vendor", "Eclipse Adoptium");
    p.setProperty("java.vm.name", "OpenJDK 64-Bit Server VM");
    return p;
  }

  private void file(String path, String text) throws IOException {
    Path f = root.resolve(path);
    Files.createDirectories(f.getParent());
    Files.writeString(f, text);
  }

  @Test
  void aCloudVmTellsItsCpuMemoryKernelAndInstanceType() throws IOException {
    file(
        "proc/cpuinfo",
        """
        processor\t: 0
        vendor_id\t: GenuineIntel
        model name\t: Intel(R) Xeon(R) CPU @ 2.20GHz
        flags\t\t: fpu vme

        processor\t: 1
        model name\t: Intel(R) Xeon(R) CPU @ 2.20GHz
        """);
    file("proc/meminfo", "MemTotal:       24625112 kB\nMemFree:         1000000 kB\n");
    file("proc/sys/kernel/hostname", "bench-vm-1\n");
    file("sys/class/dmi/id/sys_vendor", "Amazon EC2\n");
    file("sys/class/dmi/id/product_name", "m6i.large\n");

    Fingerprint.Host host =
        new HostProbe(root, Map.of("HOSTNAME", "not-this-one"), jvm(), 2).read();

    assertEquals(
        new Fingerprint.Host(
            "bench-vm-1",
            "Intel(R) Xeon(R) CPU @ 2.20GHz",
            2,
            24625112L * 1024,
            "Linux 6.1.0-31-cloud-amd64 amd64",
            "Java 17.0.15+6 (Eclipse Adoptium, OpenJDK 64-Bit Server VM)",
            "Amazon EC2",
            "m6i.large"),
        host);
  }

  @Test
  void aMachineWithoutProcOrDmiLeavesThoseFiguresOut() {
    Fingerprint.Host host = new HostProbe(root, Map.of(), new Properties(), 4).read();

    assertEquals(new Fingerprint.Host(null, null, 4, null, null, null, null, null), host);
  }

  @Test
  void theHostnameComesFromTheEnvironmentWhenTheKernelDoesNotTellIt() throws IOException {
    file("proc/meminfo", "MemTotal: garbage\n");
    file("sys/class/dmi/id/product_name", "   \n");

    Fingerprint.Host host = new HostProbe(root, Map.of("HOSTNAME", "ci-runner-7"), jvm(), 1).read();

    assertEquals("ci-runner-7", host.hostname());
    assertNull(host.memoryBytes());
    assertNull(host.machineProduct());
  }

  @Test
  void thisMachineIsReadOnceAndTellsItsCores() {
    assertEquals(Runtime.getRuntime().availableProcessors(), HostProbe.thisMachine().cores());
    assertSame(HostProbe.thisMachine(), HostProbe.thisMachine());
  }
}
