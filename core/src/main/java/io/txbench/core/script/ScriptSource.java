package io.txbench.core.script;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A script file as {@code --script FILE[@WEIGHT]} names it: its path, weight and text. */
public record ScriptSource(String path, int weight, String text) {

  /**
   * The files of {@code --script}'s values (commas between them), each read now; an {@link
   * IllegalArgumentException} says which cannot be read or has a bad weight.
   */
  public static List<ScriptSource> read(String values, boolean weighted) {
    List<ScriptSource> sources = new ArrayList<>();
    for (String value : values.split(",")) {
      if (value.isBlank()) {
        continue;
      }
      String path = value.strip();
      int weight = 1;
      int at = path.lastIndexOf('@');
      if (weighted && at > 0) {
        try {
          weight = Integer.parseInt(path.substring(at + 1));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("weight of " + path + " is not a whole number");
        }
        if (weight < 1) {
          throw new IllegalArgumentException("weight of " + path + " is not 1 or more");
        }
        path = path.substring(0, at);
      }
      try {
        sources.add(new ScriptSource(path, weight, Files.readString(Path.of(path))));
      } catch (IOException | RuntimeException e) {
        throw new IllegalArgumentException("cannot read " + path + ": " + e.getMessage());
      }
    }
    return List.copyOf(sources);
  }

  /** The hexadecimal SHA-256 of its text, which tells two scripts of one name apart. */
  public String sha256() {
    return Script.sha256(text);
  }

  /**
   * How summary.json records it: its path and weight, its text's SHA-256 on the same line (which
   * history's series key takes, so that two different scripts are never one series), then its text.
   */
  @Override
  public String toString() {
    return path + "@" + weight + " sha256:" + sha256() + "\n" + text;
  }

  /**
   * The script it holds, read with {@code syntax}; {@code defined}: the variables set outside it.
   */
  public Script parse(CommandSyntax syntax, java.util.Set<String> defined) throws ScriptException {
    Script script = ScriptParser.parse(path, text, weight, syntax, defined);
    syntax.check(script);
    return script;
  }
}
