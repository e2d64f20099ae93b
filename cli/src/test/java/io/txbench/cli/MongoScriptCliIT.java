package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --workload script} on the mongo target, on the MongoDB emulator the test starts: a script
 * of find, update and insert commands with {@code \begin}/{@code \commit}, its set-up and its
 * verify, and exact counts read back from the server.
 */
class MongoScriptCliIT {
  private static final String SETUP =
      """
      -- ten accounts, each with a balance of 0
      {"insert": "accounts", "documents": [
        {"_id": 1, "balance": 0}, {"_id": 2, "balance": 0}, {"_id": 3, "balance": 0},
        {"_id": 4, "balance": 0}, {"_id": 5, "balance": 0}]}
      """;
  private static final String TRANSFER =
      """
      -- move :amount from one account to another, in one transaction
      \\set from random(1, 5)
      \\set to random(1, 5)
      \\set amount random(1, 100)
      \\set minus -:amount
      \\begin
      {"find": "accounts", "filter": {"_id": :from}, "projection": {"_id": 0, "balance": 1}}
      \\gset before_
      {"update": "accounts",
       "updates": [{"q": {"_id": :from}, "u": {"$inc": {"balance": :minus}}}]}
      {"update": "accounts",
       "updates": [{"q": {"_id": :to}, "u": {"$inc": {"balance": :amount}}}]}
      {"insert": "history",
       "documents": [{"from": :from, "amount": :amount, "before": :before_balance, "w": :w}]}
      \\commit
      """;
  private static final String VERIFY =
      """
      -- money is neither made nor lost
      {"aggregate": "accounts", "cursor": {},
       "pipeline": [{"$group": {"_id": null, "total": {"$sum": "$balance"}}},
                    {"$project": {"_id": 0, "ok": {"$eq": ["$total", 0]}}}]}
      -- and five accounts are still there
      {"aggregate": "accounts", "cursor": {},
       "pipeline": [{"$count": "n"}, {"$project": {"ok": {"$eq": ["$n", 5]}}}]}
      """;

  @TempDir Path dir;
  private MongoServer server;
  private int port;

  @BeforeEach
  void start() {
    server = new MongoServer(new MemoryBackend());
    InetSocketAddress address = server.bind();
    port = address.getPort();
  }

  @AfterEach
  void stop() {
    server.shutdownNow();
  }

  private CliRun run(String name) throws Exception {
    Files.writeString(dir.resolve("setup.json"), SETUP);
    Files.writeString(dir.resolve("transfer.json"), TRANSFER);
    Files.writeString(dir.resolve("verify.json"), VERIFY);
    return CliRun.of(
        onTheEmulator(
            "--script",
            dir.resolve("transfer.json").toString(),
            "--script-setup",
            dir.resolve("setup.json").toString(),
            "--script-verify",
            dir.resolve("verify.json").toString(),
            "--define",
            "w=txbench",
            "--iterations",
            "200",
            "--parallelism",
            "2",
            "--output-dir",
            dir.resolve(name).toString()));
  }

  /** The arguments of a script run on the test's emulator, {@code more} after them. */
  private String[] onTheEmulator(String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--benchmark-target",
                "mongo",
                "--target-database-host",
                "127.0.0.1",
                "--target-database-port",
                String.valueOf(port),
                "--workload",
                "script"));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  @Test
  void aTransferScriptRunsWithExactCountsAndVerifies() throws Exception {
    CliRun run = run("transfer");
    assertEquals(0, run.exitCode(), run.out() + run.err());
    JsonNode summary =
        new ObjectMapper().readTree(dir.resolve("transfer").resolve("summary.json").toFile());
    long committed = summary.get("iterations").asLong();
    assertEquals(200, committed, summary.toString());
    assertEquals(0, summary.get("errors").asLong(), summary.toString());
    // Each command timed apart by its line (not \begin and \commit), each run once an iteration.
    List<Integer> lines = new ArrayList<>();
    for (JsonNode statement : summary.get("statements")) {
      lines.add(statement.get("line").asInt());
      assertEquals(committed, statement.get("count").asLong(), statement.toString());
      assertEquals(0, statement.get("failures").asLong(), statement.toString());
    }
    assertEquals(List.of(7, 9, 11, 13), lines, summary.get("statements").toString());
    try (MongoClient client = MongoClients.create("mongodb://127.0.0.1:" + port)) {
      MongoDatabase db = client.getDatabase("txbench");
      // Each committed iteration wrote one history document, with its \gset and --define values.
      assertEquals(committed, db.getCollection("history").countDocuments());
      assertEquals(
          committed, db.getCollection("history").countDocuments(new Document("w", "txbench")));
      long amounts = 0;
      for (Document h : db.getCollection("history").find()) {
        amounts += number(h, "amount");
        assertTrue(h.get("before") instanceof Number, h.toJson());
      }
      long moved = 0;
      for (Document a : db.getCollection("accounts").find()) {
        moved += Math.abs(number(a, "balance"));
      }
      assertEquals(0, sumOfBalances(db));
      assertTrue(amounts > 0 && moved <= 2 * amounts, amounts + " moved " + moved);
    }
  }

  private static long number(Document d, String field) {
    return d.get(field) instanceof Number n ? n.longValue() : Long.MIN_VALUE;
  }

  private static long sumOfBalances(MongoDatabase db) {
    long sum = 0;
    for (Document a : db.getCollection("accounts").find()) {
      sum += number(a, "balance");
    }
    return sum;
  }

  @Test
  void aJsonErrorIsOneLineNamingTheFileAndLine() throws Exception {
    Path bad = dir.resolve("bad.json");
    Files.writeString(
        bad, "\\set id 1\n{\"find\": \"accounts\", \"filter\": {\"_id\": :id, \"x\": }}\n");
    CliRun run = CliRun.of(onTheEmulator("--script", bad.toString()));
    // A usage error: the kind reads its scripts before anything connects.
    assertEquals(2, run.exitCode(), run.out() + run.err());
    assertEquals(1, run.err().strip().lines().count(), run.err());
    assertTrue(run.err().contains(bad + ":2: the command is not JSON"), run.err());
  }
}
