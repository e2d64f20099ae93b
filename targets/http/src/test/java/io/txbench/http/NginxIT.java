package io.txbench.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.engine.Backoff;
import io.txbench.core.engine.ClosedLoop;
import io.txbench.core.engine.ForIterations;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.keys.KeyDistribution;
import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.spi.values.Secret;
import io.txbench.core.workloads.ItemKind;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The http target against a real nginx this test starts (Debian's package; .ci/run installs it):
 * every request txbench counts is a line of nginx's access log, over HTTP/1.1 and HTTP/2, for reads
 * and writes. Skipped where nginx is not installed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(300)
class NginxIT {
  private static final Path NGINX = Path.of("/usr/sbin/nginx");
  private Path dir = Path.of("");
  private @Nullable Process nginx;
  private int port;
  private int http2Port;

  @BeforeAll
  void start(@TempDir Path prefix) throws Exception {
    dir = prefix;
    Assumptions.assumeTrue(Files.isExecutable(NGINX), "nginx is not installed");
    port = freePort();
    http2Port = freePort();
    Files.createDirectories(dir.resolve("logs"));
    Files.createDirectories(dir.resolve("html"));
    Files.writeString(dir.resolve("html/small.txt"), "x".repeat(100));
    Files.writeString(
        dir.resolve("nginx.conf"),
        String.join(
            "\n",
            "user root;",
            "worker_processes 1;",
            "daemon off;",
            "pid " + dir.resolve("nginx.pid") + ";",
            "error_log " + dir.resolve("logs/error.log") + ";",
            "events { worker_connections 1024; }",
            "http {",
            "  log_format txbench '$request_method $uri $status $server_protocol';",
            "  access_log " + dir.resolve("logs/access.log") + " txbench;",
            "  log_format script '$request_method $request_uri $status $http_x_client $request_body';",
            "  client_body_temp_path " + dir.resolve("body") + ";",
            "  proxy_temp_path " + dir.resolve("proxy") + ";",
            "  fastcgi_temp_path " + dir.resolve("fastcgi") + ";",
            "  uwsgi_temp_path " + dir.resolve("uwsgi") + ";",
            "  scgi_temp_path " + dir.resolve("scgi") + ";",
            "  keepalive_requests 1000000;",
            "  server {",
            "    listen 127.0.0.1:" + port + ";",
            "    listen 127.0.0.1:" + http2Port + " http2;",
            "    root " + dir.resolve("html") + ";",
            "    location /items/ { return 201 'stored'; }",
            "    location /users/ {",
            "      access_log " + dir.resolve("logs/script.log") + " script;",
            "      default_type application/json;",
            "      return 200 '{\"id\": 42, \"name\": \"ann b\", \"tags\": [1]}';",
            "    }",
            "    location /orders/ {",
            "      access_log " + dir.resolve("logs/script.log") + " script;",
            "      proxy_pass http://127.0.0.1:" + port + "/stored;", // reads the body it logs
            "    }",
            "    location /stored { access_log off; return 201 'stored'; }",
            "  }",
            "}",
            ""));
    Process started =
        new ProcessBuilder(
                NGINX.toString(), "-p", dir.toString(), "-c", dir.resolve("nginx.conf").toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("logs/stdout.log").toFile())
            .start();
    nginx = started;
    for (int i = 0; i < 100 && !answers(port); i++) {
      TimeUnit.MILLISECONDS.sleep(100);
    }
    assertTrue(
        answers(port), "nginx did not start: " + Files.readString(dir.resolve("logs/stdout.log")));
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static boolean answers(int port) {
    try (java.net.Socket s = new java.net.Socket()) {
      s.connect(
          new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), port), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  @AfterAll
  void stop() throws InterruptedException {
    Process started = nginx;
    if (started != null) {
      started.destroy(); // SIGTERM: nginx's fast shutdown, its workers with it
      if (!started.waitFor(30, TimeUnit.SECONDS)) {
        started.destroyForcibly();
      }
    }
  }

  private List<String> accessLog() throws IOException {
    return Files.readAllLines(dir.resolve("logs/access.log"), StandardCharsets.UTF_8);
  }

  private WorkloadRun.Outcome run(String url, WorkloadOptions workload, String version)
      throws Exception {
    TargetOptions target =
        new TargetOptions(
            null,
            80,
            null,
            null,
            Secret.none(),
            url,
            0,
            8,
            Duration.ofSeconds(30),
            Duration.ofMinutes(10),
            OptionValues.of(HttpOptions.VERSION, version));
    RunOptions run =
        new RunOptions(
            8,
            new ForIterations(2_000),
            Duration.ofSeconds(1),
            0,
            0,
            7,
            Backoff.defaults(),
            new ClosedLoop());
    return WorkloadRun.run(new HttpBinding(), target, workload, run, true, () -> {});
  }

  private static WorkloadOptions get() {
    return new WorkloadOptions(
        HttpKind.get(),
        7,
        OptionValues.of(ItemKind.TABLE_SIZE, 100L)
            .with(KeyDistribution.OPTION, KeyDistribution.UNIFORM));
  }

  @Test
  void everyRequestCountedIsALineOfNginxsAccessLogOverBothProtocols() throws Exception {
    long before = accessLog().size();
    WorkloadRun.Outcome h1 = run("http://127.0.0.1:" + port + "/small.txt", get(), "1.1");
    assertEquals(2_000, h1.result().outcomes().iterations(), h1.describe());
    List<String> lines = accessLog();
    // The probe's HEAD, then one GET for each iteration.
    assertEquals(2_001, lines.size() - before);
    assertEquals(
        2_000,
        lines.subList((int) before, lines.size()).stream()
            .filter("GET /small.txt 200 HTTP/1.1"::equals)
            .count());

    long mark = lines.size();
    WorkloadRun.Outcome h2 = run("http://127.0.0.1:" + http2Port + "/small.txt", get(), "2");
    assertEquals(2_000, h2.result().outcomes().iterations(), h2.describe());
    lines = accessLog();
    assertEquals(
        2_000,
        lines.subList((int) mark, lines.size()).stream()
            .filter("GET /small.txt 200 HTTP/2.0"::equals)
            .count());
  }

  @Test
  void writesAreCountedAsNginxAnsweredThem() throws Exception {
    Path file = dir.resolve("post.http");
    Files.writeString(
        file, "POST /items/{key}\nContent-Type: application/json\n\n{\"id\": {key}}\n");
    WorkloadOptions post =
        new WorkloadOptions(
            HttpKind.request(),
            7,
            OptionValues.of(ItemKind.TABLE_SIZE, 100L)
                .with(HttpKind.REQUEST, HttpKind.REQUEST.parse(file.toString())));
    long before = accessLog().size();
    WorkloadRun.Outcome o = run("http://127.0.0.1:" + port + "/", post, "1.1");
    assertEquals(2_000, o.result().outcomes().iterations(), o.describe());
    assertEquals(0, o.result().outcomes().inDoubt());
    assertEquals(2_000, o.result().breakdown().queries().writes());
    List<String> lines = accessLog();
    assertEquals(
        2_000,
        lines.subList((int) before, lines.size()).stream()
            .filter(l -> l.matches("POST /items/\\d+ 201 HTTP/1.1"))
            .count());
  }

  /**
   * An http script of two requests: a GET whose JSON answer {@code \gset} stores, then a POST with
   * the stored fields in its path, a header and its body. nginx logs each as txbench filled it in.
   */
  @Test
  void aScriptsRequestsAreLoggedWithTheValuesItsVariablesTook() throws Exception {
    Path file = dir.resolve("order.http");
    Files.writeString(
        file,
        """
        \\set user random(1, 9)
        GET /users/:user
        \\gset u_
        ###
        POST /orders/:u_id?name=:u_name
        X-Client: :client_id
        Content-Type: application/json

        {"user": :user, "tags": :u_tags}
        """);
    WorkloadOptions script = HttpScriptTest.scripts(file.toString(), "");
    WorkloadRun.Outcome o = run("http://127.0.0.1:" + port + "/", script, "1.1");
    assertEquals(2_000, o.result().outcomes().iterations(), o.describe());
    assertEquals(0, o.result().outcomes().errors(), o.describe());
    assertEquals(2_000, o.result().breakdown().queries().writes());
    assertEquals(2_000, o.result().breakdown().queries().reads());
    List<String> lines = Files.readAllLines(dir.resolve("logs/script.log"));
    assertEquals(4_000, lines.size());
    assertEquals(2_000, lines.stream().filter(l -> l.matches("GET /users/[1-9] 200 - -")).count());
    List<String> posts = lines.stream().filter(l -> l.startsWith("POST")).toList();
    assertEquals(2_000, posts.size());
    assertTrue(
        posts.stream()
            .allMatch(
                l ->
                    l.matches(
                        "POST /orders/42\\?name=ann%20b 201 [0-7]"
                            + " \\{\\\\x22user\\\\x22: [1-9], \\\\x22tags\\\\x22: \\[1\\]\\}")),
        posts.get(0));
  }
}
