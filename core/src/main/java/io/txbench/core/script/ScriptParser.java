package io.txbench.core.script;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads a script in pgbench's format: the target's commands (their syntax the target's, {@link
 * CommandSyntax}), {@code --} comments, and the meta-commands {@code \set}, {@code \sleep}, {@code
 * \if}/{@code \elif}/{@code \else}/{@code \endif}, {@code \gset} and {@code \aset}, and {@code \;}
 * between the commands of a compound query. What pgbench has and txbench does not run ({@code
 * \shell}, {@code \setshell}, pipelines) is refused, as are unbalanced conditionals and variables
 * nothing sets; each error names the file and line.
 */
public final class ScriptParser {
  private static final List<String> REFUSED =
      List.of("shell", "setshell", "startpipeline", "syncpipeline", "endpipeline");

  private final String name;
  private final String source;
  private final CommandSyntax syntax;
  private final List<Command> commands = new ArrayList<>();
  private int line = 1;

  /**
   * The index of the first command of the compound query being read ({@code SELECT 1 \; SELECT 2}),
   * -1 when none is: txbench sends its commands one by one, and an {@code \aset} after it stores
   * the columns of each, as pgbench's does.
   */
  private int compound = -1;

  /** Whether a {@code \;} was read and the command after it joins the compound query. */
  private boolean joining;

  private ScriptParser(String name, String source, CommandSyntax syntax) {
    this.name = name;
    this.source = source;
    this.syntax = syntax;
  }

  /**
   * The script {@code name} of {@code text}, of {@code weight}, its commands read with {@code
   * syntax}; {@code defined}: the variables set outside it (the built-in ones and the defines).
   */
  public static Script parse(
      String name, String text, int weight, CommandSyntax syntax, Set<String> defined)
      throws ScriptException {
    ScriptParser parser = new ScriptParser(name, text, syntax);
    parser.read();
    Script script = Conditionals.link(name, text, weight, parser.commands);
    parser.checkVariables(defined);
    if (script.sends().isEmpty()) {
      throw new ScriptException(name + ": the script has no command to send");
    }
    return script;
  }

  private void read() throws ScriptException {
    int at = 0;
    while (at < source.length()) {
      char c = source.charAt(at);
      if (c == '\n') {
        line++;
        at++;
      } else if (Character.isWhitespace(c)) {
        at++;
      } else if (source.startsWith("--", at)) {
        int end = source.indexOf('\n', at);
        at = end < 0 ? source.length() : end;
      } else if (source.startsWith("\\;", at)) {
        join();
        at += 2;
      } else if (c == '\\') {
        at = meta(at);
        compound = -1;
      } else {
        CommandSyntax.Scanned scanned;
        try {
          scanned = syntax.scan(source, at);
        } catch (ScriptException e) {
          throw e.at(name + ":" + (line + e.linesIn()));
        }
        if (!scanned.text().isEmpty()) {
          compound = joining ? compound : -1;
          joining = false;
          commands.add(
              new Command.Send(
                  line,
                  scanned.text(),
                  scanned.variables(),
                  null,
                  false,
                  source.substring(at, scanned.end()).strip()));
        }
        line += lines(at, scanned.end());
        at = scanned.end();
      }
    }
  }

  /** A {@code \;}: the command before it and the next are one compound query. */
  private void join() throws ScriptException {
    int last = commands.size() - 1;
    if (last < 0 || !(commands.get(last) instanceof Command.Send) || joining) {
      throw new ScriptException(name + ":" + line + ": \\; must follow a command");
    }
    compound = compound < 0 ? last : compound;
    joining = true;
  }

  /** Reads the meta-command at {@code at} to its line's end (or the next, after a backslash). */
  private int meta(int at) throws ScriptException {
    int start = line;
    StringBuilder text = new StringBuilder();
    int i = at + 1;
    while (true) {
      int end = source.indexOf('\n', i);
      end = end < 0 ? source.length() : end;
      String part = source.substring(i, end);
      i = end;
      if (part.endsWith("\\") && end < source.length()) {
        text.append(part, 0, part.length() - 1).append(' ');
        line++;
        i++;
        continue;
      }
      text.append(part);
      break;
    }
    commands.addAll(metaCommand(start, text.toString().strip()));
    return i;
  }

  private List<Command> metaCommand(int at, String text) throws ScriptException {
    String[] words = text.split("\\s+", 2);
    String word = words[0].toLowerCase(Locale.ROOT);
    String rest = words.length > 1 ? words[1].strip() : "";
    try {
      return switch (word) {
        case "set" -> List.of(set(at, rest));
        case "sleep" -> List.of(sleep(at, rest));
        case "if" -> List.of(new Command.Branch(at, Command.BranchKind.IF, expr(rest)));
        case "elif" -> List.of(new Command.Branch(at, Command.BranchKind.ELIF, expr(rest)));
        case "else" -> List.of(bare(at, Command.BranchKind.ELSE, rest));
        case "endif" -> List.of(bare(at, Command.BranchKind.ENDIF, rest));
        case "gset", "aset" -> {
          store(rest, word.equals("aset"));
          yield List.of();
        }
        default -> List.of(own(at, word, rest));
      };
    } catch (ScriptException e) {
      throw e.at(name + ":" + at);
    }
  }

