package io.txbench.core.spi;

import io.txbench.core.spi.values.Durations;
import io.txbench.core.spi.values.Range;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * A command-line option that a target (its provider) or a workload kind declares for itself: its
 * name, how help shows it, its default, and how its text becomes a value. The command line renders
 * and parses it without knowing what it means; the one who declared it reads the value back, typed,
 * from {@link OptionValues}.
 *
 * @param name the option, with its dashes: {@code --mongo-read-concern}
 * @param paramLabel what help shows for the value ({@code LEVEL}), or {@code true|false} for a flag
 * @param description one or two sentences for help, without the default
 * @param defaultText the default, as it would be typed
 * @param flag whether the option may stand alone, meaning {@code true}
 * @param parser text to value; throws {@link IllegalArgumentException} saying what is wrong
 * @param repeatable whether the option may be given more than once: the command line then joins its
 *     values with commas before {@code parser} reads them ({@code --query join --query cube} is
 *     {@code join,cube})
 * @param role what the option means to those who compare runs ({@link OptionRole}), recorded in
 *     summary.json beside its value; null for most options, which have none
 */
public record DeclaredOption<T>(
    String name,
    String paramLabel,
    String description,
    String defaultText,
    boolean flag,
    Function<String, T> parser,
    boolean repeatable,
    @Nullable OptionRole role) {

  /** An option given at most once, without a role. */
  public DeclaredOption(
      String name,
      String paramLabel,
      String description,
      String defaultText,
      boolean flag,
      Function<String, T> parser) {
    this(name, paramLabel, description, defaultText, flag, parser, false, null);
  }

  public DeclaredOption {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(defaultText, "defaultText");
    Objects.requireNonNull(parser, "parser");
    if (!name.startsWith("--")) {
      throw new IllegalArgumentException("an option's name starts with --: " + name);
    }
  }

  /** The same option, with {@code role}. */
  public DeclaredOption<T> withRole(OptionRole role) {
    return new DeclaredOption<>(
        name, paramLabel, description, defaultText, flag, parser, repeatable, role);
  }

  /** The value of {@code text}; an {@link IllegalArgumentException} says what is wrong with it. */
  public T parse(String text) {
    return parser.apply(text);
  }

  /** The value when the option is not given. */
  public T defaultValue() {
    return parse(defaultText);
  }

  /** An option that stands alone for {@code true}, or takes {@code true} or {@code false}. */
  public static DeclaredOption<Boolean> flag(String name, String description) {
    return new DeclaredOption<>(
        name,
        "true|false",
        description,
        "false",
        true,
        text -> {
          String lower = text.strip().toLowerCase(Locale.ROOT);
          if (!lower.equals("true") && !lower.equals("false")) {
            throw new IllegalArgumentException("'" + text + "' is neither true nor false");
          }
          return Boolean.valueOf(lower);
        });
  }

  /**
   * One of an enum's constants, by name in any case; help and errors spell them in lower case, as
   * users type them ({@code zipfian}, {@code none}).
   */
  public static <E extends Enum<E>> DeclaredOption<E> choice(
      String name, String paramLabel, String description, E defaultValue) {
    Class<E> type = defaultValue.getDeclaringClass();
    List<E> constants = Arrays.asList(type.getEnumConstants());
    return new DeclaredOption<>(
        name,
        paramLabel,
        description,
        defaultValue.name().toLowerCase(Locale.ROOT),
        false,
        text ->
            constants.stream()
                .filter(c -> c.name().equalsIgnoreCase(text.strip()))
                .findFirst()
                .orElseThrow(
                    () ->
                        new IllegalArgumentException(
                            "unknown value '"
                                + text
                                + "'; one of: "
                                + String.join(
                                    ", ",
                                    constants.stream()
                                        .map(c -> c.name().toLowerCase(Locale.ROOT))
                                        .toList()))));
  }

  /** A whole number from {@code min} to {@code max}. */
  public static DeclaredOption<Long> between(
      String name, String paramLabel, String description, long defaultValue, long min, long max) {
    return new DeclaredOption<>(
        name,
        paramLabel,
        description,
        String.valueOf(defaultValue),
        false,
        text -> Range.counts(min, max).check(number(text, Long::parseLong, "a whole number")));
  }

  /** A duration ({@link Durations#parse}) from {@code min} to {@code max}. */
  public static DeclaredOption<Duration> between(
      String name,
      String paramLabel,
      String description,
      Duration defaultValue,
      Duration min,
      Duration max) {
    return new DeclaredOption<>(
        name,
        paramLabel,
        description,
        Durations.text(defaultValue),
        false,
        text -> Range.durations(min, max).check(Durations.parse(text)));
  }

  /** A word out of {@code words} (in any case), returned as {@code words} spells it. */
  public static DeclaredOption<String> oneOf(
      String name, String paramLabel, String description, String defaultText, List<String> words) {
    return new DeclaredOption<>(
        name, paramLabel, description, defaultText, false, text -> word(words, text));
  }

  /** {@code text} as {@code words} spells it, in any case; refused when it is none of them. */
  private static String word(List<String> words, String text) {
    return words.stream()
        .filter(w -> w.equalsIgnoreCase(text.strip()))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown value '" + text.strip() + "'; one of: " + String.join(", ", words)));
  }

  /**
   * A decimal number from {@code min} to {@code max} ({@code --scale 0.01}), exact as typed: a
   * {@link BigDecimal}, so that 0.1 is a tenth.
   */
  public static DeclaredOption<BigDecimal> decimal(
      String name,
      String paramLabel,
      String description,
      String defaultText,
      BigDecimal min,
      BigDecimal max) {
    return new DeclaredOption<>(
        name,
        paramLabel,
        description,
        defaultText,
        false,
        text -> Range.decimals(min, max).check(number(text, BigDecimal::new, "a number")));
  }

  /** {@code text} read by {@code parse}, _ allowed between digits; refused as not {@code what}. */
  private static <N> N number(String text, Function<String, N> parse, String what) {
    try {
      return parse.apply(text.strip().replace("_", ""));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + text + "' is not " + what);
    }
  }

  /**
   * Some of {@code words} (in any case), given as a comma-separated list or by repeating the option
   * ({@code --query join --query cube}), each once, in the order given; {@code defaultText} is the
   * list when the option is not given.
   */
  public static DeclaredOption<List<String>> someOf(
      String name, String paramLabel, String description, String defaultText, List<String> words) {
    return new DeclaredOption<>(
        name,
        paramLabel,
        description,
        defaultText,
        false,
        text -> {
          java.util.LinkedHashSet<String> chosen = new java.util.LinkedHashSet<>();
          for (String part : text.split(",", -1)) {
            String word = word(words, part);
            if (!chosen.add(word)) {
              throw new IllegalArgumentException(word + " is given twice");
            }
          }
          return List.copyOf(chosen);
        },
        true,
        null);
  }
}
