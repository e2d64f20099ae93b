package io.txbench.core.script;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * A script read and checked: its name (the file's), its weight among the run's scripts, its text
 * and the text's SHA-256, its commands in order, and for each conditional line the index of the
 * next line of the same conditional ({@code next}) and of its {@code \endif} ({@code end}); -1 for
 * other commands.
 */
public record Script(
    String name,
    int weight,
    String text,
    List<Command> commands,
    List<Integer> next,
    List<Integer> end) {

  public Script {
    commands = List.copyOf(commands);
    next = List.copyOf(next);
    end = List.copyOf(end);
  }

  /** The commands sent to the target, in the order they appear. */
  public List<Command.Send> sends() {
    return commands.stream()
        .filter(Command.Send.class::isInstance)
        .map(Command.Send.class::cast)
        .toList();
  }

  /** Where a line of it is, as a message names it: {@code file.sql:12}. */
  public String where(int line) {
    return name + ":" + line;
  }

  /** The hexadecimal SHA-256 of its text (UTF-8), which tells two scripts apart. */
  public String sha256() {
    return sha256(text);
  }

  static String sha256(String text) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}