  /**
   * A meta-command of the target's own ({@link CommandSyntax#ownsMeta}), kept as a command sent to
   * it whose text is the backslash and the word; any other is refused.
   */
  private Command own(int at, String word, String rest) throws ScriptException {
    if (!syntax.ownsMeta(word)) {
      throw refused(word);
    }
    if (!rest.isEmpty()) {
      throw new ScriptException("\\" + word + " takes no argument: " + rest);
    }
    return new Command.Send(at, "\\" + word, List.of(), null, false, "\\" + word);
  }

  private static ScriptException refused(String word) {
    if (REFUSED.contains(word)) {
      return new ScriptException("\\" + word + " is pgbench's; txbench does not run it");
    }
    return new ScriptException("invalid command \\" + word);
  }

  private static Command set(int at, String rest) throws ScriptException {
    String[] parts = rest.split("\\s+", 2);
    if (parts.length < 2 || parts[1].isBlank()) {
      throw new ScriptException("\\set takes a variable name and an expression");
    }
    checkName(parts[0]);
    return new Command.Set(at, parts[0], expr(parts[1]));
  }

  private static Command sleep(int at, String rest) throws ScriptException {
    String[] parts = rest.isEmpty() ? new String[0] : rest.split("\\s+");
    if (parts.length < 1 || parts.length > 2) {
      throw new ScriptException("\\sleep takes a time and an optional unit (us, ms or s)");
    }
    long unit =
        switch (parts.length == 2 ? parts[1].toLowerCase(Locale.ROOT) : "s") {
          case "us" -> 1_000L;
          case "ms" -> 1_000_000L;
          case "s" -> 1_000_000_000L;
          default -> throw new ScriptException("unrecognized time unit, must be us, ms or s");
        };
    if (parts[0].startsWith(":")) {
      String variable = parts[0].substring(1);
      checkName(variable);
      return new Command.Sleep(at, variable, 0, unit);
    }
    try {
      return new Command.Sleep(at, null, Long.parseLong(parts[0]), unit);
    } catch (NumberFormatException e) {
      throw new ScriptException("invalid sleep time \"" + parts[0] + "\"");
    }
  }

  private static Command bare(int at, Command.BranchKind kind, String rest) throws ScriptException {
    if (!rest.isEmpty()) {
      throw new ScriptException(
          "\\" + kind.name().toLowerCase(Locale.ROOT) + " takes no argument: " + rest);
    }
    return new Command.Branch(at, kind, null);
  }

  /** A {@code \gset} or {@code \aset}: the command before it stores its first row's columns. */
  private void store(String prefix, boolean aset) throws ScriptException {
    String what = aset ? "\\aset" : "\\gset";
    if (prefix.split("\\s+").length > 1) {
      throw new ScriptException(what + " takes at most a prefix");
    }
    int last = commands.size() - 1;
    if (last < 0 || !(commands.get(last) instanceof Command.Send send) || send.storesRow()) {
      throw new ScriptException(what + " must follow a command");
    }
    // \gset stores the last query of a compound, \aset each of them.
    for (int i = aset && compound >= 0 ? compound : last; i <= last; i++) {
      commands.set(i, ((Command.Send) commands.get(i)).storing(prefix, aset));
    }
  }

  private static Expr expr(String text) throws ScriptException {
    if (text.isBlank()) {
      throw new ScriptException("missing expression");
    }
    return ExprParser.parse(text);
  }

  private static void checkName(String variable) throws ScriptException {
    boolean valid = !variable.isEmpty() && !Character.isDigit(variable.charAt(0));
    for (int i = 0; i < variable.length(); i++) {
      valid &= ExprLexer.isNameChar(variable.charAt(i));
    }
    if (!valid) {
      throw new ScriptException("invalid variable name: \"" + variable + "\"");
    }
  }

  /**
   * Every variable used must be set somewhere: by {@code defined}, a {@code \set}, or a {@code
   * \gset} whose prefix it starts with (its columns are known only as it runs).
   */
  private void checkVariables(Set<String> defined) throws ScriptException {
    Set<String> set = new HashSet<>(defined);
    List<String> prefixes = new ArrayList<>();
    for (Command c : commands) {
      if (c instanceof Command.Set s) {
        set.add(s.name());
      } else if (c instanceof Command.Send send && send.prefix() != null) {
        prefixes.add(send.prefix());
      }
    }
    for (Command c : commands) {
      for (String used : uses(c)) {
        if (!set.contains(used) && prefixes.stream().noneMatch(used::startsWith)) {
          throw new ScriptException(
              name + ":" + c.line() + ": undefined variable \"" + used + "\"");
        }
      }
    }
  }

  private int lines(int from, int to) {
    return (int) source.substring(from, to).chars().filter(c -> c == '\n').count();
  }

  /** The variables {@code c} reads. */
  private static Set<String> uses(Command c) {
    Set<String> used = new HashSet<>();
    if (c instanceof Command.Set s) {
      s.expr().uses(used);
    } else if (c instanceof Command.Sleep s && s.variable() != null) {
      used.add(s.variable());
    } else if (c instanceof Command.Branch b && b.condition() != null) {
      b.condition().uses(used);
    } else if (c instanceof Command.Send send) {
      used.addAll(send.variables());
    }
    return used;
  }
}
