package io.mathbeam.core.sandbox;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.ExecutionStatus;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * Hostile programs, each contained and reported with the right status while the JVM and the other
 * executions carry on.
 */
public class SandboxHostileCodeTest {
  private static Sandbox sandbox;

  @BeforeClass
  public static void open() {
    sandbox = TestSandboxes.open(TestSandboxes.quick(2));
  }

  @AfterClass
  public static void close() {
    sandbox.close();
  }

  private static Execution run(String source) {
    return sandbox.run(source, "");
  }

  @Test
  public void infiniteLoopStopsAtItsCpuLimit() {
    Execution e = run("while True:\n    pass\n");
    assertEquals(e.toString(), ExecutionStatus.TIMEOUT, e.status());
    assertTrue(e.detail(), e.detail().contains("CPU time"));
  }

  @Test
  public void sleepingPastTheWallLimitIsATimeout() {
    Execution e = run("import time\nprint('going to sleep', flush=True)\ntime.sleep(60)\n");
    assertEquals(e.toString(), ExecutionStatus.TIMEOUT, e.status());
    assertEquals("going to sleep\n", e.stdout());
    assertTrue(e.wallMillis() < 15_000);
  }

  @Test
  public void forkBombIsCappedAndTheHostCanStillFork() throws Exception {
    CompletableFuture<Execution> bomb =
        sandbox.submit(
            "import os\n"
                + "while True:\n"
                + "    try:\n"
                + "        os.fork()\n"
                + "    except OSError:\n"
                + "        pass\n",
            "");
    Thread.sleep(1000);
    Process p = new ProcessBuilder("true").start();
    assertEquals(0, p.waitFor());
    Execution e = bomb.get();
    assertEquals(e.toString(), ExecutionStatus.TIMEOUT, e.status());
    Execution after = run("print('fine')\n");
    assertEquals(after.toString(), ExecutionStatus.OK, after.status());
  }

  @Test
  public void processCountIsLimitedPerSandbox() {
    Execution e =
        run(
            "import os, time\n"
                + "n = 0\n"
                + "try:\n"
                + "    for _ in range(1000):\n"
                + "        if os.fork() == 0:\n"
                + "            time.sleep(2)\n"
                + "            os._exit(0)\n"
                + "        n += 1\n"
                + "except OSError as e:\n"
                + "    print(n, type(e).__name__)\n");
    assertEquals(e.toString(), ExecutionStatus.OK, e.status());
    String[] parts = e.stdout().strip().split(" ");
    assertTrue(e.stdout(), Integer.parseInt(parts[0]) < 64);
    assertEquals("BlockingIOError", parts[1]);
  }

  @Test
  public void allocatingTenGigabytesIsAMemoryFailure() {
    Execution e = run("x = bytearray(10 * 1024 ** 3)\nprint('allocated')\n");
    assertEquals(e.toString(), ExecutionStatus.MEMORY, e.status());
    assertFalse(e.stdout().contains("allocated"));
  }

  @Test
  public void killingItselfIsKilledNotMemory() {
    Execution e =
        run(
            "import os, signal\nprint('before', flush=True)\nos.kill(os.getpid(), signal.SIGKILL)\n");
    assertEquals(e.toString(), ExecutionStatus.KILLED, e.status());
    assertEquals(e.toString(), "killed by SIGKILL (signal 9)", e.detail());
    assertTrue(e.stdout(), e.stdout().contains("before"));
    Execution crash = run("import ctypes\nctypes.string_at(0)\n");
    assertEquals(crash.toString(), ExecutionStatus.KILLED, crash.status());
    assertEquals(crash.toString(), "killed by SIGSEGV (signal 11)", crash.detail());
  }

