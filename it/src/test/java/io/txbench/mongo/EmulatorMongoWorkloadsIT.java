package io.txbench.mongo;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.net.InetSocketAddress;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * The contract against the server named by {@code TXBENCH_IT_MONGO_URI} when set (a replica set is
 * assumed), otherwise against mongo-java-server, the in-process wire-protocol emulator, which has
 * no transactions.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EmulatorMongoWorkloadsIT extends MongoAnalyticsContract {
  private @Nullable MongoServer server; // none when the URI names a server
  private String uri;

  @BeforeAll
  void start() {
    uri = System.getenv("TXBENCH_IT_MONGO_URI");
    if (uri == null || uri.isBlank()) {
      server = new MongoServer(new MemoryBackend());
      InetSocketAddress address = server.bind();
      uri = "mongodb://127.0.0.1:" + address.getPort() + "/";
    }
  }

  @AfterAll
  void stop() {
    if (server != null) {
      server.shutdownNow();
    }
  }

  @Override
  String serverUri() {
    return uri;
  }

  /** The emulator answers buildInfo alone of the commands that tell them. */
  @Override
  List<String> settingsTold() {
    return server == null ? super.settingsTold() : List.of("version");
  }

  @Override
  boolean transactions() {
    return server == null;
  }
}
