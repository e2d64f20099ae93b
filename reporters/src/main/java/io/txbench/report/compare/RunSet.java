package io.txbench.report.compare;

import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.ResultFiles;
import io.txbench.report.files.SummaryJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The runs that compare, merge and report read, from the directories a user names: a run's own
 * directory, or a directory of runs (a sweep's, or any whose sub-directories hold a summary.json).
 * They come in the order they started, which is a sweep's order and, unlike the order of a shell
 * glob, tells which run came first (every run has a start: it is checked when loaded).
 */
public final class RunSet {
  /** Why a run is left out of what reads runs: its 0 tps measured nothing. */
  public static final String STOPPED_BEFORE_MEASURING = "stopped before measuring";

  private RunSet() {}

  /**
   * Reads every run under {@code paths}, the exception's message naming what is wrong; each run
   * read once however many ways it is named (through a link such as "latest", or a directory given
   * twice: links resolved, the path that is no link kept), and without the runs that were stopped
   * before they measured anything; each run left out is a one-line note to {@code notes}.
   *
   * @throws IOException also when no run is left
   */
  public static List<ResultDirectory> load(List<Path> paths, Consumer<String> notes)
      throws IOException {
    Map<Path, Path> byRealPath = new LinkedHashMap<>();
    for (Path path : paths) {
      for (Path run : runsIn(path)) {
        Path real = ResultFiles.realPath(run);
        Path kept = byRealPath.putIfAbsent(real, run);
        if (kept == null) {
          continue;
        }
        boolean linkKept = Files.isSymbolicLink(kept) && !Files.isSymbolicLink(run);
        if (linkKept) {
          byRealPath.put(real, run);
        }
        notes.accept(
            "skipped "
                + (linkKept ? kept : run)
                + ": the same run as "
                + (linkKept ? run : kept)
                + " (counted once)");
      }
    }
    List<ResultDirectory> ordered = new ArrayList<>();
    for (Path run : byRealPath.values()) {
      ResultDirectory loaded = ResultDirectory.load(run);
      if (loaded.summary().measured()) {
        ordered.add(loaded);
      } else {
        notes.accept("skipped " + run + ": " + STOPPED_BEFORE_MEASURING);
      }
    }
    if (ordered.isEmpty()) {
      throw new IOException(
          String.join(", ", paths.stream().map(Path::toString).toList())
              + " holds no measured run (every one was "
              + STOPPED_BEFORE_MEASURING
              + ")");
    }
    ordered.sort(Comparator.comparing(ResultDirectory::start));
    return ordered;
  }

  /**
   * The run {@code chosen} names, by the directory given or by its name; the message of the
   * exception says which runs there are.
   */
  public static ResultDirectory baseline(List<ResultDirectory> runs, String chosen) {
    String names = String.join(", ", runs.stream().map(ResultDirectory::label).toList());
    if (chosen.isBlank()) {
      throw new IllegalArgumentException(
          "--baseline must name a run: its directory, or its name (" + names + ")");
    }
    Path asPath = Path.of(chosen).toAbsolutePath().normalize();
    List<ResultDirectory> byPath =
        runs.stream().filter(r -> r.path().toAbsolutePath().normalize().equals(asPath)).toList();
    if (byPath.size() == 1) {
      return byPath.get(0);
    }
    List<ResultDirectory> byName = runs.stream().filter(r -> r.label().equals(chosen)).toList();
    if (byName.size() == 1) {
      return byName.get(0);
    }
    if (byName.isEmpty()) {
      throw new IllegalArgumentException(
          "--baseline " + chosen + " is none of the runs compared (" + names + ")");
    }
    throw new IllegalArgumentException(
        "--baseline "
            + chosen
            + " names "
            + byName.size()
            + " runs: give its directory instead ("
            + String.join(", ", byName.stream().map(r -> r.path().toString()).toList())
            + ")");
  }

  /** {@code path} itself when it holds a run, else its sub-directories that do. */
  private static List<Path> runsIn(Path path) throws IOException {
    if (!Files.isDirectory(path) || Files.exists(path.resolve(SummaryJson.FILE))) {
      return List.of(path); // loading it says what is wrong, if anything
    }
    List<Path> runs;
    try (Stream<Path> children = Files.list(path)) {
      runs =
          children.filter(c -> Files.isRegularFile(c.resolve(SummaryJson.FILE))).sorted().toList();
    } catch (IOException e) {
      throw new IOException("cannot read " + path + ": " + ResultFiles.reason(e), e);
    }
    if (runs.isEmpty()) {
      throw new IOException(
          path
              + " is not a txbench result directory (no "
              + SummaryJson.FILE
              + "), nor a directory of runs (none of its sub-directories holds one)");
    }
    return runs;
  }
}
