package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.cli.help.OptionSections;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * --help lists the options under headings, as sysbench and pgbench do (run, connection, workload,
 * output, target-specific), each option once and none left over; and never shows a default that
 * says nothing ("Default: ." or a placeholder such as "Default: default.").
 */
class HelpSectionsTest {
  private static final List<String> HEADINGS =
      List.of("Run", "Connection", "Workload", "Output", "Target-specific", "Help");

  /** The help's options by the heading they are under, in the help's order. */
  private static Map<String, List<String>> sections(String help) {
    Map<String, List<String>> sections = new LinkedHashMap<>();
    List<String> current = null;
    Pattern option = Pattern.compile("^\\s{2,8}(?:-\\w, )?(--[a-z0-9-]+)");
    for (String line : help.split("\n")) {
      if (line.matches("[A-Z][A-Za-z -]*:")) {
        current = new ArrayList<>();
        sections.put(line.substring(0, line.length() - 1), current);
      } else if (current != null) {
        Matcher m = option.matcher(line);
        if (m.find()) {
          current.add(m.group(1));
        }
      }
    }
    return sections;
  }

  private static List<String> under(Map<String, List<String>> sections, String heading) {
    return sections.getOrDefault(heading, List.of());
  }

  @Test
  void theOptionsAreUnderHeadingsEachOnce() {
    String help = CliRun.of("--help").out();
    Map<String, List<String>> sections = sections(help);
    List<String> headings = new ArrayList<>(sections.keySet());
    headings.remove("Commands");
    assertEquals(HEADINGS, headings, help);
    assertFalse(help.contains(OptionSections.UNSORTED), help);
    assertTrue(
        under(sections, "Run").containsAll(List.of("--duration", "--parallelism", "--drop")));
    assertTrue(
        under(sections, "Connection")
            .containsAll(List.of("--target-database-host", "--target-url", "--embedded")));
    assertTrue(
        under(sections, "Workload")
            .containsAll(List.of("--workload", "--table-size", "--distribution")));
    assertTrue(under(sections, "Output").containsAll(List.of("--metrics", "--threshold")));
    assertTrue(
        under(sections, "Target-specific")
            .containsAll(
                List.of("--sql-isolation-level", "--mongo-read-concern", "--toy-flavour")));
    List<String> all = sections.values().stream().flatMap(List::stream).toList();
    assertEquals(all.size(), all.stream().distinct().count(), "each option once: " + all);
  }

  @Test
  void noDefaultIsEmptyOrAPlaceholder() {
    String help = CliRun.of("--help").out().replaceAll("\\s+", " ");
    Matcher shown = Pattern.compile("Default: ([^ ]*?)\\.(?: |$)").matcher(help);
    List<String> bad = new ArrayList<>();
    while (shown.find()) {
      String value = shown.group(1);
      if (value.isEmpty() || value.equalsIgnoreCase("default") || value.equals("null")) {
        bad.add(shown.group());
      }
    }
    assertEquals(List.of(), bad, help);
    assertTrue(help.contains("--distribution=NAME"), help);
    assertTrue(help.contains("--http-request=FILE"), help);
  }
}
