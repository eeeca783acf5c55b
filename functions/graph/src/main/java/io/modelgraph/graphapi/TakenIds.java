package io.modelgraph.graphapi;

import io.modelgraph.graph.Node;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * The stored nodes among a bulkCreate call's given node Ids, read on another thread: the call validates and builds
 * its items meanwhile, and asks for the answer just before its first write (docs/graph.md "Large writes").
 */
final class TakenIds {
    /** Daemon threads, so a handler's JVM can exit; idle ones end after a minute. */
    private static final ExecutorService READERS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "bulk-taken-ids");
        t.setDaemon(true);
        return t;
    });

    private final CompletableFuture<Map<String, Node>> found;

    private TakenIds(CompletableFuture<Map<String, Node>> found) {
        this.found = found;
    }

    /** Starts {@code read} (the stored nodes among the given Ids, by Id) now, on another thread. */
    static TakenIds read(Supplier<Map<String, Node>> read) {
        return new TakenIds(CompletableFuture.supplyAsync(read, READERS));
    }

    /** Already read with the call's other nodes. */
    static TakenIds known(Map<String, Node> found) {
        return new TakenIds(CompletableFuture.completedFuture(found));
    }

    /** The stored nodes found, waiting for the read; its failure is thrown as it was. */
    Map<String, Node> now() {
        try {
            return found.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }
}
