package io.txbench.core.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.txbench.core.spi.OpenTarget;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.TargetBinding;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.spi.WorkloadTable;
import io.txbench.core.spi.values.Secret;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** A run's connection options as its target takes them, before anything connects. */
class ConnectionSettingsTest {
  private static final TargetBinding SQL = provider("sql", "admin", "jdbc:sql:");
  private static final TargetBinding OTHER = provider("wire", "root", "jdbc:wire:", "jdbc:w:");
  private static final TargetBinding DOCS = provider("docs", null, "docs:", "docs+srv:");
  private static final List<TargetBinding> ALL = List.of(SQL, OTHER, DOCS);

  private static TargetOptions given(@Nullable String user, @Nullable String url) {
    return new TargetOptions(
        "localhost",
        1,
        "db",
        user,
        Secret.none(),
        url,
        1,
        1,
        Duration.ofSeconds(1),
        Duration.ofMinutes(1),
        OptionValues.defaults());
  }

  private static @Nullable String user(
      TargetBinding provider, @Nullable String user, @Nullable String url) {
    return ConnectionSettings.resolve(given(user, url), provider, ALL).user();
  }

  /** As the help says: the target's default user, with a URL too, unless the URL names one. */
  @Test
  void theDefaultUserConnectsUnlessTheOptionsOrTheUrlNameOne() {
    assertEquals("admin", user(SQL, null, null));
    assertEquals("admin", user(SQL, null, "jdbc:sql://127.0.0.1:1/db"));
    assertEquals("admin", user(SQL, null, "jdbc:sql://127.0.0.1:1/db?sslmode=require"));
    assertEquals("admin", user(SQL, null, "jdbc:sql://127.0.0.1:1/db?superuser=x"));
    assertEquals("ops", user(SQL, "ops", "jdbc:sql://127.0.0.1:1/db?user=bench"));
    assertNull(user(SQL, null, "jdbc:sql://127.0.0.1:1/db?user=bench"));
    assertNull(user(SQL, null, "jdbc:sql://127.0.0.1:1/db?ssl=true&USER=bench"));
    assertNull(user(SQL, null, "jdbc:sql://bench:pw@127.0.0.1:1/db"));
    assertNull(user(SQL, null, "jdbc:sql://bench@127.0.0.1:1/db"));
    assertNull(user(OTHER, null, "jdbc:w://address=(host=h)(user=bench)/db"));
    assertNull(user(DOCS, null, "docs://127.0.0.1:1/db"));
  }

  @Test
  void aUrlOfAnotherTargetIsRefusedNamingWhoseItIsWithItsPasswordMasked() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ConnectionSettings.resolve(
                    given(null, "JDBC:W://u:S3cret-9x@127.0.0.1:1/db"), SQL, ALL));
    assertEquals(
        "JDBC:W://u:****@127.0.0.1:1/db is a wire URL; the sql target takes jdbc:sql://...",
        e.getMessage());
    assertEquals(
        "docs+srv://h/db?password=**** is a docs URL; the wire target takes jdbc:wire://..."
            + " or jdbc:w://...",
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    ConnectionSettings.resolve(
                        given(null, "docs+srv://h/db?password=S3cret-9x"), OTHER, ALL))
            .getMessage());
    assertEquals(
        "sql://127.0.0.1:1/db is not a sql URL; the sql target takes jdbc:sql://...",
        assertThrows(
                IllegalArgumentException.class,
                () -> ConnectionSettings.resolve(given(null, "sql://127.0.0.1:1/db"), SQL, ALL))
            .getMessage());
  }

  private static TargetBinding provider(
      String target, @Nullable String defaultUser, String... schemes) {
    return new TargetBinding() {
      @Override
      public String target() {
        return target;
      }

      @Override
      public int defaultPort() {
        return 1;
      }

      @Override
      public @Nullable String defaultUser() {
        return defaultUser;
      }

      @Override
      public String defaultDatabase() {
        return "db";
      }

      @Override
      public List<String> urlSchemes() {
        return List.of(schemes);
      }

      @Override
      public WorkloadTable<Target> workloads() {
        return WorkloadTable.of();
      }

      @Override
      public OpenTarget<?, ?> open(TargetOptions options, WorkloadOptions workload) {
        throw new AssertionError("nothing connects while the settings are resolved");
      }
    };
  }
}
