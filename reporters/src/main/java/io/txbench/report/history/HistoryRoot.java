package io.txbench.report.history;

import io.txbench.report.compare.RunSet;
import io.txbench.report.files.ResultFiles;
import io.txbench.report.files.SummaryFile;
import io.txbench.report.files.SummaryJson;
import java.io.IOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The runs under a results root, at any depth (every {@code summary.json} is one run), grouped into
 * series. A scheduled history must not die of one bad file: a summary or directory that cannot be
 * read is reported to {@code warnings} in one line and left out, unless the caller asked to be
 * strict (a run the user named). A run stopped before it measured anything is left out with a note
 * to {@code warnings}, strict or not: its 0 tps is no measurement. Links are followed (a root on
 * another disk, a run linked as "latest"), each run read once, and a link loop is trouble like any
 * other.
 */
public final class HistoryRoot {
  private HistoryRoot() {}

  /**
   * The series under {@code roots} together, in {@link SeriesKey#ORDER}; each run's trouble goes to
   * {@code warnings}, or with {@code strict} is thrown.
   *
   * @throws IOException when a root is no directory, or they hold no run that could be read
   */
  public static List<Series> read(List<Path> roots, boolean strict, Consumer<String> warnings)
      throws IOException {
    List<Path> files = new ArrayList<>();
    for (Path root : roots) {
      if (!Files.isDirectory(root)) {
        throw new IOException(
            root + (Files.exists(root) ? " is not a directory" : ": no such directory"));
      }
      int before = files.size();
      files.addAll(summaries(root, strict, warnings));
      if (strict && files.size() == before) {
        throw new IOException(root + " holds no txbench run (no " + SummaryJson.FILE + ")");
      }
    }
    Map<SeriesKey, List<HistoryRun>> bySeries = new LinkedHashMap<>();
    java.util.Set<Path> seen = new java.util.HashSet<>();
    int unmeasured = 0;
    for (Path file : files) {
      if (!seen.add(ResultFiles.realPath(file))) {
        continue; // under two of the roots, or linked twice
      }
      SummaryFile summary;
      try {
        summary = SummaryFile.read(file);
      } catch (IOException | RuntimeException e) {
        if (strict) {
          throw new IOException(e.getMessage(), e);
        }
        warnings.accept("skipped " + String.valueOf(e.getMessage()).replaceAll("\\s*\\R\\s*", " "));
        continue;
      }
      if (!summary.measured()) {
        // Its 0 tps is no measurement: a baseline or a latest run of it would be a false verdict.
        warnings.accept("skipped " + file.getParent() + ": " + RunSet.STOPPED_BEFORE_MEASURING);
        unmeasured++;
        continue;
      }
      bySeries
          .computeIfAbsent(SeriesKey.of(summary), k -> new ArrayList<>())
          .add(HistoryRun.of(file, summary));
    }
    if (bySeries.isEmpty()) {
      throw new IOException(
          String.join(", ", roots.stream().map(Path::toString).toList())
              + (unmeasured > 0
                  ? " holds no measured run ("
                      + unmeasured
                      + " "
                      + RunSet.STOPPED_BEFORE_MEASURING
                      + ")"
                  : " holds no txbench run (no readable " + SummaryJson.FILE + ")"));
    }
    List<Series> series = new ArrayList<>();
    bySeries.forEach(
        (key, runs) -> {
          runs.sort(
              Comparator.comparing(HistoryRun::start).thenComparing(r -> r.summary().toString()));
          series.add(new Series(key, runs));
        });
    series.sort(Comparator.comparing(Series::key, SeriesKey.ORDER));
    return series;
  }

  private static List<Path> summaries(Path root, boolean strict, Consumer<String> warnings)
      throws IOException {
    List<Path> found = new ArrayList<>();
    Path inside = ResultFiles.realPath(root);
    Files.walkFileTree(
        root,
        EnumSet.of(FileVisitOption.FOLLOW_LINKS),
        Integer.MAX_VALUE,
        new SimpleFileVisitor<>() {
          /** A link out of the root (to / and its /proc, say) is not followed. */
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
            if (!Files.isSymbolicLink(dir) || ResultFiles.realPath(dir).startsWith(inside)) {
              return FileVisitResult.CONTINUE;
            }
            warnings.accept(
                "skipped "
                    + dir
                    + ": a link out of "
                    + root
                    + " (to "
                    + ResultFiles.realPath(dir)
                    + ")");
            return FileVisitResult.SKIP_SUBTREE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
            if (attributes.isRegularFile()
                && file.getFileName().toString().equals(SummaryJson.FILE)) {
              found.add(file);
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
            String reason =
                "cannot read "
                    + file
                    + ": "
                    + (e instanceof FileSystemLoopException
                        ? "a link loop"
                        : ResultFiles.reason(e));
            if (strict) {
              throw new IOException(reason, e);
            }
            warnings.accept("skipped " + reason);
            return FileVisitResult.CONTINUE;
          }
        });
    found.sort(Comparator.naturalOrder());
    return found;
  }
}
