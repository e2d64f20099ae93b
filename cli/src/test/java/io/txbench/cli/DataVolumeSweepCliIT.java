package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sweeps over data volume ({@code --table-size a,b,c}, {@code --scale a,b}) against a real
 * PostgreSQL: each level after the first adds only the rows it lacks, and each run records its
 * level and its setup.
 */
class DataVolumeSweepCliIT extends PostgresServer {
  @TempDir Path dir;

  /**
   * A sweep of {@code workload} over the {@code levels} of data-volume {@code option}, with {@code
   * more} options, in a database of its own named {@code name} on the test's server, its results in
   * the directory {@link #results} names.
   */
  private CliRun sweep(String name, String workload, String option, String levels, String... more)
      throws SQLException {
    createDatabase(name);
    List<String> args =
        new ArrayList<>(
            List.of(
                "--target-database-host",
                "127.0.0.1",
                "--target-database-port",
                String.valueOf(postgres.getPort()),
                "--target-database-name",
                name,
                "--workload",
                workload,
                option,
                levels,
                // Not asserted here, and on PostgreSQL it waits about 20 s a level.
                "--no-commit-check",
                "--output-dir",
                results(name).toString()));
    args.addAll(List.of(more));
    CliRun run = CliRun.of(args.toArray(String[]::new));
    assertEquals(0, run.exitCode(), run.err() + run.out());
    return run;
  }

  private Path results(String name) {
    return dir.resolve(name);
  }

  /** The summary of the run {@code run} of the sweep {@code name}. */
  private JsonNode summary(String name, String run) throws IOException {
    return new ObjectMapper().readTree(results(name).resolve(run).resolve("summary.json").toFile());
  }

  /** The transaction that wrote the row {@code id} of the item table. */
  private long writtenBy(String database, long id) throws SQLException {
    return query(database, "SELECT xmin::text::bigint FROM item WHERE id = " + id);
  }

  @Test
  void eachLevelLoadsOnlyTheRowsItAddsAndKeepsTheOthers() throws Exception {
    CliRun run =
        sweep(
            "sizes",
            "point-select",
            "--table-size",
            "2000,5000,12000",
            "--parallelism",
            "1,2",
            "--duration",
            "1s",
            "--warmup",
            "0");
    System.out.println(run.out());
    long[] levels = {2000, 5000, 12000};
    for (int level = 0; level < levels.length; level++) {
      long size = levels[level];
      long added = size - (level == 0 ? 0 : levels[level - 1]);
      for (int threads : new int[] {1, 2}) {
        String name = "postgres-point-select-table-size" + size + "-p" + threads;
        JsonNode summary = summary("sizes", name);
        assertEquals(size, summary.get("options").get("table-size").asLong(), name);
        assertEquals(threads, summary.get("parallelism").asInt());
        JsonNode setup = summary.get("setup");
        assertEquals(level > 0, setup.get("grown").asBoolean(), setup.toString());
        assertEquals(size, setup.get("rows").asLong(), setup.toString());
        assertEquals(added, setup.get("addedRows").asLong(), setup.toString());
        assertTrue(setup.get("seconds").asDouble() > 0, setup.toString());
        assertFalse(setup.has("notGrown"), setup.toString());
        // verify counted the rows the run saw
        assertEquals(size, summary.get("verification").get("figures").get("rows").asLong());
      }
    }
    // The load's progress counted the new rows only.
    assertTrue(run.out().contains("loading item: 2,000 rows"), run.out());
    assertTrue(run.out().contains("growing item: 3,000 rows"), run.out());
    assertTrue(run.out().contains("growing item: 7,000 rows"), run.out());
    assertTrue(run.out().contains("table-size 12000: grew the data to 12,000 rows in "), run.out());
    assertTrue(run.out().contains(", adding 7,000 (the 5,000 there kept)."), run.out());
    // Each level's rows were written once, by its own load: the rows before were not rewritten.
    assertEquals(12_000, query("sizes", "SELECT COUNT(*) FROM item"));
    long first = writtenBy("sizes", 1);
    long second = writtenBy("sizes", 2001);
    long third = writtenBy("sizes", 5001);
    assertEquals(first, writtenBy("sizes", 2000));
    assertEquals(second, writtenBy("sizes", 5000));
    assertEquals(third, writtenBy("sizes", 12_000));
    assertTrue(first < second && second < third, first + " " + second + " " + third);
    // The id sequence ends past the new rows; the statistics were refreshed after the growth.
    assertEquals(12_001, query("sizes", "SELECT nextval(pg_get_serial_sequence('item', 'id'))"));
    assertEquals(
        12_000, query("sizes", "SELECT reltuples::bigint FROM pg_class WHERE relname = 'item'"));
    assertEquals(
        12_000,
        query(
            "sizes",
            "SELECT scale FROM txbench_meta WHERE object_name = 'item' AND state = 'complete'"));
    // The comparison shows the data level where it differs.
    assertTrue(run.out().lines().anyMatch(l -> l.matches("run +tps +tps_x .*")), run.out());
    assertTrue(
        run.out().lines().anyMatch(l -> l.matches("6 table-size=12000 x2 +[0-9,]+\\.[0-9]+ .*")),
        run.out());
  }

