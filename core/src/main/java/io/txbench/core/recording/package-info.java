/**
 * What is recorded of a run's response times, apart from the engine that records them: the
 * wait-free {@link io.txbench.core.recording.LatencyRecorder}, and each script statement timed on
 * its own (pgbench's {@code -r}): its name, a worker's log of an iteration's executions, the run's
 * figures per statement. Depends on the SPI's error classes and HdrHistogram alone.
 */
@NullMarked
package io.txbench.core.recording;

import org.jspecify.annotations.NullMarked;
