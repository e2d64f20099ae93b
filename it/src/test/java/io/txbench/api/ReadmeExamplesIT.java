package io.txbench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.testcontainers.DockerClientFactory;

/**
 * The README's JUnit example and docs/api.md's MongoDB one, read from the pages themselves,
 * compiled and run as a user's build runs them: where Docker is, they must pass; where it is not,
 * they must be skipped, not failed.
 */
class ReadmeExamplesIT {
  private static final Path README = Path.of("..", "README.md");
  private static final Path API_PAGE = Path.of("..", "docs", "api.md");
  private static final Pattern JAVA_BLOCK = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL);
  private static final Pattern CLASS_NAME = Pattern.compile("\\bclass (\\w+)");

  @TempDir Path sources;

  @Test
  void theReadmesExamplesCompileAndPassOrAreSkippedWithoutDocker() throws Exception {
    List<String> blocks = javaBlocks();
    assertEquals(1, blocks.size(), "the README's JUnit section has one Java example");
    List<String> onApiPage = blocks(Files.readString(API_PAGE, StandardCharsets.UTF_8));
    assertEquals(1, onApiPage.size(), "docs/api.md has one Java example, MongoDB's");
    blocks.add(onApiPage.get(0));
    String whole = blocks.get(0);
    String wholeClass = className(whole);
    // The second example is the members of a class like the first: the first's imports, and the
    // container class it names.
    String imports = whole.substring(0, whole.indexOf("@Testcontainers"));
    String fragment =
        imports
            + "import org.testcontainers.mongodb.MongoDBContainer;\n\n"
            + "@Testcontainers(disabledWithoutDocker = true)\nclass MongoExampleTest {\n"
            + blocks.get(1)
            + "}\n";
    Path classes = compile(List.of(whole, fragment));
    TestExecutionSummary summary = run(classes, List.of(wholeClass, "MongoExampleTest"));

    StringWriter failures = new StringWriter();
    summary.printFailuresTo(new java.io.PrintWriter(failures), 20);
    assertEquals(0, summary.getTotalFailureCount(), failures.toString());
    if (DockerClientFactory.instance().isDockerAvailable()) {
      assertEquals(2, summary.getTestsSucceededCount(), "both examples pass where Docker is");
    } else {
      assertEquals(2, summary.getContainersSkippedCount(), "without Docker both are skipped");
      assertEquals(0, summary.getTestsStartedCount(), "without Docker no example starts");
    }
  }

  private static List<String> javaBlocks() throws IOException {
    String readme = Files.readString(README, StandardCharsets.UTF_8);
    int section = readme.indexOf("\n## In a JUnit test");
    assertTrue(section >= 0, "the README has its JUnit section");
    int next = readme.indexOf("\n## ", section + 1);
    return blocks(readme.substring(section, next < 0 ? readme.length() : next));
  }

  /** The Java blocks of {@code text}, in order. */
  private static List<String> blocks(String text) {
    Matcher m = JAVA_BLOCK.matcher(text);
    List<String> blocks = new ArrayList<>();
    while (m.find()) {
      blocks.add(m.group(1));
    }
    return blocks;
  }

  private static String className(String source) {
    Matcher m = CLASS_NAME.matcher(source);
    assertTrue(m.find(), "the example declares a class");
    return m.group(1);
  }

  private Path compile(List<String> units) throws IOException {
    List<String> args =
        new ArrayList<>(
            List.of(
                "-d",
                sources.resolve("classes").toString(),
                "-classpath",
                System.getProperty("java.class.path"),
                "-proc:none"));
    for (String unit : units) {
      Path file = sources.resolve(className(unit) + ".java");
      Files.writeString(file, unit, StandardCharsets.UTF_8);
      args.add(file.toString());
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    ByteArrayOutputStream errors = new ByteArrayOutputStream();
    int code = javac.run(null, errors, errors, args.toArray(String[]::new));
    assertEquals(
        0,
        code,
        "the README's examples do not compile:\n" + errors.toString(StandardCharsets.UTF_8));
    return sources.resolve("classes");
  }

  private static TestExecutionSummary run(Path classes, List<String> names) throws Exception {
    try (URLClassLoader loader =
        new URLClassLoader(
            new URL[] {classes.toUri().toURL()}, ReadmeExamplesIT.class.getClassLoader())) {
      LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request();
      for (String name : names) {
        request.selectors(DiscoverySelectors.selectClass(loader.loadClass(name)));
      }
      Launcher launcher = LauncherFactory.create();
      SummaryGeneratingListener listener = new SummaryGeneratingListener();
      Thread thread = Thread.currentThread();
      ClassLoader before = thread.getContextClassLoader();
      thread.setContextClassLoader(loader);
      try {
        launcher.execute(request.build(), listener);
      } finally {
        thread.setContextClassLoader(before);
      }
      return listener.getSummary();
    }
  }
}
