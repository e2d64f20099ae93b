package io.txbench.core.engine;

/**
 * When iterations start: each as soon as the worker's last one ended ({@link ClosedLoop}), or on a
 * schedule of their own ({@link OpenLoop}).
 */
public sealed interface Pacing permits ClosedLoop, OpenLoop {}
