package io.txbench.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.core.spi.Answer;
import io.txbench.core.spi.Verification;
import io.txbench.report.console.VerdictText;
import io.txbench.report.files.AnswersFile;
import io.txbench.report.files.FakeRuns;
import io.txbench.report.files.ResultDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** compare's check of answers, over result directories the real writers wrote. */
class AnswerCheckTest {
  private static final List<String> COLUMNS = List.of("customer", "product", "orders", "quantity");
  private static final Map<String, Object> DATA = Map.of("seed", 42, "scale", 0.01);

  @TempDir Path dir;

  @Test
  void runsThatReturnedTheSameAnswersAgreeAndTheFilesHoldThem() throws IOException {
    Path postgres = run("postgres", DATA, answer(5, 7));
    Path mongo = run("mongo", DATA, answer(5, 7));
    JsonNode summary = new ObjectMapper().readTree(postgres.resolve("summary.json").toFile());
    JsonNode recorded = summary.get("verification").get("answers").get("group-by");
    assertEquals(3, recorded.get("rows").asInt());
    assertEquals(answer(5, 7).digest(), recorded.get("digest").asText());
    assertEquals(Answer.PRECISION, summary.get("verification").get("answerPrecision").asText());
    assertEquals(
        List.of(
            "group-by\tKim\tLamp\t7\t20",
            "group-by\tSmith\tChair\t5\t10",
            "group-by\t\\N\t\\N\t12\t30"),
        Files.readAllLines(postgres.resolve(AnswersFile.FILE)));

    AnswerCheck check = check(postgres, mongo);
    assertFalse(check.differ());
    assertTrue(
        check.text().contains("group-by       agree, 3 rows: postgres, mongo agree"), check.text());
  }

  @Test
  void aChangedRowIsNamedByItsKeyAndTheCellsThatDiffer() throws IOException {
    Path postgres = run("postgres", DATA, answer(5, 7));
    Path mongo = run("mongo", DATA, answer(6, 7));
    AnswerCheck check = check(postgres, mongo);
    assertTrue(check.differ());
    assertTrue(check.text().contains("group-by       DIFFER, 3 rows"), check.text());
    assertTrue(
        check.text().contains("mongo DIFFERS (3 rows against 3), first at row 2:"), check.text());
    assertTrue(
        check.text().contains("postgres: customer=Smith product=Chair orders=5\n"), check.text());
    assertTrue(
        check.text().contains("mongo: customer=Smith product=Chair orders=6\n"), check.text());
  }

  @Test
  void aMissingRowIsNamedWithTheRunThatHasIt() throws IOException {
    Path postgres = run("postgres", DATA, answer(5, 7));
    Path mariadb =
        run(
            "mariadb",
            DATA,
            Answer.of(
                "group-by",
                COLUMNS,
                List.of(
                    Arrays.asList(null, null, 12, 30), Arrays.asList("Smith", "Chair", 5, 10))));
    AnswerCheck check = check(postgres, mariadb);
    assertTrue(check.differ());
    assertTrue(
        check.text().contains("only postgres has customer=Kim product=Lamp orders=7 quantity=20"),
        check.text());
  }

  @Test
  void runsThatAskedOneQueryEachAreComparedQueryByQuery() throws IOException {
    Answer join = Answer.of("join", List.of("order_id"), List.of(List.of(7), List.of(9)));
    Path joinOnly = run("join-only", DATA, join);
    Path groupOnly = run("group-only", DATA, answer(5, 7));
    Path both =
        FakeRuns.write(
            dir.resolve("both"),
            "both",
            1_000,
            2,
            10,
            1,
            true,
            "embedded",
            DATA,
            Verification.of(Map.of(), List.of()).withAnswers(List.of(answer(5, 7), join)));
    AnswerCheck check = check(joinOnly, groupOnly, both);
    assertFalse(check.differ(), check.text());
    assertEquals(
        List.of(
            "answers of insert seed 42 scale 0.01 (" + Answer.PRECISION + "):",
            "  join           agree, 2 rows: join-only, both agree",
            "  group-by       agree, 3 rows: group-only, both agree"),
        check.text().lines().toList());
  }

  @Test
  void runsOfOtherDataAreNotComparedWithEachOther() throws IOException {
    Path small = run("postgres", DATA, answer(5, 7));
    Path large = run("mongo", Map.of("seed", 42, "scale", 1), answer(50, 70));
    AnswerCheck check = check(small, large);
    assertFalse(check.differ(), check.text());
    assertTrue(check.text().contains("answers of insert seed 42 scale 0.01"), check.text());
    assertTrue(check.text().contains("answers of insert seed 42 scale 1 "), check.text());
  }

  @Test
  void withoutItsAnswersFileADifferenceIsStillReportedAndSaysWhyItsRowIsNotNamed()
      throws IOException {
    Path postgres = run("postgres", DATA, answer(5, 7));
    Path mongo = run("mongo", DATA, answer(6, 7));
    Files.delete(mongo.resolve(AnswersFile.FILE));
    AnswerCheck check = check(postgres, mongo);
    assertTrue(check.differ());
    assertTrue(check.text().contains("answers.tsv is missing from mongo"), check.text());
  }

  @Test
  void runsWithoutAnswersAddNothing() throws IOException {
    Path a = FakeRuns.write(dir.resolve("a"), "postgres", 1_000, 2, 10, 1);
    Path b = FakeRuns.write(dir.resolve("b"), "mongo", 1_000, 2, 10, 1);
    AnswerCheck check = check(a, b);
    assertEquals("", check.text());
    assertFalse(check.differ());
    assertFalse(Files.exists(a.resolve(AnswersFile.FILE)));
  }

  private static Answer answer(int smithOrders, int kimOrders) {
    return Answer.of(
        "group-by",
        COLUMNS,
        List.of(
            Arrays.asList("Smith", "Chair", smithOrders, 10),
            Arrays.asList("Kim", "Lamp", kimOrders, 20),
            Arrays.asList(null, null, 12, 30)));
  }

  private Path run(String name, Map<String, Object> options, Answer answer) throws IOException {
    return FakeRuns.write(
        dir.resolve(name),
        name,
        1_000,
        2,
        10,
        1,
        true,
        "embedded",
        options,
        Verification.of(Map.of(), List.of()).withAnswers(List.of(answer)));
  }

  private static AnswerCheck check(Path... runs) throws IOException {
    List<ResultDirectory> loaded =
        Arrays.stream(runs)
            .map(
                p -> {
                  try {
                    return ResultDirectory.load(p);
                  } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                  }
                })
            .toList();
    return AnswerCheck.of(loaded, loaded.get(0));
  }

  @Test
  void theConsoleSaysEachAnswersRowsAndDigest() {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    java.io.PrintStream out =
        new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8);
    Answer answer = answer(5, 7);
    VerdictText.printVerification(
        out,
        Verification.of(Map.of("committed", 6L), List.of()).withAnswers(List.of(answer)),
        UnaryOperator.identity());
    assertEquals(
        List.of(
            "  verification  passed {committed=6}",
            "  answers       numbers rounded to 4 decimal places, half to even; compare checks them",
            "    group-by               3 rows  " + answer.digest().substring(0, 23)),
        bytes.toString(java.nio.charset.StandardCharsets.UTF_8).lines().toList());
  }
}
