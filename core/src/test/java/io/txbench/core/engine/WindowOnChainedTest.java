package io.txbench.core.engine;

/** {@link WindowTest} on the asynchronous model, each iteration completing on another thread. */
class WindowOnChainedTest extends WindowTest {
  @Override
  WorkerModel model() {
    return WorkerModel.CHAINED;
  }
}
