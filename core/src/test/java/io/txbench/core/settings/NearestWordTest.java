package io.txbench.core.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The word a mistyped one was meant to be. */
class NearestWordTest {
  @Test
  void editsAreCountedOnceEach() {
    assertEquals(0, NearestWord.distance("parallelism", "parallelism"));
    assertEquals(1, NearestWord.distance("paralelism", "parallelism"));
    assertEquals(1, NearestWord.distance("druation", "duration")); // two letters swapped
    assertEquals(3, NearestWord.distance("", "abc"));
  }

  @Test
  void onlyANearEnoughWordIsSuggested() {
    List<String> known = List.of("insert", "update", "delete");
    assertEquals(Optional.of("update"), NearestWord.nearest("updte", known, Map.of()));
    assertEquals(Optional.empty(), NearestWord.nearest("tpcc", known, Map.of()));
    assertEquals(Optional.empty(), NearestWord.nearest("x", List.of("-h", "-V"), Map.of()));
    // A synonym counts only when what it names is there.
    assertEquals(Optional.empty(), NearestWord.nearest("--threads", List.of("--output"), Map.of()));
  }
}
