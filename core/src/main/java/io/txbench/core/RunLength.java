package io.txbench.core;

/** What ends a run: a length of time or a number of iterations over all workers. */
public sealed interface RunLength permits ForDuration, ForIterations {}
