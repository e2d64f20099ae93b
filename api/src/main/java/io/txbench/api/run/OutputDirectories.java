package io.txbench.api.run;

import io.txbench.report.files.ResultFiles;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Where each run of a command writes its results, decided and checked before anything connects or
 * loads: a directory that cannot be written (not a directory, read-only, full) is a usage error,
 * not a run that measures for minutes and then loses its results.
 */
public final class OutputDirectories {
  public static final DateTimeFormatter DIRECTORY_TIME =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT);

  /** Enough to fail on a disk that is full, not so much that checking costs anything. */
  private static final int PROBE_BYTES = 64 * 1024;

  private static final String PROBE = ".txbench-write-check";

  private final RunPlan plan;
  private final @Nullable Path base;

  /** The directories this command made, in the order it made them. */
  private final List<Path> created = new java.util.ArrayList<>();

  private OutputDirectories(RunPlan plan, @Nullable Path base) {
    this.plan = plan;
    this.base = base;
  }

  /**
   * The directories of the runs {@code plan} asks of {@code targets}. A default directory is
   * claimed at once: two runs started in the same second get their own.
   */
  public static OutputDirectories plan(RunPlan plan, List<TargetSettings> targets, Clock clock)
      throws IOException {
    if (!plan.writesResults()) {
      return new OutputDirectories(plan, null);
    }
    if (plan.results().outputDir() != null) {
      return new OutputDirectories(plan, plan.results().outputDir());
    }
    String time = ZonedDateTime.now(clock.withZone(ZoneOffset.UTC)).format(DIRECTORY_TIME);
    String name = plan.runs().sweep() ? time + "-sweep" : time + "-" + runName(targets.get(0));
    OutputDirectories planned = new OutputDirectories(plan, claim(Path.of("results"), name));
    planned.created.add(planned.base);
    return planned;
  }

  /** The one directory of a plan's one run, as the Java API names it (null: no files written). */
  public static OutputDirectories given(RunPlan plan, @Nullable Path directory) {
    return new OutputDirectories(plan, directory);
  }

  /** The one run of a command that is no sweep, of its one target, as its directory names it. */
  private static String runName(TargetSettings only) {
    return only.targetName() + "-" + only.workload().name();
  }

  /** Creates {@code parent/name}, or {@code name-2}, {@code name-3}... if taken: it is ours. */
  public static Path claim(Path parent, String name) throws IOException {
    Files.createDirectories(parent);
    for (int i = 1; ; i++) {
      Path candidate = parent.resolve(i == 1 ? name : name + "-" + i);
      try {
        return Files.createDirectory(candidate);
      } catch (FileAlreadyExistsException taken) {
        // Another run has it: the next one.
      }
    }
  }

  /**
   * The directory of the run of {@code settings} at the plan's {@code dataLevel}-th data level and
   * its {@code level}-th parallelism (both 0-based), null where no files are written: {@code
   * <target>-<workload>[-<option><value>]-p<N>}, the data level named when the command has several;
   * a parallelism that repeats an earlier one ({@code 8,8}) gets a directory of its own.
   */
  public @Nullable Path of(TargetSettings settings, int dataLevel, int level) {
    Path root = base;
    if (root == null) {
      return null; // the runs write no files
    }
    if (!plan.runs().sweep()) {
      return root;
    }
    int parallelism = plan.runs().parallelism().get(level);
    int occurrence =
        java.util.Collections.frequency(
            plan.runs().parallelism().subList(0, level + 1), parallelism);
    String data = plan.runs().data().sweeps() ? "-" + plan.runs().data().label(dataLevel) : "";
    return root.resolve(
        runName(settings) + data + "-p" + parallelism + (occurrence > 1 ? "-" + occurrence : ""));
  }

  /**
   * Creates every run's directory and writes a little into each. A directory that holds a run's
   * results already is refused, or with {@code overwrite} emptied of them (and of nothing else).
   *
   * @throws IOException with a message that names the directory and says what is wrong
   */
  public void check(List<TargetSettings> targets, boolean overwrite) throws IOException {
    Path root = base;
    if (!plan.writesResults() || root == null) {
      return;
    }
    if (!Files.exists(root)) {
      created.add(root);
    }
    for (TargetSettings s : targets) {
      for (int data = 0; data < plan.runs().data().size(); data++) {
        for (int level = 0; level < plan.runs().parallelism().size(); level++) {
          Path directory = java.util.Objects.requireNonNull(of(s, data, level));
          ResultFiles.makeRoom(directory, overwrite);
          if (!Files.isDirectory(directory)) {
            created.add(directory);
          }
          probe(directory);
        }
      }
    }
  }

  /**
   * Removes the directories this command made and no run wrote into (a server out of reach, a stop
   * during the warm-up), so that none is left empty; a directory it did not make, or that holds
   * anything, stays.
   */
  public void discardUnused() {
    for (int i = created.size() - 1; i >= 0; i--) {
      try {
        Files.deleteIfExists(created.get(i));
      } catch (IOException notEmpty) {
        // It holds results, or something else: it stays.
      }
    }
  }

  private static void probe(Path directory) throws IOException {
    Path probe = directory.resolve(PROBE);
    try {
      Files.createDirectories(directory);
      Files.write(probe, new byte[PROBE_BYTES]);
      Files.delete(probe);
    } catch (FileAlreadyExistsException e) {
      throw new IOException(
          "cannot write results to "
              + directory
              + ": "
              + e.getFile()
              + " exists and is not a directory",
          e);
    } catch (IOException e) {
      try {
        Files.deleteIfExists(probe);
      } catch (IOException ignored) {
        // There is nothing to delete where nothing could be written.
      }
      throw new IOException(
          "cannot write results to " + directory + ": " + ResultFiles.reason(e), e);
    }
  }
}
