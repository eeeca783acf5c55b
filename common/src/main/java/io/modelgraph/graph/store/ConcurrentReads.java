package io.modelgraph.graph.store;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * Runs independent reads at the same time and answers their results in the order given, so a caller that
 * processes them in that order gets exactly what running them one after the other would give. Loading a space
 * makes one Query per node type and one for its relations; one after the other they cost ten round trips
 * (measured: most of the transform export's and the REDCap audit's first request, bench {@code ColdStartBench}),
 * side by side about the longest of them.
 *
 * <p>The pool is bounded (the reads are I/O: a few threads keep a Lambda's share of a vCPU busy without queueing
 * at the HTTP client) and its own, apart from {@link DynamoCalls}' batch pool, so a read run here may itself use
 * that pool without waiting on a thread of its own pool. Threads are daemons and made on first use.
 */
final class ConcurrentReads {
    static final int THREADS = 4;

    private static final class Pool {
        static final ExecutorService POOL = Executors.newFixedThreadPool(THREADS, r -> {
            Thread t = new Thread(r, "graph-read");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Every read's result, in the order of {@code reads}. The calling thread runs the first read itself. A read
     * that fails fails the whole call with its own exception (the first in order, but an {@link Error} first: the
     * process is failing), after every read has ended. Large writes send their transactions through it too.
     */
    static <T> List<T> all(List<Supplier<T>> reads) {
        if (reads.size() <= 1) {
            return reads.isEmpty() ? List.of() : List.of(reads.get(0).get());
        }
        List<Future<T>> rest = new ArrayList<>(reads.size() - 1);
        for (Supplier<T> read : reads.subList(1, reads.size())) {
            rest.add(Pool.POOL.submit(read::get));
        }
        List<T> out = new ArrayList<>(reads.size());
        RuntimeException failure = null;
        Error error = null;
        try {
            out.add(reads.get(0).get());
        } catch (RuntimeException e) {
            failure = e;
        } catch (Error e) {
            error = e;
        }
        for (Future<T> f : rest) {
            try {
                out.add(f.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure = failure != null ? failure : new IllegalStateException("Interrupted while reading", e);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof Error err) {
                    error = error != null ? error : err;
                } else if (failure == null) {
                    failure = e.getCause() instanceof RuntimeException re ? re
                            : new IllegalStateException(e.getCause());
                }
            }
        }
        if (error != null) {
            throw error;
        }
        if (failure != null) {
            throw failure;
        }
        return out;
    }

    private ConcurrentReads() {
    }
}
