package io.txbench.mongo.client;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.txbench.core.spi.EmbeddedServer;
import java.net.InetSocketAddress;
import org.jspecify.annotations.Nullable;

/**
 * mongo-java-server in this process: it speaks MongoDB's wire protocol from memory, with no
 * sessions and no transactions. Good to learn the tool on; its figures say nothing of MongoDB.
 */
public final class MongoEmulator implements EmbeddedServer {
  private final MongoServer server;
  private final int port;

  private MongoEmulator(MongoServer server, int port) {
    this.server = server;
    this.port = port;
  }

  public static MongoEmulator start() {
    MongoServer server = new MongoServer(new MemoryBackend());
    InetSocketAddress address = server.bind();
    return new MongoEmulator(server, address.getPort());
  }

  @Override
  public String host() {
    return "127.0.0.1";
  }

  @Override
  public int port() {
    return port;
  }

  @Override
  public @Nullable String user() {
    return null;
  }

  @Override
  public String database() {
    return "txbench";
  }

  @Override
  public boolean supportsTransactions() {
    return false;
  }

  @Override
  public String label(String reportedVersion) {
    return "mongo-java-server emulator (reports " + reportedVersion + ")";
  }

  @Override
  public String kind() {
    return "MongoDB emulator";
  }

  @Override
  public String description() {
    return "the in-process MongoDB emulator (mongo-java-server) on port "
        + port
        + ": NOT a real MongoDB, in memory (nothing is durable) and WITHOUT transactions; its"
        + " figures say nothing about MongoDB";
  }

  @Override
  public void close() {
    server.shutdownNow();
  }
}
