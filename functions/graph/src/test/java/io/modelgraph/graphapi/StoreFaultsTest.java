package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.store.HttpFaults;
import io.modelgraph.store.HttpFaults.Fault;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * DynamoDB throttling, 500s and slow answers injected at the SDK's HTTP layer ({@link HttpFaults}) against the real DynamoDB Local,
 * for a read (fetchNode), a single write (node) and bulkCreate: a fault that passes is retried by the SDK and the
 * call answers as without it; a fault that lasts is retried a bounded number of times, then answered with the fatal
 * envelope and a tracking code, and the project's partition is exactly as before (docs/reliability.md). A slow
 * answer is given up by the SDK's attempt timeout and retried; lasting slowness ends in the fatal envelope well
 * within the HTTP API's 29 s.
 */
class StoreFaultsTest {
    private static final String[] READS = {"GetItem", "Query", "BatchGetItem"};
    private static final String[] WRITES = {"PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem",
        "TransactWriteItems"};
    /** The service's bound for DynamoDB: the first attempt and up to four retries per call. */
    private static final int ATTEMPTS_PER_CALL = io.modelgraph.store.AwsClients.DYNAMO_ATTEMPTS;

    /** Later than any attempt may wait: the answer that never comes in time. */
    static final java.time.Duration NEVER_IN_TIME = java.time.Duration.ofSeconds(60);
    /** What a caller may wait for the fatal envelope: the HTTP API gives up at 29 s. */
    static final long ANSWER_WITHIN_MILLIS = 25_000;

    private final HttpFaults faults = new HttpFaults();
    private final GraphApi api = new GraphApi();
    private final GraphApi faulty = api.via(new GraphHandler(faults.services));

    private static void assertFatalWithTrackingCode(GraphApi.Response r) {
        assertEquals(500, r.status(), r.json().toString());
        assertTrue(r.json().path("error").path("isFatal").asBoolean(false), r.json().toString());
        assertTrue(r.message().matches(".*quote error code MG-[A-Z2-9]{10}\\..*"), r.message());
        assertFalse(r.json().toString().contains("Exception"), "no exception name: " + r.json());
    }

    @Test
    void aReadRetriesAPassingThrottleAndAnswersAsWithoutIt() {
        String id = api.createNode("Kept", "Type");
        var expected = api.fetch(id, true, true);
        faults.fail(Fault.THROTTLED, 2, READS);
        assertEquals(expected, faulty.fetch(id, true, true));
        assertTrue(faults.attempts.get() >= 3, "two throttled attempts, then the one that passed: "
                + faults.attempts.get());
    }

    @Test
    void aReadUnderLastingServerErrorsIsAFatalEnvelopeAfterBoundedRetries() {
        String id = api.createNode("Kept", "Type");
        faults.fail(Fault.SERVER_ERROR, Integer.MAX_VALUE, READS);
        assertFatalWithTrackingCode(faulty.get("fetchNode?NodeId=" + id));
        int attempts = faults.attempts.get();
        faults.off();
        assertTrue(attempts > 1 && attempts % ATTEMPTS_PER_CALL == 0 && attempts <= 4 * ATTEMPTS_PER_CALL,
                "retried, a bounded number of times: " + attempts + " attempts");
        System.out.println("StoreFaults: fetchNode under lasting 500s: " + attempts + " attempts");
    }

    @Test
    void aSingleWriteUnderLastingThrottlingWritesNothing() {
        String id = api.createNode("Kept", "Type");
        var before = FaultyDynamo.partition(api.project());
        faults.fail(Fault.THROTTLED, Integer.MAX_VALUE, WRITES);
        long t0 = System.nanoTime();
        assertFatalWithTrackingCode(faulty.post("node", Map.of("label", "Lost", "nodeType", "Type")));
        long millis = (System.nanoTime() - t0) / 1_000_000;
        int attempts = faults.attempts.get();
        faults.off();
        assertTrue(attempts > 1 && attempts <= 4 * ATTEMPTS_PER_CALL, attempts + " attempts");
        assertEquals(before, FaultyDynamo.partition(api.project()), "nothing written");
        assertEquals("Kept", api.fetch(id, false, false).path("label").asText());
        System.out.println("StoreFaults: node under lasting throttling: " + attempts + " attempts, " + millis + " ms");
    }

