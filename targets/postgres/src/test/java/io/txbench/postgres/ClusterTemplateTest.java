package io.txbench.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded PostgreSQL's initdb-once template, on real servers and on plain directories. */
class ClusterTemplateTest {
  @TempDir Path temp;

  @Test
  void theFirstServerKeepsTheTemplateAndTheNextStartsOnACopyOfIt() throws Exception {
    ClusterTemplate template = new ClusterTemplate(temp.resolve("templates/pg"), "17");
    Path first;
    try (EmbeddedPostgresServer server = EmbeddedPostgresServer.start(template)) {
      first = server.dataDirectory();
      assertEquals(1, answer(server));
    }
    assertFalse(Files.exists(first));
    assertEquals("17", Files.readString(temp.resolve("templates/pg/PG_VERSION")).strip());
    assertFalse(Files.exists(temp.resolve("templates/pg/epg-lock")));

    // A file only the template holds shows that the next server's directory is its copy.
    Files.writeString(temp.resolve("templates/pg/kept-by-the-template"), "yes");
    try (EmbeddedPostgresServer server = EmbeddedPostgresServer.start(template)) {
      assertEquals(
          "yes", Files.readString(server.dataDirectory().resolve("kept-by-the-template")).strip());
      assertEquals(1, answer(server));
    }
  }

  @Test
  void keepsAWholeCopyWithoutTheLockAndNeverReplacesOne() throws IOException {
    Path fresh = cluster(temp.resolve("fresh"), "17");
    Files.writeString(fresh.resolve("epg-lock"), "");
    ClusterTemplate template = new ClusterTemplate(temp.resolve("templates/pg"), "17");

    template.keep(fresh);
    Files.writeString(fresh.resolve("base/1/later"), "after the template was kept");
    template.keep(fresh);

    Path copy = Files.createDirectory(temp.resolve("copy"));
    template.startCopy(copy).orElseThrow().join();
    assertEquals("a relation", Files.readString(copy.resolve("base/1/1259")).strip());
    assertFalse(Files.exists(copy.resolve("epg-lock")));
    assertFalse(Files.exists(copy.resolve("base/1/later")));
    try (var left = Files.list(temp.resolve("templates"))) {
      assertEquals(List.of(temp.resolve("templates/pg")), left.toList());
    }
  }

  @Test
  void usesNoTemplateOfAnotherVersionNorOneOthersCanWrite() throws IOException {
    ClusterTemplate seventeen = new ClusterTemplate(temp.resolve("templates/pg"), "17");
    Path empty = Files.createDirectory(temp.resolve("empty"));
    assertTrue(seventeen.startCopy(empty).isEmpty());

    seventeen.keep(cluster(temp.resolve("fresh"), "16"));
    assertTrue(seventeen.startCopy(empty).isEmpty());
    new ClusterTemplate(temp.resolve("templates/pg"), "16").startCopy(empty).orElseThrow().join();

    Path shared = temp.resolve("shared");
    ClusterTemplate writable = new ClusterTemplate(shared.resolve("pg"), "17");
    writable.keep(cluster(temp.resolve("fresh17"), "17"));
    Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
    Path other = Files.createDirectory(temp.resolve("other"));
    assertTrue(writable.startCopy(other).isEmpty());
    try (var left = Files.list(other)) {
      assertEquals(List.of(), left.toList());
    }
  }

  @Test
  void deletesATreeAndToleratesOneThatIsGone() throws IOException {
    Path tree = cluster(temp.resolve("tree"), "17");
    ClusterTemplate.delete(tree);
    assertFalse(Files.exists(tree));
    ClusterTemplate.delete(tree);
  }

  private static Path cluster(Path directory, String version) throws IOException {
    Files.createDirectories(directory.resolve("base/1"));
    Files.writeString(directory.resolve("PG_VERSION"), version + "\n");
    Files.writeString(directory.resolve("postgresql.conf"), "# settings\n");
    Files.writeString(directory.resolve("base/1/1259"), "a relation");
    return directory;
  }

  private static int answer(EmbeddedPostgresServer server) throws SQLException {
    try (Connection c =
            DriverManager.getConnection(
                "jdbc:postgresql://localhost:" + server.port() + "/postgres", "postgres", "");
        ResultSet rs = c.createStatement().executeQuery("SELECT 1")) {
      rs.next();
      return rs.getInt(1);
    }
  }
}
