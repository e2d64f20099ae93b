package io.txbench.report.files;

import io.txbench.core.spi.OptionRole;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The roles of a summary's options ({@link OptionRole}) as its {@code optionRoles} records them,
 * for reports that treat an option by what it means, not by its name. The summary alone decides:
 * not the targets on the class path, so that one summary reads the same wherever it is read.
 */
public final class OptionRoles {
  /**
   * The roles of a summary written before {@code optionRoles}: those its options had when it was
   * written, the one place reports name a target's option.
   */
  private static final Map<String, OptionRole> BEFORE_RECORDED =
      Map.of(
          "sql-isolation-level", OptionRole.ISOLATION,
          "mongo-read-concern", OptionRole.CONSISTENCY,
          "mongo-write-concern", OptionRole.CONSISTENCY);

  private OptionRoles() {}

  /**
   * {@code roles} as summary.json records them: by name in name order, each by its label; null
   * (left out) when no option has one.
   */
  static @Nullable Map<String, String> written(Map<String, OptionRole> roles) {
    if (roles.isEmpty()) {
      return null;
    }
    Map<String, String> written = new TreeMap<>();
    roles.forEach((name, role) -> written.put(name, role.label()));
    return written;
  }

  /**
   * The roles of {@code run}'s options, by name in name order: those its summary records, or,
   * written before it recorded them, those its options had then. A role this version does not know
   * (a later one's) is left out.
   */
  public static SortedMap<String, OptionRole> of(SummaryFile run) {
    SortedMap<String, OptionRole> roles = new TreeMap<>();
    Map<String, String> recorded = run.provenance().optionRoles();
    if (recorded == null) {
      roles.putAll(BEFORE_RECORDED);
    } else {
      recorded.forEach(
          (name, label) -> OptionRole.ofLabel(label).ifPresent(role -> roles.put(name, role)));
    }
    return roles;
  }

  /**
   * The names of {@code run}'s options of the guarantees its transactions ran with ({@link
   * OptionRole#ISOLATION}, {@link OptionRole#CONSISTENCY}), in name order: they change what a run
   * measures as much as its server does.
   */
  public static List<String> guarantees(SummaryFile run) {
    return named(run, EnumSet.of(OptionRole.ISOLATION, OptionRole.CONSISTENCY));
  }

  /** The names of {@code run}'s options whose role is one of {@code roles}, in name order. */
  public static List<String> named(SummaryFile run, Set<OptionRole> roles) {
    return of(run).entrySet().stream()
        .filter(e -> roles.contains(e.getValue()))
        .map(Map.Entry::getKey)
        .toList();
  }
}
