package io.mathbeam.pipelines.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.pipelines.eval.EvalCommand;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The client side of {@code bench-fleet}, in a JVM of its own so that its CPU time and its phases
 * are measured apart from the simulated fleet: {@code FleetClientProcess REPORT eval ARGS...} runs
 * {@code mathbeam eval ARGS}, {@code FleetClientProcess REPORT peer ARGS...} runs a {@link
 * FleetPeer}. Writes to REPORT (JSON): the JVM's start, the entry to and return from main (epoch
 * ms), the process CPU time at both (so that the JVM's own start is left out), and a sample every
 * {@value #TICK_MILLIS} ms of the CPU time, what the main thread is doing and what the busy threads
 * are doing ({@link #where}), from which the benchmark tells where the time before the first
 * request and after the last response goes.
 */
final class FleetClientProcess {
  static final long TICK_MILLIS = 100;
  private static final ObjectMapper JSON = new ObjectMapper();

  private FleetClientProcess() {}

  public static void main(String[] args) throws Exception {
    long mainMs = System.currentTimeMillis();
    long cpuAtMain = processCpuNanos();
    Thread main = Thread.currentThread();
    ObjectNode report = JSON.createObjectNode();
    ArrayNode ticks = report.putArray("ticks");
    Thread sampler =
        new Thread(
            () -> {
              while (!Thread.currentThread().isInterrupted()) {
                ObjectNode tick = JSON.createObjectNode();
                tick.put("ms", System.currentTimeMillis()).put("cpu_ns", processCpuNanos());
                Map<Thread, StackTraceElement[]> stacks = Thread.getAllStackTraces();
                StackTraceElement[] mainStack = stacks.getOrDefault(main, new StackTraceElement[0]);
                tick.put("main", where(mainStack)).put("phase", phase(mainStack));
                Map<String, Integer> busy = new TreeMap<>();
                for (Map.Entry<Thread, StackTraceElement[]> e : stacks.entrySet()) {
                  StackTraceElement[] stack = e.getValue();
                  if (e.getKey() != Thread.currentThread()
                      && e.getKey().getState() == Thread.State.RUNNABLE
                      && stack.length > 0
                      && !stack[0].isNativeMethod()) {
                    busy.merge(where(stack), 1, Integer::sum);
                  }
                }
                ObjectNode busyNode = tick.putObject("busy");
                busy.forEach(busyNode::put);
                synchronized (ticks) {
                  ticks.add(tick);
                }
                try {
                  Thread.sleep(TICK_MILLIS);
                } catch (InterruptedException e) {
                  return;
                }
              }
            },
            "fleet-bench-sampler");
    sampler.setDaemon(true);
    sampler.start();
    String[] rest = Arrays.copyOfRange(args, 2, args.length);
    int rc;
    if (args[1].equals("eval")) {
      new EvalCommand(new PrintStream(OutputStream.nullOutputStream())).run(rest);
      rc = 0;
    } else {
      rc = FleetPeer.main(rest);
    }
    long endMs = System.currentTimeMillis();
    long cpuAtEnd = processCpuNanos();
    sampler.interrupt();
    sampler.join(1000);
    report
        .put("jvm_start_ms", ManagementFactory.getRuntimeMXBean().getStartTime())
        .put("main_ms", mainMs)
        .put("end_ms", endMs)
        .put("cpu_at_main_ns", cpuAtMain)
        .put("cpu_at_end_ns", cpuAtEnd)
        .put("exit_code", rc);
    synchronized (ticks) {
      Files.writeString(Path.of(args[0]), JSON.writeValueAsString(report));
    }
    System.exit(rc);
  }

  /** User plus system time of this process. */
  static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /**
   * Where a thread is: its innermost mathbeam frame and, when the thread is deeper, its innermost
   * frame outside the JDK (a Beam, Flink or Parquet method); {@code Class.method}, simple names.
   */
  static String where(StackTraceElement[] stack) {
    String own = null;
    String library = null;
    for (StackTraceElement frame : stack) {
      String cls = frame.getClassName();
      boolean jdk =
          cls.startsWith("java.")
              || cls.startsWith("jdk.")
              || cls.startsWith("sun.")
              || cls.startsWith("com.sun.");
      if (library == null && !jdk) {
        library = name(frame);
      }
      if (cls.startsWith("io.mathbeam.") && !cls.equals(FleetClientProcess.class.getName())) {
        own = name(frame);
        break;
      }
    }
    if (library == null) {
      return stack.length == 0 ? "(none)" : name(stack[0]);
    }
    return own == null || own.equals(library) ? library : own + " > " + library;
  }

  /**
   * Which step of the command the main thread is in: its outermost mathbeam frames below this class
   * (three at most), e.g. {@code EvalCommand.run > EvalCommand.execute > RunOutputs.finish}.
   */
  static String phase(StackTraceElement[] stack) {
    List<String> chain = new ArrayList<>();
    for (int i = stack.length - 1; i >= 0 && chain.size() < 3; i--) {
      String cls = stack[i].getClassName();
      if (cls.startsWith("io.mathbeam.") && !cls.equals(FleetClientProcess.class.getName())) {
        String frame = name(stack[i]);
        if (chain.isEmpty() || !chain.get(chain.size() - 1).equals(frame)) {
          chain.add(frame);
        }
      }
    }
    return chain.isEmpty() ? "(outside mathbeam)" : String.join(" > ", chain);
  }

  private static String name(StackTraceElement frame) {
    String cls = frame.getClassName();
    return cls.substring(cls.lastIndexOf('.') + 1) + "." + frame.getMethodName();
  }
}
