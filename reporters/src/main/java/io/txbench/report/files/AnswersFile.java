package io.txbench.report.files;

import io.txbench.core.spi.Answer;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * answers.tsv: the canonical rows of every answer verify recorded, each line the query's name, a
 * tab and the row's canonical line (its cells separated by tabs), the queries in the order they ran
 * and each one's rows sorted, as {@link Answer} makes them. The columns are in summary.json.
 * compare reads it to name the first row where two runs' answers differ.
 */
public final class AnswersFile {
  public static final String FILE = "answers.tsv";

  private AnswersFile() {}

  /**
   * Writes the answers to {@code directory}, each line passed through {@code mask}; nothing when
   * there are none. The old file stays until the new one is complete.
   */
  static void write(Path directory, List<Answer> answers, UnaryOperator<String> mask)
      throws IOException {
    if (answers.isEmpty()) {
      return;
    }
    ResultFiles.writeWhole(
        directory.resolve(FILE),
        partial -> {
          try (BufferedWriter out = Files.newBufferedWriter(partial, StandardCharsets.UTF_8)) {
            for (Answer answer : answers) {
              for (String row : answer.rows()) {
                out.write(mask.apply(answer.query() + "\t" + row));
                out.write('\n');
              }
            }
          }
        });
  }

  /**
   * The rows of each query in {@code directory}'s answers.tsv, by query; empty when the run wrote
   * none (or an older txbench ran it).
   *
   * @throws IOException naming the file when it cannot be read
   */
  public static Optional<Map<String, List<String>>> read(Path directory) throws IOException {
    Path file = directory.resolve(FILE);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IOException("cannot read " + file + ": " + ResultFiles.reason(e), e);
    }
    Map<String, List<String>> rows = new LinkedHashMap<>();
    for (String line : lines) {
      int tab = line.indexOf('\t');
      if (tab < 0) {
        throw new IOException(file + " is corrupt: a line without a query name: " + line);
      }
      rows.computeIfAbsent(line.substring(0, tab), q -> new ArrayList<>())
          .add(line.substring(tab + 1));
    }
    return Optional.of(rows);
  }
}
