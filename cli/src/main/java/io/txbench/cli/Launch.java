package io.txbench.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * How to start txbench again, as the user started it: {@code java -jar} and the JAR's path as it
 * was typed ({@code cli/target/benchmark.jar} from the repository's root). The one place that
 * decides it, for every command line txbench prints for the user to run.
 */
final class Launch {
  /** When txbench was not started by {@code java -jar} (tests, the Java API). */
  static final List<String> FALLBACK = List.of("java", "-jar", "benchmark.jar");

  private Launch() {}

  /** The words of the command that starts this txbench again, unquoted. */
  static List<String> command() {
    return command(System.getProperty("sun.java.command"), ownJar());
  }

  /**
   * The words of the command, from what the JVM says it ran ({@code sun.java.command}: after {@code
   * java -jar}, the JAR's path as typed and the arguments, joined by spaces) and the JAR txbench's
   * classes are in; {@link #FALLBACK} unless the command starts with that JAR (a test runner's own
   * JAR does not hold txbench's classes).
   */
  static List<String> command(@Nullable String javaCommand, @Nullable Path jar) {
    if (javaCommand == null || jar == null) {
      return FALLBACK;
    }
    // A path may hold spaces: the shortest prefix that names the JAR is the path as typed.
    for (int end = javaCommand.indexOf(' '); ; end = javaCommand.indexOf(' ', end + 1)) {
      String typed = end < 0 ? javaCommand : javaCommand.substring(0, end);
      if (!typed.isBlank() && sameFile(typed, jar)) {
        return List.of("java", "-jar", typed);
      }
      if (end < 0) {
        return FALLBACK;
      }
    }
  }

  private static boolean sameFile(String typed, Path jar) {
    try {
      Path path = Path.of(typed);
      if (path.toAbsolutePath().normalize().equals(jar.toAbsolutePath().normalize())) {
        return true;
      }
      return Files.exists(path) && Files.exists(jar) && Files.isSameFile(path, jar);
    } catch (InvalidPathException | java.io.IOException | SecurityException e) {
      return false;
    }
  }

  /** The JAR file this class was loaded from; null when it came from a directory (tests). */
  private static @Nullable Path ownJar() {
    try {
      CodeSource source = Launch.class.getProtectionDomain().getCodeSource();
      if (source == null) {
        return null;
      }
      Path path = Path.of(source.getLocation().toURI());
      return Files.isRegularFile(path) ? path : null;
    } catch (URISyntaxException
        | IllegalArgumentException
        | java.nio.file.FileSystemNotFoundException
        | SecurityException e) {
      return null;
    }
  }
}
