package io.txbench.http;

import io.txbench.core.script.CommandSyntax;
import io.txbench.core.script.ScriptException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * An http script's commands: each is a request as a request file writes it ({@link
 * RequestTemplate}: the method and URL, headers up to a blank line, then the body), so that a
 * request file is a script of one request. A request ends at a line starting with {@code ###} (as
 * the REST clients of IntelliJ and VS Code separate theirs), at a meta-command's line (one starting
 * with a backslash), or at the end of the file; the blank lines that end it are not its body's. A
 * line starting with {@code #} before a request is a comment. A {@code :name} not following a
 * letter, a digit, {@code _}, a quote or another colon (so neither {@code http://}, nor {@code
 * Content-Type:}, nor JSON's {@code "ok":true}) is a variable: its value percent-encoded in the
 * URL, as it is in a header's value and the body.
 */
final class HttpSyntax implements CommandSyntax {
  /** A body that starts as a request does: two requests without a {@code ###} between them. */
  private static final Pattern REQUEST_LINE =
      Pattern.compile("(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (/|https?://)\\S*( HTTP/.*)?");

  @Override
  public Scanned scan(String source, int from) throws ScriptException {
    if (source.startsWith("#", from)) {
      return new Scanned(lineEnd(source, from), "", List.of()); // a comment, or ### alone
    }
    int end = from;
    int next = from;
    while (next < source.length()) {
      int lineEnd = lineEnd(source, next);
      if (source.startsWith("###", next)) {
        next = lineEnd;
        break;
      }
      if (source.startsWith("\\", next)) {
        break; // a meta-command's line, the script reader's
      }
      end = source.substring(next, lineEnd).isBlank() ? end : lineEnd;
      next = lineEnd;
    }
    String request = source.substring(from, end).stripTrailing();
    if (request.indexOf(SlottedText.SLOT) >= 0) {
      throw new ScriptException("holds U+E000, the character txbench keeps for variables");
    }
    List<String> variables = new ArrayList<>();
    String slotted = slotted(request, variables);
    RequestTemplate template;
    try {
      template = RequestTemplate.parse(slotted, "", false);
    } catch (RequestTemplate.Wrong e) {
      throw new ScriptException(e.what, e.line);
    }
    String body = template.body().written();
    if (REQUEST_LINE.matcher(body.lines().findFirst().orElse("")).matches()) {
      int line = (int) request.lines().count() - (int) body.lines().count();
      throw new ScriptException(
          "a body that starts as a request: end each request with a line ###", line);
    }
    return new Scanned(next, slotted, variables);
  }

  /** Where the line at {@code at} ends, after its line break. */
  private static int lineEnd(String source, int at) {
    int end = source.indexOf('\n', at);
    return end < 0 ? source.length() : end + 1;
  }

  /** {@code request} with a slot for each variable, their names added to {@code variables}. */
  private static String slotted(String request, List<String> variables) {
    StringBuilder text = new StringBuilder(request.length());
    int i = 0;
    while (i < request.length()) {
      char c = request.charAt(i);
      char before = i == 0 ? ' ' : request.charAt(i - 1);
      int name = CommandSyntax.nameEnd(request, i + 1);
      if (c == ':' && !isNameChar(before) && before != ':' && before != '"' && name > i + 1) {
        variables.add(request.substring(i + 1, name));
        text.append(SlottedText.SLOT);
        i = name;
      } else {
        text.append(c);
        i++;
      }
    }
    return text.toString();
  }

  private static boolean isNameChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  }
}
