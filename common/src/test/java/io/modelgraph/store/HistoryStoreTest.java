package io.modelgraph.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.modelgraph.platform.Services;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** History trails on the real DynamoDB Local: separate per subject and trail, capped exactly under concurrency. */
class HistoryStoreTest {
    private final Services services = TestStores.services();
    private final HistoryStore history = new HistoryStore(services.dynamo(), services.stores().historyTable());
    private final String project = TestStores.newProjectId();

    @Test
    void aSubjectNeverSeesTheRunsOfASubjectItIsAPrefixOf() {
        history.append(project, "capture", "a", Map.of("n", Attr.n(1)), 10);
        history.append(project, "capture", "a#b", Map.of("n", Attr.n(2)), 10);
        history.append(project, "capture", "a%23b", Map.of("n", Attr.n(3)), 10);
        assertEquals(List.of(1L), numbers(history.list(project, "capture", "a", 50)));
        assertEquals(List.of(2L), numbers(history.list(project, "capture", "a#b", 50)));
        assertEquals(List.of(3L), numbers(history.list(project, "capture", "a%23b", 50)));
    }

    @Test
    void trailsWhoseNamesShareAPrefixStaySeparate() {
        history.append(project, "x", "s", Map.of("n", Attr.n(1)), 10);
        history.append(project, "x#s", "t", Map.of("n", Attr.n(2)), 10);
        assertEquals(1, history.listAll(project, "x").size());
        assertEquals(1, history.listAll(project, "x#s").size());
    }

    @Test
    void appendsNeverOverwriteAndTheCapHoldsExactlyUnderConcurrentAppends() throws Exception {
        int writers = 6;
        int each = 15;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int writer = w;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < each; i++) {
                        history.append(project, "runs", "study", Map.of("writer", Attr.n(writer)),
                                HistoryStore.MAX_KEEP);
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        List<Map<String, AttributeValue>> runs = history.list(project, "runs", "study", 1_000);
        int total = writers * each;
        assertEquals(HistoryStore.MAX_KEEP, runs.size(), "exactly the cap");
        assertEquals(LongStream.rangeClosed(total - HistoryStore.MAX_KEEP + 1, total).boxed()
                .sorted((a, b) -> Long.compare(b, a)).toList(),
                runs.stream().map(r -> Attr.num(r, "seq", -1)).toList(),
                "every append got its own run, and the newest 50 are the ones kept");
    }

    @Test
    void aCapBeyondFiftyIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> history.append(project, "runs", "s", Map.of(), HistoryStore.MAX_KEEP + 1));
    }

    private static List<Long> numbers(List<Map<String, AttributeValue>> runs) {
        return runs.stream().map(r -> Attr.num(r, "n", -1)).toList();
    }
}
