package io.txbench.mongo;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Document;
import io.netty.channel.Channel;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * mongo-java-server made to pass for the primary of a one-member replica set, enough for the driver
 * to run transactions against it over the wire: its hello names a set and a session timeout, and it
 * takes commands that carry {@code lsid}, {@code txnNumber}, {@code startTransaction} and {@code
 * autocommit}, and commitTransaction and abortTransaction. It records each transaction in a {@link
 * TransactionLedger}, which also scripts faults at commit. Writes are applied at once, as the
 * emulator does, and are not isolated: a transaction aborted still left its writes, and concurrent
 * ones do not conflict. What it checks is the client's side: what was started, committed, retried
 * and aborted.
 */
final class ReplicaSetEmulator implements AutoCloseable {
  static final String SET_NAME = "rs0";

  private final TransactionLedger ledger = new TransactionLedger();
  private final MongoServer server = new MongoServer(new Primary(ledger));
  private final int port;

  private ReplicaSetEmulator() {
    port = server.bind().getPort();
  }

  /** A new emulator, listening on a free port of 127.0.0.1. */
  static ReplicaSetEmulator start() {
    return new ReplicaSetEmulator();
  }

  /** The connection string of database {@code database} on this server. */
  String uri(String database) {
    return "mongodb://127.0.0.1:" + port + "/" + database;
  }

  TransactionLedger ledger() {
    return ledger;
  }

  @Override
  public void close() {
    server.shutdownNow();
  }

  /** The emulator's memory backend, answering as a primary and telling the ledger. */
  private static final class Primary extends MemoryBackend {
    private final TransactionLedger ledger;

    Primary(TransactionLedger ledger) {
      this.ledger = ledger;
    }

    @Override
    public Document handleCommand(
        Channel channel, String database, String command, Document query) {
      switch (command) {
        case "hello", "isMaster", "ismaster" -> {
          return primary(channel, super.handleCommand(channel, database, "isMaster", query));
        }
        case "commitTransaction" -> {
          CommitAnswer answer = ledger.commit(query);
          if (answer.reply() == null) {
            // Commands run on the channel's event loop, where close() is done at once: the
            // handler then writes the reply it is given to a closed channel.
            if (!channel.close().isDone()) {
              throw new IllegalStateException("the commit's connection is still open");
            }
            return new Document("ok", 1.0);
          }
          return answer.reply();
        }
        case "abortTransaction" -> {
          ledger.abort(query);
          return new Document("ok", 1.0);
        }
        default -> {
          ledger.statement(query);
          return super.handleCommand(channel, database, command, query);
        }
      }
    }

    /** {@code isMaster} as a replica set's primary answers it, to hello and isMaster alike. */
    private static Document primary(Channel channel, Document isMaster) {
      InetSocketAddress local = (InetSocketAddress) channel.localAddress();
      String me = local.getAddress().getHostAddress() + ":" + local.getPort();
      return isMaster
          .append("isWritablePrimary", true)
          .append("secondary", false)
          .append("setName", SET_NAME)
          .append("setVersion", 1)
          .append("hosts", List.of(me))
          .append("primary", me)
          .append("me", me)
          .append("logicalSessionTimeoutMinutes", 30);
    }
  }
}
