package io.txbench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's Java API section works as pasted: its pom and its test, taken from the README's text
 * (so that they cannot drift), make a fresh project that {@code mvn test} compiles and runs with
 * Maven's own defaults (3.8's compiler and Surefire would fail it without the pom's plugins) and
 * without SLF4J's warning of a missing binding. txbench's artifacts come from the reactor's target
 * directories, as {@code ./mvnw install} would have put them, in a repository of the test's own;
 * every other artifact from the machine's Maven repository, read as a mirror, never written:
 * nothing is fetched from the network. The test class itself needs Docker and is skipped without
 * it, as the README says; compiling it and running it is what this checks.
 */
@Tag("long")
class ReadmeProjectIT {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern BLOCK = Pattern.compile("(?s)```(xml|java)\\n(.*?)```");

  @TempDir Path dir;

  /** The code blocks of the README's Java API section, in order, by language. */
  static List<String> blocks(String language) throws IOException {
    String readme = Files.readString(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
    int from = readme.indexOf("\n## In a JUnit test");
    int to = readme.indexOf("\n## ", from + 1);
    Matcher m = BLOCK.matcher(readme.substring(from, to < 0 ? readme.length() : to));
    List<String> blocks = new ArrayList<>();
    while (m.find()) {
      if (m.group(1).equals(language)) {
        blocks.add(m.group(2));
      }
    }
    return blocks;
  }

  @Test
  void theReadmesPomAndTestCompileAndRunInAFreshProject() throws Exception {
    Path project = Files.createDirectories(dir.resolve("checkout"));
    Files.writeString(project.resolve("pom.xml"), blocks("xml").get(0));
    String test = blocks("java").get(0);
    Matcher name = Pattern.compile("class (\\w+)").matcher(test);
    assertTrue(name.find(), test);
    Path tests = Files.createDirectories(project.resolve("src/test/java"));
    Files.writeString(tests.resolve(name.group(1) + ".java"), test);
    Path repo = installed(dir.resolve("repository"));
    Path settings =
        Files.writeString(
            dir.resolve("settings.xml"),
            "<settings><mirrors><mirror><id>machine</id><mirrorOf>*</mirrorOf><url>"
                + Path.of(System.getProperty("user.home"), ".m2", "repository").toUri()
                + "</url></mirror></mirrors></settings>");
    Path log = dir.resolve("mvn.log");
    Process mvn =
        new ProcessBuilder(
                ROOT.resolve("mvnw").toString(),
                "-B",
                "-ntp",
                "-s",
                settings.toString(),
                "-Dmaven.repo.local=" + repo,
                "-f",
                project.resolve("pom.xml").toString(),
                "test")
            .directory(ROOT.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    assertTrue(mvn.waitFor(10, TimeUnit.MINUTES), "mvn test within 10 minutes");
    String printed = Files.readString(log);
    assertEquals(0, mvn.exitValue(), printed);
    assertFalse(printed.contains("SLF4J"), printed);
    String report =
        Files.readString(project.resolve("target/surefire-reports/TEST-" + name.group(1) + ".xml"));
    assertTrue(report.contains("tests=\"1\""), report);
  }

  /**
   * A repository holding txbench's artifacts as {@code install} leaves them: each module's pom, and
   * its jar from its target directory.
   */
  private static Path installed(Path repo) throws IOException {
    String version = version(Files.readString(ROOT.resolve("pom.xml")));
    List<Path> poms;
    try (Stream<Path> found = Files.walk(ROOT, 3)) {
      poms =
          found
              .filter(p -> p.getFileName().toString().equals("pom.xml"))
              .filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/src/"))
              .toList();
    }
    for (Path pom : poms) {
      String text = Files.readString(pom);
      Matcher artifact =
          Pattern.compile("</parent>\\s*(?:<[^>]+>[^<]*</[^>]+>\\s*)*?<artifactId>([^<]+)")
              .matcher(text);
      String id =
          artifact.find() ? artifact.group(1) : text.contains("<parent>") ? null : "txbench-parent";
      if (id == null || !id.startsWith("txbench")) {
        continue;
      }
      Path at = Files.createDirectories(repo.resolve("io/txbench/" + id + "/" + version));
      Files.copy(pom, at.resolve(id + "-" + version + ".pom"));
      Path jar = pom.resolveSibling("target/" + id + "-" + version + ".jar");
      if (Files.exists(jar)) {
        Files.copy(jar, at.resolve(id + "-" + version + ".jar"));
      }
    }
    assertTrue(
        Files.exists(repo.resolve("io/txbench/txbench-api/" + version)), "the api's jar is built");
    return repo;
  }

  private static String version(String rootPom) {
    Matcher m =
        Pattern.compile("<artifactId>txbench-parent</artifactId>\\s*<version>([^<]+)</version>")
            .matcher(rootPom);
    assertTrue(m.find(), "the parent's version");
    return m.group(1);
  }
}
