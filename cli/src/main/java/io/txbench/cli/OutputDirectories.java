package io.txbench.cli;

import io.txbench.report.ResultFiles;
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

/**
 * Where each run of a command writes its results, decided and checked before anything connects
 * or loads: a directory that cannot be written (not a directory, read-only, full) is a usage
 * error, not a run that measures for minutes and then loses its results.
 */
final class OutputDirectories {
  static final DateTimeFormatter DIRECTORY_TIME =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT);
  /** Enough to fail on a disk that is full, not so much that checking costs anything. */
  private static final int PROBE_BYTES = 64 * 1024;
  private static final String PROBE = ".txbench-write-check";

  private final Path base;
  private final boolean sweep;
  /** The directories this command made, in the order it made them. */
  private final List<Path> created = new java.util.ArrayList<>();

  private OutputDirectories(Path base, boolean sweep) {
    this.base = base;
    this.sweep = sweep;
  }

  /**
   * The directories of the runs {@code targets} ask for (their command-level options agree). A
   * default directory is claimed at once: two runs started in the same second get their own.
   */
  static OutputDirectories plan(List<Settings> targets, Clock clock) throws IOException {
    Settings first = targets.get(0);
    if (first.onlySetup() || first.drop()) {
      return new OutputDirectories(null, false); // writes no results
    }
    if (first.outputDir() != null) {
      return new OutputDirectories(first.outputDir(), first.sweep());
    }
    String time = ZonedDateTime.now(clock.withZone(ZoneOffset.UTC)).format(DIRECTORY_TIME);
    String name = first.sweep() ? time + "-sweep"
        : time + "-" + first.targetName() + "-" + first.workload().name();
    OutputDirectories planned = new OutputDirectories(claim(Path.of("results"), name),
        first.sweep());
    planned.created.add(planned.base);
    return planned;
  }

  /** Creates {@code parent/name}, or {@code name-2}, {@code name-3}... if taken: it is ours. */
  static Path claim(Path parent, String name) throws IOException {
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

  /** The base of a sweep (its comparison's home), or the one run's directory. */
  Path base() {
    return base;
  }

  /**
   * The directory of the run of {@code settings} at its {@code level}-th parallelism (0-based): a
   * level that repeats an earlier one ({@code 8,8}) gets a directory of its own.
   */
  Path of(Settings settings, int level) {
    if (!sweep) {
      return base;
    }
    int parallelism = settings.parallelism().get(level);
    int occurrence = java.util.Collections.frequency(settings.parallelism().subList(0, level + 1),
        parallelism);
    return base.resolve(settings.targetName() + "-" + settings.workload().name() + "-p"
        + parallelism + (occurrence > 1 ? "-" + occurrence : ""));
  }

  /**
   * Creates every run's directory and writes a little into each. A directory that holds a run's
   * results already is refused, or with {@code overwrite} emptied of them (and of nothing else).
   *
   * @throws IOException with a message that names the directory and says what is wrong
   */
  void check(List<Settings> targets, boolean overwrite) throws IOException {
    if (base != null && !Files.exists(base)) {
      created.add(base);
    }
    for (Settings s : targets) {
      if (s.onlySetup() || s.drop()) {
        continue; // writes no results
      }
      for (int level = 0; level < s.parallelism().size(); level++) {
        Path directory = of(s, level);
        ResultFiles.makeRoom(directory, overwrite);
        if (!Files.isDirectory(directory)) {
          created.add(directory);
        }
        probe(directory);
      }
    }
  }

  /**
   * Removes the directories this command made and no run wrote into (a server out of reach, a
   * stop during the warm-up), so that none is left empty; a directory it did not make, or that
   * holds anything, stays.
   */
  void discardUnused() {
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
      throw new IOException("cannot write results to " + directory + ": "
          + e.getFile() + " exists and is not a directory", e);
    } catch (IOException e) {
      try {
        Files.deleteIfExists(probe);
      } catch (IOException ignored) {
        // There is nothing to delete where nothing could be written.
      }
      throw new IOException("cannot write results to " + directory + ": "
          + ResultFiles.reason(e), e);
    }
  }
}
