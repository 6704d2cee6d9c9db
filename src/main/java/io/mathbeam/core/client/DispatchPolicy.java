package io.mathbeam.core.client;

/** How a dispatcher orders the samples it has not sent yet ({@code DispatchOrder}). */
public enum DispatchPolicy {
  /** Longest expected work first, learnt from the samples that have finished. */
  LONGEST_FIRST,
  /** Problems in the order their samples arrived, all of one problem before the next. */
  ARRIVAL
}
