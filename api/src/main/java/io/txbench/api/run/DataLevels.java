package io.txbench.api.run;

import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.WorkloadKind;
import io.txbench.core.spi.WorkloadOptions;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The data volumes a command measures, in order: the values of its workload's data-volume option
 * ({@code --table-size}, {@code --scale}: {@link WorkloadKind#dataVolume}), given as a list in
 * increasing order, each level growing the data of the one before (or loading it afresh); one level
 * when the option has one value, and one without an option when the workload's data has one size.
 *
 * @param option the data-volume option, or null for a workload without one
 * @param values its values, typed as the option parses them, in increasing order
 * @param given whether the command line gave them; its default alone otherwise, which a run on data
 *     loaded before ({@code --skip-setup}) does not ask for: it records the data loaded instead
 */
public record DataLevels(@Nullable DeclaredOption<?> option, List<?> values, boolean given) {

  public DataLevels {
    values = List.copyOf(values);
  }

  /** The one level of a workload whose data has one size. */
  public static DataLevels none() {
    return new DataLevels(null, List.of(), false);
  }

  /**
   * The levels {@code text} gives {@code option}: values it accepts, separated by commas, each
   * larger than the one before.
   *
   * @throws IllegalArgumentException saying which value is wrong and why, in one line
   */
  public static DataLevels parse(DeclaredOption<?> option, String text) {
    List<Object> values = new ArrayList<>();
    for (String part : text.split(",", -1)) {
      Object value = option.parse(part);
      if (!values.isEmpty()) {
        Object previous = values.get(values.size() - 1);
        int order = compare(previous, value);
        if (order == 0) {
          throw new IllegalArgumentException(
              shown(value) + " is given twice: a sweep measures each level once");
        }
        if (order > 0) {
          throw new IllegalArgumentException(
              "levels go up, as each grows the data of the one before: "
                  + shown(value)
                  + " comes after "
                  + shown(previous));
        }
      }
      values.add(value);
    }
    return new DataLevels(option, values, true);
  }

  /** The one level of {@code option} not given: its default. */
  public static DataLevels byDefault(DeclaredOption<?> option) {
    return new DataLevels(option, List.of(option.defaultValue()), false);
  }

  @SuppressWarnings({"unchecked", "rawtypes"}) // one option's values: all of one Comparable type
  private static int compare(Object a, Object b) {
    return ((Comparable) a).compareTo(b);
  }

  /** How many levels: 1 for a workload without a data-volume option. */
  public int size() {
    return option == null ? 1 : values.size();
  }

  /** Whether there are several levels: a sweep over data volume. */
  public boolean sweeps() {
    return size() > 1;
  }

  /** The option's name without its dashes ({@code table-size}), or null without one. */
  public @Nullable String name() {
    return option == null ? null : option.name().replaceFirst("^--", "");
  }

  /** {@code workload} with its data-volume option at the {@code level}-th value. */
  public WorkloadOptions at(WorkloadOptions workload, int level) {
    return new WorkloadOptions(workload.kind(), workload.seed(), in(workload.declared(), level));
  }

  /** {@code declared} with the data-volume option at the {@code level}-th value, where given. */
  public OptionValues in(OptionValues declared, int level) {
    return !given || option == null ? declared : with(declared, option, values.get(level));
  }

  private static <T> OptionValues with(
      OptionValues declared, DeclaredOption<T> option, Object value) {
    @SuppressWarnings("unchecked") // the option parsed it: a T
    T typed = (T) value;
    return declared.with(option, typed);
  }

  /** The level as a result directory's name says it: {@code table-size100000}, {@code scale0.5}. */
  public String label(int level) {
    return name() + shown(values.get(level));
  }

  /** The level as the console says it: {@code table-size 100000}. */
  public String describe(int level) {
    return name() + " " + shown(values.get(level));
  }

  /** A value as typed, never in exponent notation. */
  private static String shown(Object value) {
    return value instanceof BigDecimal d ? d.toPlainString() : String.valueOf(value);
  }
}
