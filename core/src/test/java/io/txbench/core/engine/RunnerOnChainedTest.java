package io.txbench.core.engine;

/** {@link RunnerTest} on the asynchronous model, each iteration completing on another thread. */
class RunnerOnChainedTest extends RunnerTest {
  @Override
  WorkerModel model() {
    return WorkerModel.CHAINED;
  }
}
