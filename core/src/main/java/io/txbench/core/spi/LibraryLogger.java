package io.txbench.core.spi;

/**
 * A logger of a library a provider uses (its driver, pool or embedded server), and the level that
 * keeps it quiet at {@code --log-level} info and above: {@code OFF}, {@code ERROR} or {@code WARN}.
 */
public record LibraryLogger(String name, String quietLevel) {}
