package io.txbench.report.history;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The series' names on a page, each one short line: its target, workload and parallelism, then only
 * what tells it apart from the other series of the same target, workload and parallelism (a server
 * version, a setting, the isolation, the volume of data, the client machine), as its words give
 * them: {@code postgres airline x8 · PostgreSQL 17.4} beside {@code postgres airline x8 ·
 * PostgreSQL 17.2}, and {@code postgres airline x4} alone. The rest is in each series' details.
 */
final class SeriesNames {
  private SeriesNames() {}

  /** The name of each of {@code keys}, in their order. */
  static List<String> of(List<SeriesKey> keys) {
    Map<String, Set<String>> differing = new HashMap<>();
    List<String> names = new ArrayList<>();
    for (SeriesKey key : keys) {
      Set<String> shown =
          differing.computeIfAbsent(
              key.name(), name -> differing(keys.stream().filter(k -> k.name().equals(name))));
      StringBuilder name = new StringBuilder(key.name());
      parts(key)
          .forEach(
              (part, words) -> {
                if (shown.contains(part) && !words.isEmpty()) {
                  name.append(" · ").append(words);
                }
              });
      names.add(name.toString());
    }
    return names;
  }

  /**
   * The parts in which some of {@code namesakes} differ from others, a part missing being empty.
   */
  private static Set<String> differing(Stream<SeriesKey> namesakes) {
    List<Map<String, String>> all = namesakes.map(SeriesNames::parts).toList();
    Set<String> names = new HashSet<>();
    all.forEach(parts -> names.addAll(parts.keySet()));
    Set<String> differing = new HashSet<>();
    for (String name : names) {
      if (all.stream().map(parts -> parts.getOrDefault(name, "")).distinct().count() > 1) {
        differing.add(name);
      }
    }
    return differing;
  }

  /** Each part of {@code key} but its name, by what it is, in the order of its words. */
  private static Map<String, String> parts(SeriesKey key) {
    Map<String, String> parts = new LinkedHashMap<>();
    parts.put("server", key.serverVersion());
    parts.put("isolation", key.isolation());
    parts.put("data", key.data());
    key.serverSettings().forEach((k, v) -> parts.put("setting " + k, k + "=" + v));
    parts.put("client", key.client().isEmpty() ? "" : "client " + key.clientWords());
    return parts;
  }
}
