package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The word a mistyped one was meant to be. */
class SuggestionsTest {
  @Test
  void editsAreCountedOnceEach() {
    assertEquals(0, Suggestions.distance("parallelism", "parallelism"));
    assertEquals(1, Suggestions.distance("paralelism", "parallelism"));
    assertEquals(1, Suggestions.distance("druation", "duration")); // two letters swapped
    assertEquals(3, Suggestions.distance("", "abc"));
  }

  @Test
  void onlyANearEnoughWordIsSuggested() {
    List<String> known = List.of("insert", "update", "delete");
    assertEquals(Optional.of("update"), Suggestions.nearest("updte", known, Map.of()));
    assertEquals(Optional.empty(), Suggestions.nearest("tpcc", known, Map.of()));
    assertEquals(Optional.empty(), Suggestions.nearest("x", List.of("-h", "-V"), Map.of()));
    // A synonym counts only when what it names is there.
    assertEquals(Optional.empty(), Suggestions.nearest("--threads", List.of("--output"), Map.of()));
  }
}
