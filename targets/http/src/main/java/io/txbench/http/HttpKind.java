package io.txbench.http;

import io.txbench.core.keys.KeyDistribution;
import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.workloads.ItemKind;
import io.txbench.core.workloads.NamedKind;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The http target's kinds: {@code get}, one GET of {@code --target-url} per iteration, and {@code
 * request}, the request {@code --http-request} describes. Both are scripts of one request ({@link
 * HttpScripts#keyed}) whose {@code {key}} is the variable {@code key}, drawn from 1 to {@code
 * --table-size} by {@code --distribution} as the item kinds draw theirs.
 */
final class HttpKind extends NamedKind {
  /** The file of a {@code request}; its text as given is what results show of it. */
  record RequestFile(String path, @Nullable RequestTemplate template) {
    @Override
    public String toString() {
      return path;
    }
  }

  static final DeclaredOption<RequestFile> REQUEST =
      new DeclaredOption<>(
          "--http-request",
          "FILE",
          "the request of each iteration: its first line the method and a path (POST"
              + " /items/{key}), then headers, a blank line and the body; {key} is the key drawn.",
          "",
          false,
          text ->
              text.isBlank()
                  ? new RequestFile("", null)
                  : new RequestFile(text.strip(), RequestTemplate.read(text.strip())));

  private final boolean fromFile;

  private HttpKind(String name, String description, boolean fromFile) {
    super(name, description);
    this.fromFile = fromFile;
  }

  static HttpKind get() {
    return new HttpKind("get", "one GET of --target-url per iteration", false);
  }

  static HttpKind request() {
    return new HttpKind("request", "the request of --http-request per iteration", true);
  }

  /** No data: the server's is its own. */
  @Override
  public String dataSet() {
    return "none";
  }

  @Override
  public boolean loadsData() {
    return false;
  }

  @Override
  public List<DeclaredOption<?>> options() {
    List<DeclaredOption<?>> options = new ArrayList<>();
    options.add(ItemKind.TABLE_SIZE);
    options.add(KeyDistribution.OPTION);
    if (fromFile) {
      options.add(REQUEST);
    }
    return List.copyOf(options);
  }

  /**
   * The request of each iteration on the target at {@code url}.
   *
   * @throws IllegalArgumentException when a {@code request} has no {@code --http-request}
   */
  RequestTemplate template(OptionValues values, String url) {
    if (!fromFile) {
      return RequestTemplate.get(url);
    }
    RequestTemplate written = values.get(REQUEST).template();
    if (written == null) {
      throw new IllegalArgumentException(
          "the request workload sends the request of a file: name it with --http-request FILE");
    }
    return written.on(url);
  }
}
