package io.txbench.core.engine;

/** {@link OpenLoopTest} on the asynchronous model, each iteration completing on another thread. */
class OpenLoopOnChainedTest extends OpenLoopTest {
  @Override
  WorkerModel model() {
    return WorkerModel.CHAINED;
  }
}
