package io.txbench.report.files;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * Writing result files: failures in words that name the file, and whole-file writes that never
 * leave a half-written file behind (the old content stays until the new one is complete).
 */
public final class ResultFiles {
  /**
   * Files earlier versions wrote into a run's directory and this one no longer does (Dropwizard CSV
   * files whose figures intervals.csv and the histogram log hold): still txbench's, so that
   * --overwrite removes them instead of leaving them beside a new run's files.
   */
  static final List<String> RETIRED =
      List.of("errors.csv", "declined.csv", "in-doubt.csv", "service-time.csv");

  /**
   * Every file a run writes into its directory, and those earlier versions wrote; nothing else
   * there is txbench's.
   */
  public static final List<String> NAMES =
      Stream.of(
              Stream.of(
                  SummaryJson.FILE,
                  SummaryJson.FILE + ".partial",
                  AnswersFile.FILE,
                  AnswersFile.FILE + ".partial",
                  IntervalsCsv.FILE,
                  WarmUpPeriods.FILE,
                  HistogramLog.FILE,
                  ServerCsv.FILE),
              MetricsCsv.FILES.stream(),
              RETIRED.stream())
          .flatMap(names -> names)
          .toList();

  /** How deep under a command's inputs runs are looked for: a results root's runs and sweeps. */
  private static final int INPUT_DEPTH = 8;

  private ResultFiles() {}

  /** Whether {@code directory} holds a run's results (any file of {@link #NAMES}). */
  public static boolean holdARun(Path directory) {
    return NAMES.stream().anyMatch(name -> Files.exists(directory.resolve(name)));
  }

  /**
   * Makes {@code directory} ready for a run's results: one that holds a run's results already is
   * refused, or with {@code overwrite} emptied of them (and of nothing else).
   *
   * @throws IOException with a message that names the directory and says what to do
   */
  public static void makeRoom(Path directory, boolean overwrite) throws IOException {
    if (holdARun(directory)) {
      if (!overwrite) {
        throw new IOException(
            directory
                + " already holds the results of a run: give another"
                + " directory, or --overwrite to replace them");
      }
      deleteRun(directory);
    }
  }

  /** Deletes a run's results from {@code directory}, and only those. */
  public static void deleteRun(Path directory) throws IOException {
    for (String name : NAMES) {
      Files.deleteIfExists(directory.resolve(name));
    }
  }

  /** Where {@code path} really is, links resolved; as given if it is not there (to say so). */
  public static Path realPath(Path path) {
    try {
      return path.toRealPath();
    } catch (IOException e) {
      return path.toAbsolutePath().normalize();
    }
  }

  /**
   * The run's result file that writing {@code output} would replace, or empty: a report or an
   * export written over a run's summary.json would destroy the record it was made from. Found by
   * path (links resolved: a symbolic link to it, or a path through a link to its directory), and by
   * identity (the file's device and inode): a hard link to a result file of the runs under {@code
   * inputs} is that file under another name.
   */
  public static Optional<Path> runFileAt(Path output, List<Path> inputs) {
    Path absolute = output.toAbsolutePath().normalize();
    Path parent = absolute.getParent();
    Path real =
        Files.exists(absolute) || parent == null
            ? realPath(absolute)
            : realPath(parent).resolve(absolute.getFileName());
    Path directory = real.getParent();
    if (directory != null
        && NAMES.contains(String.valueOf(real.getFileName()))
        && holdARun(directory)) {
      return Optional.of(real);
    }
    return hardLinked(real) ? sameFileUnder(real, inputs) : Optional.empty();
  }

  /** Whether {@code file} is a regular file with more than one name (hard links). */
  private static boolean hardLinked(Path file) {
    try {
      return Files.isRegularFile(file)
          && ((Number) Files.getAttribute(file, "unix:nlink")).intValue() > 1;
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return Files.isRegularFile(file); // no link count here: look for it all the same
    }
  }

  /** The result file under {@code inputs} that is {@code file} itself, or empty. */
  private static Optional<Path> sameFileUnder(Path file, List<Path> inputs) {
    for (Path input : inputs) {
      try (Stream<Path> found = Files.walk(input, INPUT_DEPTH)) {
        Optional<Path> same =
            found
                .filter(f -> NAMES.contains(String.valueOf(f.getFileName())))
                .filter(f -> sameFile(f, file))
                .map(ResultFiles::realPath)
                .findFirst();
        if (same.isPresent()) {
          return same;
        }
      } catch (IOException | UncheckedIOException unreadable) {
        // An input that cannot be read is said so by the command that reads it.
      }
    }
    return Optional.empty();
  }