    @Test
    void aBulkCreateOfAHundredUnderLastingServerErrorsWritesNothingAndPassesOnceTheyStop() {
        api.createNode("Kept", "Type");
        var before = FaultyDynamo.partition(api.project());
        List<Map<String, Object>> nodes = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            nodes.add(Map.of("Id", "n" + i, "label", "Node " + i, "nodeType", "Type"));
        }
        faults.fail(Fault.SERVER_ERROR, Integer.MAX_VALUE, "BatchWriteItem", "TransactWriteItems");
        assertFatalWithTrackingCode(faulty.post("bulkCreate", Map.of("nodes", nodes)));
        faults.off();
        // the given-up write's key record could not be removed while DynamoDB failed: it stays (the write listed
        // as given up, so hidden) for the project's next settle; every other item is as before
        var after = new java.util.TreeMap<>(FaultyDynamo.partition(api.project()));
        after.entrySet().removeIf(e -> e.getKey().startsWith("~") && e.getValue().containsKey("keys"));
        assertEquals(new java.util.TreeMap<>(before), after, "nothing half-applied");

        faults.fail(Fault.SERVER_ERROR, 3, "BatchWriteItem", "TransactWriteItems");
        assertEquals(100, faulty.post("bulkCreate", Map.of("nodes", nodes)).ok().data().path("nodeIds").size());
    }

    @Test
    void aReadRetriesASlowAnswerAndAnswersAsWithoutIt() {
        String id = api.createNode("Kept", "Type");
        var expected = api.fetch(id, true, true);
        faults.slow(NEVER_IN_TIME, 1, READS);
        long t0 = System.nanoTime();
        assertEquals(expected, faulty.fetch(id, true, true));
        long millis = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(faults.attempts.get() >= 2, "the slow attempt, then one that passed: " + faults.attempts.get());
        assertTrue(millis < ANSWER_WITHIN_MILLIS, millis + " ms");
        System.out.println("StoreFaults: fetchNode with one slow answer: " + millis + " ms");
    }

    @Test
    void aReadUnderLastingSlownessIsAFatalEnvelopeInTime() {
        String id = api.createNode("Kept", "Type");
        faults.slow(NEVER_IN_TIME, Integer.MAX_VALUE, READS);
        long t0 = System.nanoTime();
        assertFatalWithTrackingCode(faulty.get("fetchNode?NodeId=" + id));
        long millis = (System.nanoTime() - t0) / 1_000_000;
        int attempts = faults.attempts.get();
        faults.off();
        assertTrue(attempts > 1 && attempts <= 2 * ATTEMPTS_PER_CALL, "retried, bounded: " + attempts);
        assertTrue(millis < ANSWER_WITHIN_MILLIS, "answered in " + millis + " ms");
        System.out.println("StoreFaults: fetchNode under lasting slowness: " + attempts + " attempts, " + millis
                + " ms");
    }

    @Test
    void aSingleWriteUnderLastingSlownessIsAFatalEnvelopeInTimeAndWritesNothing() {
        String id = api.createNode("Kept", "Type");
        var before = FaultyDynamo.partition(api.project());
        faults.slow(NEVER_IN_TIME, Integer.MAX_VALUE, WRITES);
        long t0 = System.nanoTime();
        assertFatalWithTrackingCode(faulty.post("node", Map.of("label", "Lost", "nodeType", "Type")));
        long millis = (System.nanoTime() - t0) / 1_000_000;
        int attempts = faults.attempts.get();
        faults.off();
        assertTrue(millis < ANSWER_WITHIN_MILLIS, "answered in " + millis + " ms");
        assertEquals(before, FaultyDynamo.partition(api.project()), "nothing written");
        assertEquals("Kept", api.fetch(id, false, false).path("label").asText());
        System.out.println("StoreFaults: node under lasting slowness: " + attempts + " attempts, " + millis + " ms");
    }

    @Test
    void aBulkCreateOfAHundredUnderLastingSlownessIsAFatalEnvelopeInTimeAndHalfAppliesNothing() {
        api.createNode("Kept", "Type");
        var before = FaultyDynamo.partition(api.project());
        List<Map<String, Object>> nodes = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            nodes.add(Map.of("Id", "n" + i, "label", "Node " + i, "nodeType", "Type"));
        }
        faults.slow(NEVER_IN_TIME, Integer.MAX_VALUE, "BatchWriteItem", "TransactWriteItems");
        long t0 = System.nanoTime();
        assertFatalWithTrackingCode(faulty.post("bulkCreate", Map.of("nodes", nodes)));
        long millis = (System.nanoTime() - t0) / 1_000_000;
        faults.off();
        assertTrue(millis < ANSWER_WITHIN_MILLIS, "answered in " + millis + " ms");
        var after = new java.util.TreeMap<>(FaultyDynamo.partition(api.project()));
        after.entrySet().removeIf(e -> e.getKey().startsWith("~") && e.getValue().containsKey("keys"));
        assertEquals(new java.util.TreeMap<>(before), after, "nothing half-applied");
        System.out.println("StoreFaults: bulkCreate of 100 under lasting slowness: " + millis + " ms");
    }
}
