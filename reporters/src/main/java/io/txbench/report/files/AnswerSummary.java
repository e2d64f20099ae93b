package io.txbench.report.files;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.txbench.core.spi.Answer;
import java.util.List;

/**
 * One query's answer as summary.json records it under {@code verification.answers}: its columns,
 * its number of rows and the digest of its canonical form ({@link Answer}). The rows themselves are
 * in {@value AnswersFile#FILE}, for compare to name the first that differs.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonIgnoreProperties(ignoreUnknown = true)
public record AnswerSummary(List<String> columns, long rows, String digest) {

  static AnswerSummary of(Answer answer) {
    return new AnswerSummary(answer.columns(), answer.rows().size(), answer.digest());
  }
}
