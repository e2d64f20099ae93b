package io.txbench.http;

import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.Dropped;
import io.txbench.core.spi.EmbeddedServer;
import io.txbench.core.spi.LibraryLogger;
import io.txbench.core.spi.OpenTarget;
import io.txbench.core.spi.OptionMismatchException;
import io.txbench.core.spi.TargetBinding;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.TargetUnavailableException;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.spi.WorkloadTable;
import io.txbench.core.workloads.ScriptKind;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The API in front of a database, or any HTTP server: {@code --benchmark-target http --target-url
 * http://host:port/path/{key}}. It loads no data and drops nothing; its requests run on the
 * engine's asynchronous model, everything else (the loops, outcomes, metrics, results) as for a
 * database.
 */
public final class HttpBinding implements TargetBinding {

  @Override
  public String target() {
    return "http";
  }

  @Override
  public int defaultPort() {
    return 80;
  }

  @Override
  public @Nullable String defaultUser() {
    return null;
  }

  /** The path, when the URL is given as host, port and "database". */
  @Override
  public String defaultDatabase() {
    return "/";
  }

  @Override
  public List<String> urlSchemes() {
    return List.of("http:", "https:");
  }

  @Override
  public void checkUrl(TargetOptions options) {
    HttpTarget.url(options); // throws IllegalArgumentException, in words
  }

  @Override
  public EmbeddedServer startEmbedded(String why) throws TargetUnavailableException {
    throw new TargetUnavailableException(
        why
            + ", and the http target has no server of its own: name one with --target-url"
            + " http://HOST:PORT/PATH");
  }

  @Override
  public List<DeclaredOption<?>> options() {
    return HttpOptions.DECLARED;
  }

  @Override
  public List<LibraryLogger> loggers() {
    // Their failures reach txbench through the requests' futures, said once in the closing table.
    return List.of(new LibraryLogger("io.vertx", "OFF"), new LibraryLogger("io.netty", "OFF"));
  }

  @Override
  public WorkloadTable<HttpTarget> workloads() {
    return WorkloadTable.<HttpTarget>of()
        .serve(HttpKind.get(), HttpWorkload::keyed)
        .serve(HttpKind.request(), HttpWorkload::keyed)
        .serve(new ScriptKind(new HttpSyntax()), HttpWorkload::scripted);
  }

  @Override
  public OpenTarget<HttpTarget, HttpFailure> open(TargetOptions target, WorkloadOptions workload)
      throws TargetUnavailableException {
    try {
      if (workload.kind() instanceof HttpKind kind) {
        kind.template(workload.declared(), HttpTarget.url(target));
      } else if (workload.kind() instanceof ScriptKind kind) {
        HttpScripts.of(kind.scripts(workload.declared()), HttpTarget.url(target));
      }
    } catch (IllegalArgumentException e) {
      throw new TargetUnavailableException(
          e.getMessage(), new OptionMismatchException(String.valueOf(e.getMessage())));
    }
    return new OpenTarget<>(
        HttpTarget.open(target), workloads()::build, http -> new Dropped(List.of(), List.of()));
  }
}
