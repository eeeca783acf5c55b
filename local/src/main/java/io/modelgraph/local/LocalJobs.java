package io.modelgraph.local;

import io.modelgraph.jobs.JobHandler;
import io.modelgraph.jobs.JobLauncher;
import io.modelgraph.jobs.Jobs;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The local stand-in for the job functions' asynchronous invocation: a job run goes to a background thread
 * of this JVM with the job functions' 900 s budget. Two at a time, like a small reserved concurrency; more
 * wait their turn. A run cut short by stopping the gateway leaves its job {@code running}: its write is
 * given up by the project's next settle once its lease has passed, and the job reads failed then (docs/local.md).
 */
final class LocalJobs implements AutoCloseable {
    private final AtomicInteger n = new AtomicInteger();
    private final ExecutorService runs = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "job-run-" + n.incrementAndGet());
        t.setDaemon(true);
        return t;
    });

    private final Object idle = new Object();
    private int inFlight; // runs launched and not yet ended; guarded by idle

    /** Starts runs of {@code handler} (the job function of one route group). */
    JobLauncher launcher(JobHandler handler) {
        return (projectId, jobId) -> {
            synchronized (idle) {
                inFlight++;
            }
            runs.execute(() -> {
                try {
                    handler.run(projectId, jobId, Jobs.RUN_TIMEOUT.toMillis());
                } catch (RuntimeException e) {
                    // Jobs.run keeps every failure of the request as the job's answer; this is the store failing
                    e.printStackTrace();
                } finally {
                    synchronized (idle) {
                        inFlight--;
                        idle.notifyAll();
                    }
                }
            });
        };
    }

    /**
     * Waits until every run launched so far has ended, so a caller in this JVM (a test) learns that a job is
     * settled without polling its status route; false when {@code within} passes first.
     */
    boolean awaitIdle(Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        synchronized (idle) {
            while (inFlight > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(idle, left);
            }
        }
        return true;
    }

    @Override
    public void close() {
        runs.shutdownNow();
        try {
            runs.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
