package io.txbench.core.spi.server;

import java.time.Duration;
import java.util.Optional;

/**
 * A session of another client's that a {@link CommitReading} saw on the server, whose commits count
 * beside txbench's: {@code id}, which tells it from the others and finds it again at a later
 * reading; {@code who} it is, in words ({@code "nightly-etl as alice"}; empty when the server does
 * not say); {@code idle}, how long it had run nothing then ({@link Duration#ZERO} while it runs a
 * statement or holds a transaction open; empty when the server does not say).
 */
public record OtherSession(String id, String who, Optional<Duration> idle) {}