  @Test
  void everyTableOfAListGrowsAndAYcsbTableToo() throws Exception {
    sweep(
        "tables",
        "ycsb-c",
        "--table-size",
        "1000,3000",
        "--tables",
        "2",
        "--iterations",
        "100",
        "--parallelism",
        "1");
    JsonNode setup = summary("tables", "postgres-ycsb-c-table-size3000-p1").get("setup");
    assertTrue(setup.get("grown").asBoolean(), setup.toString());
    assertEquals(6000, setup.get("rows").asLong());
    assertEquals(4000, setup.get("addedRows").asLong());
    assertEquals(3000, query("tables", "SELECT COUNT(*) FROM usertable"));
    assertEquals(3000, query("tables", "SELECT COUNT(*) FROM usertable2"));
    assertEquals(3000, query("tables", "SELECT MAX(id) FROM usertable2"));
  }

  @Test
  void dataARunChangedIsLoadedAfreshAndTheConsoleSaysWhy() throws Exception {
    CliRun run =
        sweep(
            "inserts",
            "insert",
            "--table-size",
            "1000,2000",
            "--parallelism",
            "1",
            "--iterations",
            "50");
    assertTrue(
        run.out()
            .lines()
            .anyMatch(
                l ->
                    l.startsWith("table-size 2000: loaded 2,000 rows in ")
                        && l.endsWith(
                            ", afresh, not grown: table item holds ids past the 1,000 loaded"
                                + " (a run inserted rows).")),
        run.out());
    JsonNode setup = summary("inserts", "postgres-insert-table-size2000-p1").get("setup");
    assertFalse(setup.get("grown").asBoolean());
    assertEquals(2000, setup.get("addedRows").asLong());
    assertTrue(setup.get("notGrown").asText().contains("a run inserted rows"), setup.toString());
    assertEquals(2050, query("inserts", "SELECT COUNT(*) FROM item"));
  }

  @Test
  void anAnalyticsScaleListLoadsEachLevelAfreshAndSaysSo() throws Exception {
    CliRun run =
        sweep(
            "scales",
            "analytics",
            "--scale",
            "0.001,0.002",
            "--query",
            "join",
            "--parallelism",
            "1",
            "--iterations",
            "2");
    List<String> afresh =
        run.out().lines().filter(l -> l.startsWith("scale 0.002: loaded ")).toList();
    assertEquals(1, afresh.size(), run.out());
    assertTrue(afresh.get(0).contains("afresh, not grown: its data at a larger size"), run.out());
    for (String scale : List.of("0.001", "0.002")) {
      JsonNode options =
          summary("scales", "postgres-analytics-scale" + scale + "-p1").get("options");
      assertEquals(scale, options.get("scale").asText());
    }
    assertEquals(2000, query("scales", "SELECT COUNT(*) FROM ord"));
  }

  @Test
  void oneEmbeddedServerHoldsTheDataFromLevelToLevel() throws Exception {
    Path out = results("embedded");
    CliRun run =
        CliRun.of(
            "--embedded",
            "--workload",
            "point-select",
            "--table-size",
            "1000,2000",
            "--parallelism",
            "1",
            "--iterations",
            "50",
            "--output-dir",
            out.toString());
    assertEquals(0, run.exitCode(), run.err() + run.out());
    assertEquals(
        1, run.out().lines().filter(l -> l.contains("started an embedded PostgreSQL")).count());
    JsonNode setup = summary("embedded", "postgres-point-select-table-size2000-p1").get("setup");
    assertTrue(setup.get("grown").asBoolean(), setup.toString());
    assertEquals(1000, setup.get("addedRows").asLong());
  }
}
