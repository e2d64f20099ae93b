package io.txbench.http;

import io.txbench.core.script.Command;
import io.txbench.core.script.Script;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The scripts an http workload runs, each request in them read once into the {@link HttpCall} it
 * sends, all to one server (each worker keeps its connection to it): the {@code --script}s, or the
 * one request of the {@code get} and {@code request} kinds, a script whose {@code {key}}s are the
 * variable {@link #KEY}.
 */
final class HttpScripts {
  /** The variable a request file's {@code {key}} is. */
  static final String KEY = "key";

  private final List<Script> scripts;
  private final Map<Command.Send, HttpCall> calls;
  private final Origin origin;
  private final int totalWeight;

  private HttpScripts(List<Script> scripts, Map<Command.Send, HttpCall> calls, Origin origin) {
    this.scripts = List.copyOf(scripts);
    this.calls = Map.copyOf(calls);
    this.origin = origin;
    this.totalWeight = scripts.stream().mapToInt(Script::weight).sum();
  }

  /**
   * The scripts read with {@link HttpSyntax}, their requests' URLs settled on the target at {@code
   * url}.
   *
   * @throws IllegalArgumentException naming the file and line of a request to another server
   */
  static HttpScripts of(List<Script> scripts, String url) {
    Map<Command.Send, HttpCall> calls = new HashMap<>();
    Origin origin = null;
    for (Script script : scripts) {
      for (Command.Send send : script.sends()) {
        String where = script.where(send.line());
        HttpCall call;
        try {
          call = HttpCall.of(RequestTemplate.parse(send.text(), where, false).on(url));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
        if (origin != null && !origin.equals(call.origin())) {
          throw new IllegalArgumentException(
              where
                  + ": a request to another server than the script's first: each worker keeps"
                  + " its connection to one server");
        }
        origin = call.origin();
        calls.put(send, call);
      }
    }
    if (origin == null) {
      throw new IllegalArgumentException("--workload script runs the files --script names: none");
    }
    return new HttpScripts(scripts, calls, origin);
  }

  /** The script of one request, {@code template}, named {@code name}, its slots {@link #KEY}. */
  static HttpScripts keyed(String name, RequestTemplate template) {
    int slots =
        template.url().slots()
            + template.headers().stream().mapToInt(h -> h.value().slots()).sum()
            + template.body().slots();
    Command.Send send =
        new Command.Send(
            1,
            template.url().written(),
            Collections.nCopies(slots, KEY),
            null,
            false,
            template.url().written());
    Script script = new Script(name, 1, "", List.of(send), List.of(-1), List.of(-1));
    HttpCall call = HttpCall.of(template);
    return new HttpScripts(List.of(script), Map.of(send, call), call.origin());
  }

  /** The server every request goes to. */
  Origin origin() {
    return origin;
  }

  /** A script's index, drawn by weight. */
  int choose(SplittableRandom random) {
    if (scripts.size() == 1) {
      return 0;
    }
    int left = random.nextInt(totalWeight);
    for (int i = 0; i < scripts.size(); i++) {
      left -= scripts.get(i).weight();
      if (left < 0) {
        return i;
      }
    }
    return scripts.size() - 1;
  }

  Script script(int index) {
    return scripts.get(index);
  }

  /** The call of a request of the scripts. */
  HttpCall call(Command.Send send) {
    HttpCall call = calls.get(send);
    if (call == null) {
      throw new IllegalStateException("a request read from none of the scripts: " + send.text());
    }
    return call;
  }
}
