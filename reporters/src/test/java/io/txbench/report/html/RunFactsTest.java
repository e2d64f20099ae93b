package io.txbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.txbench.core.spi.Verification;
import io.txbench.report.files.SummaryFile;
import io.txbench.report.files.SummaryFileTest;
import io.txbench.report.files.SummaryJson;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The isolation a report shows as a fact of its own is the option whose role the summary records as
 * the isolation: the SQL isolation level in a summary written before roles were recorded, any
 * target's option in one that records it.
 */
class RunFactsTest {

  /** A run's summary with {@code options}, and {@code roles} as its optionRoles (null: none). */
  private static SummaryFile run(Map<String, Object> options, @Nullable Map<String, String> roles) {
    SummaryFile s =
        SummaryJson.of(SummaryFileTest.representative(Verification.notRun("none")), null);
    SummaryFile.Provenance p = s.provenance();
    return new SummaryFile(
        s.identity(),
        s.window(),
        s.outcomes(),
        s.breakdown(),
        s.environment(),
        s.checks(),
        new SummaryFile.Provenance(
            options, roles, p.setup(), p.overlapSeconds(), p.mergedFrom(), p.resultDirectory()));
  }

  private static Map<String, Object> options(String name, String value) {
    Map<String, Object> options = new LinkedHashMap<>();
    options.put("seed", 42);
    options.put(name, value);
    return options;
  }

  private static Map<String, List<String>> byName(List<RunFact> facts) {
    Map<String, List<String>> byName = new LinkedHashMap<>();
    facts.forEach(f -> byName.put(f.name(), f.values()));
    return byName;
  }

  @Test
  void aSummaryWrittenBeforeRolesShowsItsSqlIsolationLevelAsTheIsolation() {
    Map<String, List<String>> facts =
        byName(
            RunFacts.of(
                List.of(
                    run(options("sql-isolation-level", "SERIALIZABLE"), null),
                    run(options("sql-isolation-level", "READ_COMMITTED"), null))));
    assertEquals(
        List.of("serializable", "read_committed"), facts.get("isolation"), facts::toString);
    assertFalse(facts.containsKey("sql-isolation-level"), facts::toString);
  }

  @Test
  void anEnumsConstantIsShownAsUsersTypeIt() {
    Map<String, Object> options = options("distribution", "DEFAULT");
    options.put("indexes", "NONE");
    options.put("mongo-read-preference", "primaryPreferred");
    Map<String, List<String>> facts = byName(RunFacts.of(List.of(run(options, null))));
    assertEquals(List.of("default"), facts.get("distribution"), facts::toString);
    assertEquals(List.of("none"), facts.get("indexes"), facts::toString);
    assertEquals(List.of("primaryPreferred"), facts.get("mongo-read-preference"), facts::toString);
  }

  @Test
  void theOptionASummaryGivesTheIsolationsRoleIsShownAsTheIsolation() {
    Map<String, String> roles = Map.of("acme-level", "isolation");
    Map<String, List<String>> facts =
        byName(
            RunFacts.of(
                List.of(
                    run(options("acme-level", "strict"), roles),
                    run(options("acme-level", "relaxed"), roles))));
    assertEquals(List.of("strict", "relaxed"), facts.get("isolation"), facts::toString);
    assertFalse(facts.containsKey("acme-level"), facts::toString);
    // A summary that records roles gives none to an option it does not name.
    Map<String, List<String>> unnamed =
        byName(
            RunFacts.of(
                List.of(
                    run(options("sql-isolation-level", "SERIALIZABLE"), roles),
                    run(options("sql-isolation-level", "READ_COMMITTED"), roles))));
    assertFalse(unnamed.containsKey("isolation"), unnamed::toString);
    assertEquals(
        List.of("serializable", "read_committed"),
        unnamed.get("sql-isolation-level"),
        unnamed::toString);
  }
}
