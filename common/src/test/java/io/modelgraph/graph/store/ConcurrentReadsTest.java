package io.modelgraph.graph.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The side-by-side reads a space's load makes: results in the order asked, whichever finishes first. */
class ConcurrentReadsTest {
    @Test
    void answersInTheOrderAskedAndRunsTheReadsAtTheSameTime() {
        int n = 9; // a space's load: eight type partitions and the relations
        CountDownLatch started = new CountDownLatch(ConcurrentReads.THREADS + 1);
        // read k of the first THREADS + 1 (the caller's and the pool's first) ends after read k + 1 has ended
        List<CountDownLatch> ended = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ended.add(new CountDownLatch(1));
        }
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        List<Supplier<Integer>> reads = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int k = i;
            reads.add(() -> {
                threads.add(Thread.currentThread());
                started.countDown();
                try {
                    // the first reads wait until the pool's threads and the caller all run one: proof they overlap
                    started.await(10, TimeUnit.SECONDS);
                    if (k < ConcurrentReads.THREADS) {
                        ended.get(k + 1).await(10, TimeUnit.SECONDS); // later reads finish first
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                ended.get(k).countDown();
                return k * k;
            });
        }
        assertEquals(List.of(0, 1, 4, 9, 16, 25, 36, 49, 64), ConcurrentReads.all(reads));
        assertEquals(0, started.getCount(), "the caller and " + ConcurrentReads.THREADS + " threads read together");
        assertTrue(threads.size() >= ConcurrentReads.THREADS + 1, threads.toString());
    }

    @Test
    void aFailedReadFailsTheCallWithItsOwnExceptionAfterEveryReadEnded() {
        IllegalStateException first = new IllegalStateException("partition 2");
        AtomicInteger finished = new AtomicInteger();
        CountDownLatch failed = new CountDownLatch(1);
        List<Supplier<String>> reads = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            int k = i;
            reads.add(() -> {
                if (k == 5) {
                    try {
                        failed.await(10, TimeUnit.SECONDS); // the last read is still running when read 2 fails
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                finished.incrementAndGet();
                if (k == 2) {
                    failed.countDown();
                    throw first;
                }
                if (k == 4) {
                    throw new IllegalArgumentException("partition 4");
                }
                return "ok";
            });
        }
        assertSame(first, assertThrows(IllegalStateException.class, () -> ConcurrentReads.all(reads)));
        assertEquals(6, finished.get());
    }

    @Test
    void noReadOrOneRunsOnTheCallersThread() {
        assertEquals(List.of(), ConcurrentReads.all(List.<Supplier<String>>of()));
        assertEquals(List.of(Thread.currentThread().getName()),
                ConcurrentReads.all(List.of(() -> Thread.currentThread().getName())));
    }
}
