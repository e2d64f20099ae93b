package io.txbench.core.workloads;

import io.txbench.core.script.CommandSyntax;
import io.txbench.core.script.Script;
import io.txbench.core.script.ScriptException;
import io.txbench.core.script.ScriptSource;
import io.txbench.core.script.Variables;
import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.WorkloadKind;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The user's own workload: scripts in pgbench's language ({@link io.txbench.core.script}), one
 * chosen by weight for each iteration and run from top to bottom, on the user's tables, which
 * txbench neither creates nor drops; {@code --script-setup} runs once before the run and {@code
 * --script-verify}'s queries after it. The kind reads the files as the options are read, and the
 * scripts in them ({@link #scripts}) with the syntax of the target that serves it, before anything
 * connects.
 */
public final class ScriptKind implements WorkloadKind {
  public static final String NAME = "script";

  public static final DeclaredOption<List<ScriptSource>> SCRIPTS =
      new DeclaredOption<>(
          "--script",
          "FILE[@WEIGHT]",
          "a script in pgbench's language that an iteration runs; repeat it for several, each"
              + " chosen by its weight (pgbench's -f FILE@WEIGHT).",
          "",
          false,
          text -> ScriptSource.read(text, true),
          true,
          null);

  public static final DeclaredOption<Map<String, String>> DEFINES =
      new DeclaredOption<>(
          "--define",
          "NAME=VALUE",
          "sets the scripts' variable NAME (pgbench's -D); repeatable; scale=N sets :scale.",
          "",
          false,
          ScriptKind::defines,
          true,
          null);

  public static final DeclaredOption<List<ScriptSource>> SETUP =
      file(
          "--script-setup",
          "a script run once before the run (tables, data, indexes of your own).");

  public static final DeclaredOption<List<ScriptSource>> VERIFY =
      file(
          "--script-verify",
          "queries run after the run, each of which must return one row whose first column is"
              + " true.");

  private final CommandSyntax syntax;

  /** An option that names one script file, without a weight. */
  private static DeclaredOption<List<ScriptSource>> file(String name, String description) {
    return new DeclaredOption<>(
        name, "FILE", description, "", false, text -> ScriptSource.read(text, false));
  }

  /** The kind as a target reads its commands with {@code syntax}. */
  public ScriptKind(CommandSyntax syntax) {
    this.syntax = syntax;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "your own scripts in pgbench's language (--script FILE)";
  }

  @Override
  public String dataSet() {
    return NAME;
  }

  @Override
  public boolean loadsData() {
    return false;
  }

  /** A script is one transaction, or statements each committed on its own: told by statement. */
  @Override
  public boolean commitsByStatement() {
    return true;
  }

  @Override
  public List<DeclaredOption<?>> options() {
    return List.of(SCRIPTS, DEFINES, SETUP, VERIFY);
  }

  /** Each script's path: the operation its iterations are recorded under. */
  @Override
  public Optional<List<String>> operations(OptionValues values) {
    return Optional.of(scripts(values).stream().map(Script::name).toList());
  }

  /**
   * The scripts of {@code --script}, read and checked; an {@link IllegalArgumentException} says
   * what is wrong, by file and line.
   */
  public List<Script> scripts(OptionValues values) {
    List<ScriptSource> sources = values.get(SCRIPTS);
    if (sources.isEmpty()) {
      throw new IllegalArgumentException("--workload script runs the files --script names: none");
    }
    return sources.stream().map(s -> parse(s, values)).toList();
  }

  /** The script of {@code option} ({@link #SETUP} or {@link #VERIFY}), if given. */
  public Optional<Script> single(OptionValues values, DeclaredOption<List<ScriptSource>> option) {
    return values.get(option).stream().findFirst().map(s -> parse(s, values));
  }

  private Script parse(ScriptSource source, OptionValues values) {
    Set<String> defined = new HashSet<>(Variables.BUILT_IN);
    defined.addAll(values.get(DEFINES).keySet());
    try {
      return source.parse(syntax, defined);
    } catch (ScriptException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  private static Map<String, String> defines(String text) {
    Map<String, String> defines = new LinkedHashMap<>();
    for (String pair : text.split(",")) {
      if (pair.isBlank()) {
        continue;
      }
      int equals = pair.indexOf('=');
      if (equals <= 0) {
        throw new IllegalArgumentException("'" + pair + "' is not NAME=VALUE");
      }
      defines.put(pair.substring(0, equals).strip(), pair.substring(equals + 1));
    }
    return Map.copyOf(defines);
  }
}