  /** Whether {@code a} and {@code b} are one file (its device and inode), by whichever names. */
  public static boolean sameFile(Path a, Path b) {
    try {
      return Files.isSameFile(a, b);
    } catch (IOException e) {
      return false;
    }
  }

  /** A write failure as one line that names the file and the reason. */
  public static UncheckedIOException cannotWrite(Path file, IOException cause) {
    return new UncheckedIOException("cannot write " + file + ": " + reason(cause), cause);
  }

  /** Why an I/O operation failed, in words: the OS's reason rather than the exception class. */
  public static String reason(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof NotDirectoryException) {
      return "not a directory";
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return String.valueOf(e.getMessage());
  }

  /**
   * Writes {@code value} as indented JSON to {@code file}, replacing it only once complete; a link
   * is followed (the file it names is replaced, the link stays), and a pipe or device ({@code
   * /dev/stdout}, a FIFO) is written through: replacing it would put a file in its place.
   */
  public static void writeJson(Path file, Object value) throws IOException {
    ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    if (Files.exists(file) && !Files.isRegularFile(file) && !Files.isDirectory(file)) {
      try (OutputStream out = Files.newOutputStream(file)) {
        json.writeValue(out, value);
      } catch (IOException e) {
        throw new IOException("cannot write " + file + ": " + reason(e), e);
      }
      return;
    }
    writeWhole(file, partial -> json.writeValue(partial.toFile(), value));
  }

  /** What reads the records of a CSV file; an IllegalArgumentException says what is wrong. */
  @FunctionalInterface
  public interface CsvRecords<T> {
    T read(CSVParser records) throws IOException;
  }

  /**
   * What {@code reading} makes of the records of {@code file}, a CSV file with a header. The
   * exception's message is one line that names the file: that it cannot be read, or that it is
   * corrupt and why (the first line of the message of an IllegalArgumentException).
   */
  public static <T> T readCsv(Path file, CsvRecords<T> reading) throws IOException {
    try (Reader in = Files.newBufferedReader(file);
        CSVParser parser =
            CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
      return reading.read(parser);
    } catch (IOException e) {
      throw new IOException("cannot read " + file + ": " + reason(e), e);
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new IOException(
          file + " is corrupt: " + String.valueOf(e.getMessage()).lines().findFirst().orElse(""),
          e);
    }
  }

  /**
   * "line 3": the line of a CSV file {@code record} is on (the header is line 1, and txbench writes
   * no field over several lines); an IllegalArgumentException when it has another number of fields
   * than its header.
   */
  public static String line(CSVRecord record) {
    String line = "line " + (record.getRecordNumber() + 1);
    if (!record.isConsistent()) {
      throw new IllegalArgumentException(
          line
              + " has "
              + record.size()
              + " fields where its header has "
              + record.getParser().getHeaderNames().size());
    }
    return line;
  }

  /** {@code file} made anew, a CSV file of {@code header} and lines ended by a newline. */
  static CSVPrinter csv(Path file, List<String> header) throws IOException {
    return CSVFormat.DEFAULT
        .builder()
        .setHeader(header.toArray(String[]::new))
        .setRecordSeparator('\n')
        .get()
        .print(Files.newBufferedWriter(file, StandardCharsets.UTF_8));
  }

  /** What writes a file's whole content to the path it is given. */
  @FunctionalInterface
  interface Content {
    void writeTo(Path path) throws IOException;
  }

  /**
   * Writes {@code file} through {@code content} into a {@code .partial} beside it, then moves it in
   * place: the old content stays until the new one is complete, and a failure leaves no partial
   * file. A link is followed (the file it names is replaced, the link stays).
   */
  static void writeWhole(Path file, Content content) throws IOException {
    Path target = Files.isSymbolicLink(file) && Files.exists(file) ? file.toRealPath() : file;
    Path partial = target.resolveSibling(target.getFileName() + ".partial");
    try {
      content.writeTo(partial);
      Files.move(
          partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      Files.deleteIfExists(partial);
      throw new IOException("cannot write " + file + ": " + reason(e), e);
    }
  }
}
