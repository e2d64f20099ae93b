package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layout docs/design.md draws, read from the main class files of every module: no package
 * cycle, and no package that uses one drawn above it. A new package must be placed here first.
 */
class ArchitectureTest {
  private static final String ROOT = "io.txbench";

  /**
   * Each main package's layer, lowest first. A package may use the packages of its own layer or
   * below; the cycle rule keeps those of one layer from using each other both ways.
   */
  static final List<List<String>> LAYERS =
      List.of(
          // The SPI: what a target author implements or receives. It uses nothing of txbench's.
          List.of("core.spi.values"),
          List.of("core.spi.server"),
          List.of("core.spi"),
          // What the engine and the targets share: settings, keys, data, scripts, probes, leases.
          List.of(
              "core.settings",
              "core.keys",
              "core.data",
              "core.script",
              "core.telemetry",
              "core.ownership"),
          List.of("core.workloads"),
          // The engine and its figures.
          List.of("core.metrics"),
          List.of("core.engine", "core.thresholds"),
          List.of("core.run"),
          // The targets: each uses core below the engine, its own parts, and the shared SQL and
          // event-loop parts.
          List.of("eventloop", "jdbc.client", "mongo.client"),
          List.of("jdbc.schema", "mongo.schema"),
          List.of(
              "jdbc.workloads",
              "jdbc.async",
              "mongo.workloads",
              "postgres.async",
              "mysql.async",
              "http"),
          List.of("jdbc", "mongo"),
          List.of("postgres", "mysql"),
          // The results, then the run's recorder over them, then what shows a run while it goes.
          List.of("report.files"),
          List.of("report.console", "report.compare"),
          List.of("report.html"),
          List.of("report.history", "report"),
          List.of("report.live"),
          // The run both front doors drive, then the two front doors.
          List.of("api.run"),
          List.of("api"),
          List.of("cli.options", "cli.help", "cli.logging"),
          List.of("cli.tools"),
          List.of("cli"));

  /** What a target may use besides core and its own packages. */
  static final Map<String, Set<String>> TARGETS_SHARED =
      Map.of(
          "eventloop", Set.of(),
          "jdbc", Set.of(),
          "mongo", Set.of(),
          "http", Set.of("eventloop"),
          "postgres", Set.of("jdbc", "eventloop"),
          "mysql", Set.of("jdbc", "eventloop"));

  private static JavaClasses classes;

  @BeforeAll
  static void importMainClasses() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages(ROOT);
  }

  @Test
  void theModulesMainClassesAreRead() {
    Set<String> packages = new TreeSet<>();
    classes.forEach(c -> packages.add(relative(c)));
    for (List<String> layer : LAYERS) {
      for (String p : layer) {
        assertTrue(packages.contains(p), "no main class in io.txbench." + p + ": " + packages);
      }
    }
  }

  @Test
  void noPackageCycle() {
    SlicesRuleDefinition.slices()
        .matching(ROOT + ".(**)")
        .should()
        .beFreeOfCycles()
        .because("a package that uses another must not be used by it, even through a third")
        .check(classes);
  }

  @Test
  void everyPackageIsPlacedAndUsesOnlyItsLayerOrBelow() {
    Set<String> wrong = new TreeSet<>();
    for (JavaClass origin : classes) {
      String from = relative(origin);
      int fromLayer = layer(from);
      if (fromLayer < 0) {
        wrong.add("io.txbench." + from + " has no place in ArchitectureTest.LAYERS");
        continue;
      }
      for (Dependency d : origin.getDirectDependenciesFromSelf()) {
        JavaClass target = d.getTargetClass();
        if (!target.getPackageName().startsWith(ROOT + ".")) {
          continue;
        }
        String to = relative(target);
        if (to.equals(from)) {
          continue;
        }
        int toLayer = layer(to);
        if (toLayer > fromLayer) {
          wrong.add(origin.getName() + " uses the upper " + target.getName());
        } else if (!targetMayUse(from, to)) {
          wrong.add(origin.getName() + " of one target uses another's " + target.getName());
        }
      }
    }
    assertEquals(Set.of(), wrong);
  }

  private static boolean targetMayUse(String from, String to) {
    String fromTarget = from.split("\\.")[0];
    String toTarget = to.split("\\.")[0];
    Set<String> shared = TARGETS_SHARED.get(fromTarget);
    if (shared == null || !TARGETS_SHARED.containsKey(toTarget)) {
      return true;
    }
    return fromTarget.equals(toTarget) || shared.contains(toTarget);
  }

  private static int layer(String pkg) {
    for (int i = 0; i < LAYERS.size(); i++) {
      if (LAYERS.get(i).contains(pkg)) {
        return i;
      }
    }
    return -1;
  }

  private static String relative(JavaClass c) {
    return c.getPackageName().substring(ROOT.length() + 1);
  }
}