  @Test
  public void writingOutsideTheTempDirFailsAndLeavesTheHostUntouched() throws Exception {
    Path target = TestSandboxes.projectRoot().resolve("src/target-" + UUID.randomUUID());
    Execution e =
        run(
            "for p in ['"
                + target
                + "', '/usr/mathbeam-evil', '/etc/mathbeam-evil', '/evil']:\n"
                + "    try:\n"
                + "        open(p, 'w').write('x')\n"
                + "        print('wrote', p)\n"
                + "    except OSError as e:\n"
                + "        print('refused', p, type(e).__name__)\n"
                + "open('/tmp/scratch', 'w').write('ok')\n"
                + "print(open('/tmp/scratch').read())\n");
    assertEquals(e.toString(), ExecutionStatus.OK, e.status());
    assertFalse(e.stdout(), e.stdout().contains("wrote"));
    assertTrue(e.stdout(), e.stdout().endsWith("ok\n"));
    assertFalse(Files.exists(target));
    assertFalse(Files.exists(Path.of("/usr/mathbeam-evil")));
  }

  @Test
  public void filesStopAtTheFileSizeLimitAndTmpAtItsSize() {
    Execution e =
        run(
            "import os\n"
                + "try:\n"
                + "    with open('/tmp/big', 'wb') as f:\n"
                + "        for _ in range(32):\n"
                + "            f.write(b'x' * (1 << 20))\n"
                + "except OSError as e:\n"
                + "    print('stopped', e.errno, os.path.getsize('/tmp/big') >> 20)\n");
    assertEquals(e.toString(), ExecutionStatus.OK, e.status());
    // RLIMIT_FSIZE (16 MiB by default) ends the writes with EFBIG (27)
    assertEquals("stopped 27 16\n", e.stdout());
    Execution full =
        run(
            "import os\n"
                + "n = 0\n"
                + "try:\n"
                + "    for i in range(10):\n"
                + "        with open('/tmp/part%d' % i, 'wb') as f:\n"
                + "            f.write(b'x' * (15 << 20))\n"
                + "        n += 1\n"
                + "except OSError as e:\n"
                + "    print('full', e.errno, n)\n");
    // the private /tmp is a 64 MiB tmpfs: ENOSPC (28) after four files of 15 MiB
    assertEquals(full.toString(), "full 28 4\n", full.stdout());
  }

  @Test
  public void projectFilesAndTheHomeDirectoryAreNotThere() {
    Path pom = TestSandboxes.projectRoot().resolve("pom.xml");
    String home = System.getProperty("user.home");
    Execution e =
        run(
            "import os\n"
                + "print(open('"
                + pom
                + "').read())\n"
                + "print(os.listdir('"
                + home
                + "'))\n");
    assertEquals(e.toString(), ExecutionStatus.ERROR, e.status());
    assertTrue(e.stderr(), e.stderr().contains("FileNotFoundError"));
    assertFalse(e.stdout().contains("<project"));
    Execution listing = run("import os\nprint(sorted(os.listdir('/')))\n");
    assertFalse(listing.stdout(), listing.stdout().contains("'work'"));
    assertFalse(listing.stdout(), listing.stdout().contains("'root'"));
    assertFalse(listing.stdout(), listing.stdout().contains("'home'"));
  }

  @Test
  public void socketsReachNothingNotEvenTheHostsLoopback() throws Exception {
    AtomicInteger accepted = new AtomicInteger();
    try (ServerSocket server = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
      server.setSoTimeout(200);
      Thread acceptor =
          new Thread(
              () -> {
                while (!server.isClosed()) {
                  try {
                    server.accept().close();
                    accepted.incrementAndGet();
                  } catch (SocketTimeoutException e) {
                    // keep listening until the server closes
                  } catch (java.io.IOException e) {
                    return;
                  }
                }
              });
      acceptor.start();
      Execution e =
          run(
              "import socket\n"
                  + "for host, port in [('127.0.0.1', "
                  + server.getLocalPort()
                  + "), ('8.8.8.8', 53), ('1.1.1.1', 443)]:\n"
                  + "    try:\n"
                  + "        socket.create_connection((host, port), timeout=2).close()\n"
                  + "        print('connected', host)\n"
                  + "    except OSError as e:\n"
                  + "        print('refused', host, type(e).__name__)\n");
      assertEquals(e.toString(), ExecutionStatus.OK, e.status());
      assertFalse(e.stdout(), e.stdout().contains("connected"));
      assertEquals(3, e.stdout().strip().split("\n").length);
      server.close();
      acceptor.join();
    }
    assertEquals(0, accepted.get());
  }

