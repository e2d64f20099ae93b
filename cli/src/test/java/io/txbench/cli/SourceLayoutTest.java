package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layout docs/design.md draws: no package of main code holds more than 40 files, so what a
 * package is for can be seen in one listing. (Method length and record size are Checkstyle's, in
 * config/checkstyle.xml.)
 */
class SourceLayoutTest {
  static final int MAX_FILES_PER_PACKAGE = 40;

  @Test
  void noPackageOfMainCodeHoldsMoreThanFortyFiles() throws IOException {
    Map<String, Long> sizes = packageSizes(Path.of("..").toAbsolutePath().normalize());
    assertTrue(sizes.size() > 20, "the modules' packages were not found: " + sizes.keySet());
    Map<String, Long> tooLarge =
        sizes.entrySet().stream()
            .filter(e -> e.getValue() > MAX_FILES_PER_PACKAGE)
            .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    assertEquals(Map.of(), tooLarge, "packages over " + MAX_FILES_PER_PACKAGE + " files");
  }

  /** Java files per directory under every module's src/main/java, by path from the root. */
  static Map<String, Long> packageSizes(Path root) throws IOException {
    List<Path> sources;
    try (Stream<Path> all = Files.walk(root)) {
      sources =
          all.filter(p -> p.toString().endsWith(".java"))
              .filter(p -> p.toString().contains("/src/main/java/"))
              .filter(p -> !p.toString().contains("/target/"))
              .toList();
    }
    Map<String, Long> sizes = new TreeMap<>();
    for (Path source : sources) {
      sizes.merge(root.relativize(source.getParent()).toString(), 1L, Long::sum);
    }
    return sizes;
  }
}
