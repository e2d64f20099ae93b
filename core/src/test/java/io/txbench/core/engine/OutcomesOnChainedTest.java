package io.txbench.core.engine;

/** {@link OutcomesTest} on the asynchronous model, each iteration completing on another thread. */
class OutcomesOnChainedTest extends OutcomesTest {
  @Override
  WorkerModel model() {
    return WorkerModel.CHAINED;
  }
}
