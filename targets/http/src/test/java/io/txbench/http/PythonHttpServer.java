package io.txbench.http;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Python's own {@code python3 -m http.server} on a port the system chose, serving {@code
 * index.html}: a server nobody here wrote. As {@code HTTP/1.0} (its default) it closes every
 * connection after its answer; as {@code HTTP/1.1} it keeps them alive. It logs each request it
 * answered, counted here.
 */
final class PythonHttpServer implements AutoCloseable {
  private static final Pattern SERVING = Pattern.compile("port (\\d+)");
  private static final Pattern ANSWERED = Pattern.compile("\"GET [^\"]*\" 200 ");
  private static final Pattern REQUEST = Pattern.compile("\"([A-Z]+ [^\"]*)\" (\\d+) ");

  private final Process process;
  private final int port;
  private final AtomicLong answered = new AtomicLong();
  private final Queue<String> requests = new ConcurrentLinkedQueue<>();
  private final Thread log;

  private PythonHttpServer(Process process, int port, BufferedReader lines) {
    this.process = process;
    this.port = port;
    this.log = new Thread(() -> count(lines), "python-http-server-log");
    log.setDaemon(true);
    log.start();
  }

  /** The server of {@code protocol} ("HTTP/1.0" or "HTTP/1.1"), serving {@code dir}. */
  static PythonHttpServer start(Path dir, String protocol) throws IOException {
    Files.writeString(dir.resolve("index.html"), "hello\n");
    Process process =
        new ProcessBuilder(
                "python3", "-u", "-m", "http.server", "0", "-b", "127.0.0.1", "-p", protocol)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .start();
    BufferedReader lines =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      Matcher serving = SERVING.matcher(line);
      if (line.startsWith("Serving HTTP") && serving.find()) {
        return new PythonHttpServer(process, Integer.parseInt(serving.group(1)), lines);
      }
    }
    process.destroyForcibly();
    throw new IOException("python3 -m http.server did not start");
  }

  private void count(BufferedReader lines) {
    try {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        if (ANSWERED.matcher(line).find()) {
          answered.incrementAndGet();
        }
        Matcher request = REQUEST.matcher(line);
        if (request.find()) {
          requests.add(request.group(1) + " " + request.group(2));
        }
      }
    } catch (IOException closed) {
      // The server is gone: its count is final.
    }
  }

  /**
   * Each request its log names, as {@code GET /path?query HTTP/1.0 200}, once it has logged {@code
   * expected} or 5 s.
   */
  List<String> requests(long expected) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (requests.size() < expected && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    return List.copyOf(requests);
  }

  String url() {
    return "http://127.0.0.1:" + port + "/index.html";
  }

  /** The GETs it answered 200, as its log says, once it has logged {@code expected} or 5 s. */
  long answered(long expected) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (answered.get() < expected && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    return answered.get();
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
    log.join(5_000);
  }
}