  @Test
  public void killingTheParentOrTheJvmReachesNeitherOfThem() {
    long jvm = ProcessHandle.current().pid();
    Execution e =
        run(
            "import os, signal\n"
                + "for pid in [os.getppid(), "
                + jvm
                + ", -1]:\n"
                + "    try:\n"
                + "        os.kill(pid, signal.SIGKILL)\n"
                + "    except OSError as e:\n"
                + "        print('no', pid, type(e).__name__)\n"
                + "print('still here')\n");
    assertTrue(e.toString(), e.stdout().contains("still here"));
    assertEquals(e.toString(), ExecutionStatus.OK, e.status());
    assertTrue(ProcessHandle.current().isAlive());
    assertEquals(ExecutionStatus.OK, run("print(1)\n").status());
  }

  @Test
  public void printingAGigabyteIsCutAtTheOutputLimit() {
    long start = System.nanoTime();
    Execution e =
        run(
            "import sys\nchunk = 'x' * (1 << 20)\nfor _ in range(1024):\n    sys.stdout.write(chunk)\n");
    assertEquals(e.toString(), ExecutionStatus.OUTPUT_LIMIT, e.status());
    assertTrue(e.stdout().endsWith(Execution.TRUNCATED));
    assertEquals(
        sandbox.config().limits().maxOutputBytes() + Execution.TRUNCATED.length(),
        e.stdout().length());
    assertTrue((System.nanoTime() - start) / 1_000_000 < 5_000);
  }

  @Test
  public void aDaemonDoesNotOutliveTheRun() throws Exception {
    String marker = "mathbeam-daemon-" + UUID.randomUUID();
    Execution e =
        run(
            "import os, sys\n"
                + "if os.fork() == 0:\n"
                + "    os.setsid()\n"
                + "    if os.fork() == 0:\n"
                + "        for fd in (0, 1, 2):\n"
                + "            os.close(fd)\n"
                + "        os.execv(sys.executable, [sys.executable, '-c',"
                + " 'import time; time.sleep(60)', '"
                + marker
                + "'])\n"
                + "    os._exit(0)\n"
                + "print('parent done')\n");
    assertEquals(e.toString(), ExecutionStatus.OK, e.status());
    long deadline = System.nanoTime() + 3_000_000_000L;
    boolean alive = true;
    while (alive && System.nanoTime() < deadline) {
      alive =
          ProcessHandle.allProcesses()
              .anyMatch(
                  p ->
                      p.info()
                          .arguments()
                          .map(a -> String.join(" ", a))
                          .orElse("")
                          .contains(marker));
      if (alive) {
        Thread.sleep(100);
      }
    }
    assertFalse("the daemon " + marker + " outlived the run", alive);
  }

  @Test
  public void hostileRunsDoNotHoldUpTheOthers() throws Exception {
    CompletableFuture<Execution> sleeper = sandbox.submit("import time\ntime.sleep(60)\n", "");
    Thread.sleep(300);
    long start = System.nanoTime();
    Execution quick = run("print(sum(range(10)))\n");
    long quickMillis = (System.nanoTime() - start) / 1_000_000;
    assertEquals("45\n", quick.stdout());
    assertFalse(sleeper.isDone());
    assertTrue("a quick run waited " + quickMillis + " ms", quickMillis < 4_000);
    assertEquals(ExecutionStatus.TIMEOUT, sleeper.get().status());
  }
}
