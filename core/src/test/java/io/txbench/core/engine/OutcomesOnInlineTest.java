package io.txbench.core.engine;

/** {@link OutcomesTest} on the asynchronous model, each iteration completing at once. */
class OutcomesOnInlineTest extends OutcomesTest {
  @Override
  WorkerModel model() {
    return WorkerModel.INLINE;
  }
}
