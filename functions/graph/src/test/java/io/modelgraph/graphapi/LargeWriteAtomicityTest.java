package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.Relation;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.graph.store.StoreConflictException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Large writes are all-or-nothing on the real DynamoDB Local: faults are injected into a real client
 * ({@link FaultyDynamo}) part-way through a write, and afterwards the project's partition must hold exactly
 * the items it held before (compared item by item, every attribute), apart from what a concurrent writer
 * wrote itself.
 */
class LargeWriteAtomicityTest {
    private static final String TABLE = GraphApi.SERVICES.stores().graphTable();
    /**
     * Stored Types of the seeded project (150 by default, so each write still spans several transactions and a
     * dozen batches; {@code -Datomicity.nodes=300} for the writes of over 1,000 items the tests were written with).
     */
    private static final int N = Integer.getInteger("atomicity.nodes", 150);
    /** The stored Types the changes remove: the last sixth. */
    private static final int KEPT = N - N / 6;
    private final GraphApi api = new GraphApi();
    private final String project = api.project();
    private final GraphStore plain = GraphStore.of(GraphApi.SERVICES);
    private final FaultyDynamo faulty = new FaultyDynamo();
    private final GraphStore store = new GraphStore(faulty.client, TABLE, Clock.systemUTC());

    // ---- GraphAccess.apply -------------------------------------------------------------------------

    @Test
    void aThousandItemApplyThatCrashesMidwayLeavesTheProjectAsItWas() {
        seed();
        Map<String, Map<String, AttributeValue>> before = FaultyDynamo.partition(project);
        GraphSnapshot loaded = plain.load(project, List.of());
        JsonNode n0 = api.fetch("n0", true, true);

        faulty.failBeforeSending(3);
        GraphChanges changes = mixedChanges();
        assertThrows(RuntimeException.class, () -> store.apply(project, changes, "importer"));

        assertSamePartition(before, FaultyDynamo.partition(project), Set.of());
        assertEquals(loaded, plain.load(project, List.of()));
        assertEquals(n0, api.fetch("n0", true, true));
        api.get("fetchNode?NodeId=m0").fails(404);
    }

    @Test
    void aTransactionThatLandedButWhoseAnswerWasLostIsUndoneToo() {
        seed();
        Map<String, Map<String, AttributeValue>> before = FaultyDynamo.partition(project);

        faulty.failAfterLanding(3);
        assertThrows(RuntimeException.class, () -> store.apply(project, mixedChanges(), "importer"));

        assertSamePartition(before, FaultyDynamo.partition(project), Set.of());
    }

    @Test
    void aConcurrentWriterIsDetectedKeptAndEverythingElseRestored() {
        seed();
        Map<String, Map<String, AttributeValue>> before = FaultyDynamo.partition(project);
        Set<String> concurrent = new HashSet<>();
        // once a few transactions are out, just before the next one that updates an existing node goes out,
        // another writer renames that node (transactions go out in parallel, so "the 4th" may hold no node)
        AtomicCount seen = new AtomicCount();
        faulty.interfere(r -> seen.next() >= 2 && r.transactItems().stream().map(FaultyDynamo::sortKeyOfPut)
                .anyMatch(sk -> sk != null && sk.startsWith("N#n")), r -> r.transactItems().stream()
                .map(FaultyDynamo::sortKeyOfPut).filter(sk -> sk.startsWith("N#n")).findFirst()
                .ifPresent(sk -> {
                    String id = sk.substring(2);
                    concurrent.add(id);
                    plain.modifyNode(project, id, n -> new io.modelgraph.graph.Node(n.id(), "concurrent", n.nodeType(),
                            n.spaceIds(), n.createdAt(), n.updatedAt(), n.createdBy(), n.updatedBy(), false,
                            n.version()), "other-writer");
                }));

        StoreConflictException e = assertThrows(StoreConflictException.class,
                () -> store.apply(project, mixedChanges(), "importer"));
        assertTrue(e.getMessage().contains("nothing was written"), e.getMessage());
        assertEquals(1, concurrent.size(), "the interference ran");

        String id = concurrent.iterator().next();
        Set<String> theirs = Set.of("N#" + id, "M#" + id + "#s1");
        assertSamePartition(before, FaultyDynamo.partition(project), theirs);
        assertEquals("concurrent", plain.node(project, id).orElseThrow().label(), "the other writer's change stays");
    }

    @Test
    void whenRemovingFailsTooTheWriteStaysHiddenAndTheNextWriteSettlesIt() {
        seed();
        Map<String, Map<String, AttributeValue>> before = FaultyDynamo.partition(project);
        List<GraphChanges.NodeUpsert> nodes = new ArrayList<>();
        for (int i = 0; i < 250; i++) {
            nodes.add(new GraphChanges.NodeUpsert("j" + i, "hidden " + i, NodeType.Tag, List.of()));
        }
        faulty.failFrom(2); // one batch of new nodes lands, then DynamoDB stays away, for the clean-up too
        assertThrows(RuntimeException.class, () -> store.apply(project, GraphChanges.additions(nodes, List.of(),
                List.of()), "importer"));

        Map<String, Map<String, AttributeValue>> stuck = FaultyDynamo.partition(project);
        assertTrue(stuck.keySet().stream().anyMatch(sk -> sk.startsWith("~")), "the new keys are recorded");
        assertTrue(stuck.keySet().stream().anyMatch(sk -> sk.startsWith("N#j")), "a batch landed");
        api.get("fetchNode?NodeId=j0").fails(404); // never seen: the write is still listed

        faulty.recover();
        GraphStore later = new GraphStore(GraphApi.SERVICES.dynamo(), TABLE,
                Clock.offset(Clock.systemUTC(), Duration.ofMinutes(16)));
        later.apply(project, GraphChanges.additions(List.of(), List.of(), List.of()), "importer");
        assertSamePartition(before, FaultyDynamo.partition(project), Set.of());
    }

    @Test
    void aThousandItemApplyWithoutFaultsLandsWhole() {
        seed();
        int calls = faulty.transactions();
        store.apply(project, mixedChanges(), "importer");

        assertTrue(faulty.batchWrites() >= 2 * N / 25, "the N new nodes and their N relations as plain batches");
        // ~1.5 N overwrites: 2/3 N node items (renamed, or given values: values are part of the node item), N/6
        // removed nodes, N/2 space copies, N/6 removed relations
        assertTrue(faulty.transactions() - calls >= N / 50, "the rest in transactions of at most 100 items");
        GraphSnapshot after = plain.load(project, List.of());
        assertEquals(2 + KEPT + N, after.nodes().size(), "main, s1, the kept n0.., m0..");
        assertEquals("renamed 0", api.fetch("n0", false, false).path("label").asText());
        assertEquals("merged", api.fetch("n0", false, true).path("mixins").get(0).path("columns").get(0)
                .path("value").asText());
        assertFalse(FaultyDynamo.partition(project).keySet().stream().anyMatch(sk -> sk.startsWith("~")),
                "nothing is kept beside the graph once the write is finished");
    }

    @Test
    void aSmallChangeSetIsStillOneTransaction() {
        seed();
        int calls = faulty.transactions();
        store.apply(project, GraphChanges.additions(
                List.of(new GraphChanges.NodeUpsert("small", "small", NodeType.Element, List.of())),
                List.of(new Relation("rs", "small", "n1", "domain-includes")),
                List.of(new MixinValue("n1", "description", Map.of("description", TextNode.valueOf("d"))))),
                "importer");
        assertEquals(1, faulty.transactions() - calls);
        assertEquals(0, faulty.batchWrites());
    }

    // ---- bulkCreate ------------------------------------------------------------------------------

    @Test
    void aBulkCreateThatFailsMidwayRestoresMixinValuesOfExistingNodes() {
        List<String> existing = existingTypesWithValues(20);
        Map<String, Map<String, AttributeValue>> before = FaultyDynamo.partition(project);
        JsonNode valuesBefore = api.fetch(existing.get(0), false, true).path("mixins");

        // new items go out as batches first; the values merged onto existing nodes (their node items) are a
        // transaction after them
        faulty.failBeforeSending(r -> FaultyDynamo.puts(r, "N#t"));
        GraphApi.Response r = api.via(new GraphHandler(faulty.services)).post("bulkCreate", bulkBody(existing));
        assertEquals(500, r.status(), r.json().toString());
        assertTrue(r.json().path("error").path("isFatal").asBoolean());
        assertFalse(r.json().toString().contains("Exception"), "no stack trace, no exception name");

        assertSamePartition(before, FaultyDynamo.partition(project), Set.of());
        assertEquals(valuesBefore, api.fetch(existing.get(0), false, true).path("mixins"));
    }

    @Test
    void aBulkCreateLosingToAConcurrentValueWriteIsA409AndWritesNothing() {
        List<String> existing = existingTypesWithValues(20);
        Map<String, Map<String, AttributeValue>> before = FaultyDynamo.partition(project);
        String target = existing.get(3);
        faulty.interfere(r -> FaultyDynamo.puts(r, "N#" + target), r -> plain.setMixinColumns(project, target,
                "constraints", Map.of("minimum", IntNode.valueOf(42)), "other-writer"));

        GraphApi.Response r = api.via(new GraphHandler(faulty.services)).post("bulkCreate", bulkBody(existing));
        r.fails(409);

        assertSamePartition(before, FaultyDynamo.partition(project), Set.of("N#" + target)); // holds the other writer's value
        JsonNode columns = api.fetch(target, false, true).path("mixins");
        assertTrue(columns.toString().contains("42"), "the concurrent value stays: " + columns);
        assertFalse(columns.toString().contains("\"maximum\""), "the bulk's merge is not there: " + columns);
    }

    @Test
    void aBulkCreateWithoutFaultsMergesValuesOverStoredOnes() {
        List<String> existing = existingTypesWithValues(20);
        JsonNode data = api.via(new GraphHandler(faulty.services)).post("bulkCreate", bulkBody(existing)).ok().data();
        assertEquals(N, data.path("nodeIds").size());
        JsonNode constraints = api.fetch(existing.get(0), false, true).path("mixins");
        assertTrue(constraints.toString().contains("\"minimum\"") && constraints.toString().contains("\"maximum\""),
                "merged over the stored value: " + constraints);
    }

    // ---- fast path (plain batches) and writers that die -------------------------------------

    @Test
    void aBulkCreateWhoseBatchesFailMidwayDeletesEveryNewItemAgain() {
        api.post("bulkCreate", Map.of("nodes", List.of(Map.of("Id", "t0", "label", "type", "nodeType", "Type"))))
                .ok();
        Map<String, Map<String, AttributeValue>> before = FaultyDynamo.partition(project);
        AtomicCount seen = new AtomicCount();
        faulty.failBatchWrite(r -> seen.next() > 8, () -> SdkClientException.create("injected: batch lost"));

        GraphApi.Response r = api.via(new GraphHandler(faulty.services)).post("bulkCreate",
                bulkBody(List.of("t0")));
        assertEquals(500, r.status(), r.json().toString());
        assertTrue(seen.next() > 9, "batches went out before the failure");

        assertSamePartition(before, FaultyDynamo.partition(project), Set.of());
        api.get("fetchNode?NodeId=e0").fails(404);
    }

    @Test
    void aBulkCreateOfNewItemsUsesNoTransactionAndHoldsNoLeaseAfterwards() {
        plain.ensureMainSpace(project, "seeder");
        Map<String, Map<String, AttributeValue>> before = FaultyDynamo.partition(project);
        int transactions = faulty.transactions();
        List<Map<String, Object>> nodes = new ArrayList<>();
        List<Map<String, Object>> relations = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            nodes.add(Map.of("label", "generated " + i, "nodeType", "Type"));
            nodes.add(Map.of("Id", "g" + i, "label", "given " + i, "nodeType", "Type"));
            relations.add(Map.of("fromNodeId", "g" + i, "toNodeId", "g" + ((i + 1) % 200), "relationGroupId",
                    "subclass-of"));
        }
        api.via(new GraphHandler(faulty.services)).post("bulkCreate", Map.of("nodes", nodes, "relations", relations))
                .ok();
        assertEquals(transactions, faulty.transactions(), "new nodes and their relations need no transaction");
        Set<String> added = new HashSet<>(FaultyDynamo.partition(project).keySet());
        added.removeAll(before.keySet());
        assertEquals(600, added.size(), "exactly the 400 node and 200 relation items, no record, no lease: " + added.stream()
                .filter(sk -> !sk.startsWith("N#") && !sk.startsWith("R#")).toList());
    }

    @Test
    void aWriterThatDiesMidwayIsUndoneByTheNextWriteOnceItsLeaseHasRunOut() {
        seed();
        Map<String, Map<String, AttributeValue>> before = FaultyDynamo.partition(project);
        // the process dies (an Error nothing catches) while the new nodes' batches go out, after the
        // relations went out as batches and the updates of existing nodes as transactions
        AtomicCount revealed = new AtomicCount();
        faulty.failBatchWrite(r -> FaultyDynamo.batchPuts(r, "N#m") && revealed.next() > 2, SimulatedCrash::new);
        assertThrows(SimulatedCrash.class, () -> store.apply(project, mixedChanges(), "importer"));

        Map<String, Map<String, AttributeValue>> dead = FaultyDynamo.partition(project);
        assertTrue(dead.keySet().stream().anyMatch(sk -> sk.startsWith("~")), "its key record stays");
        assertTrue(dead.containsKey("L#largeWrite"), "and so does the dead writer's lease");
        long leaseEnd = Long.parseLong(dead.get("L#largeWrite").get("lease").n()) / 1000;
        long expires = Long.parseLong(dead.get("L#largeWrite").get(io.modelgraph.store.Tables.EXPIRES_AT).n());
        assertEquals(leaseEnd + 86_400, expires, "DynamoDB TTL removes a dead lease a day after it ran out");
        dead.forEach((sk, item) -> assertTrue(sk.equals("L#largeWrite")
                || !item.containsKey(io.modelgraph.store.Tables.EXPIRES_AT), "only the lease may expire: " + sk));
        assertTrue(dead.keySet().stream().anyMatch(sk -> sk.startsWith("R#m0#")), "half of it is there");

        plain.apply(project, GraphChanges.additions(List.of(), List.of(), List.of()), "someone");
        assertEquals(dead, FaultyDynamo.partition(project), "while the lease runs, the write may be alive: untouched");

        GraphStore later = new GraphStore(GraphApi.SERVICES.dynamo(), TABLE,
                Clock.offset(Clock.systemUTC(), Duration.ofMinutes(16)));
        later.apply(project, GraphChanges.additions(List.of(), List.of(), List.of()), "someone");
        assertSamePartition(before, FaultyDynamo.partition(project), Set.of());
        assertEquals("node 0", api.fetch("n0", false, false).path("label").asText());
    }

    @Test
    void aUserWriteRefusedByADeadWritersLockSettlesItOnceTheLeaseHasRunOut() {
        seed();
        Map<String, Map<String, AttributeValue>> before = FaultyDynamo.partition(project);
        // the process dies as the new nodes' batches go out: its locks on existing nodes are placed
        AtomicCount revealed = new AtomicCount();
        faulty.failBatchWrite(r -> FaultyDynamo.batchPuts(r, "N#m") && revealed.next() > 2, SimulatedCrash::new);
        assertThrows(SimulatedCrash.class, () -> store.apply(project, mixedChanges(), "importer"));
        Map<String, Map<String, AttributeValue>> dead = FaultyDynamo.partition(project);
        assertTrue(dead.get("N#n0").containsKey("sg"), "n0 is locked by the dead writer");
        java.util.function.UnaryOperator<io.modelgraph.graph.Node> rename = n -> new io.modelgraph.graph.Node(n.id(),
                "renamed by a user", n.nodeType(), n.spaceIds(), n.createdAt(), n.updatedAt(), n.createdBy(),
                n.updatedBy(), n.deleted(), n.version());
        assertThrows(StoreConflictException.class, () -> plain.modifyNode(project, "n0", rename, "user"),
                "while its lease lasts the writer may be alive: its lock holds");

        // no later large write: the user's own write, refused by the lock, settles the project
        GraphStore later = new GraphStore(GraphApi.SERVICES.dynamo(), TABLE,
                Clock.offset(Clock.systemUTC(), Duration.ofMinutes(16)));
        assertEquals("renamed by a user", later.modifyNode(project, "n0", rename, "user").orElseThrow().label());
        Map<String, Map<String, AttributeValue>> settled = FaultyDynamo.partition(project);
        assertSamePartition(before, settled, Set.of("N#n0", "M#n0#s1")); // but for the user's rename
        assertFalse(settled.keySet().stream().anyMatch(sk -> sk.startsWith("~") || sk.startsWith("N#m")),
                "its new items and what it kept beside the graph are gone");
        assertFalse(settled.values().stream().anyMatch(i -> i.containsKey("sg")), "no item is locked");
    }

    @Test
    void aWriterThatDiesAfterItsCommitIsFinishedNotUndone() {
        seed(); // n0 is in the main space and s1: its s1 index copy is M#n0#s1
        String copy = "M#n0#s1";
        String main = api.mainSpace();
        // the merge commits, then dies as it moves its staged removal of n0 from s1 in place
        faulty.crashBeforeSending(r -> FaultyDynamo.deletes(r, copy), SimulatedCrash::new);
        assertThrows(SimulatedCrash.class, () -> store.apply(project, mixedChanges(), "importer"));
        assertTrue(FaultyDynamo.partition(project).containsKey(copy), "the stored copy is still there, locked");
        assertEquals(List.of(main), plain.node(project, "n0").orElseThrow().spaceIds(),
                "readers see the committed write whole: n0 has left s1");

        java.util.function.UnaryOperator<io.modelgraph.graph.Node> rename = n -> new io.modelgraph.graph.Node(n.id(),
                "renamed by a user", n.nodeType(), n.spaceIds(), n.createdAt(), n.updatedAt(), n.createdBy(),
                n.updatedBy(), n.deleted(), n.version());

        // the dead writer's lease runs out and the project is settled: the write is finished, not undone
        GraphStore later = new GraphStore(GraphApi.SERVICES.dynamo(), TABLE,
                Clock.offset(Clock.systemUTC(), Duration.ofMinutes(16)));
        later.apply(project, GraphChanges.additions(List.of(), List.of(), List.of()), "someone");

        Map<String, Map<String, AttributeValue>> settled = FaultyDynamo.partition(project);
        assertFalse(settled.containsKey(copy), "the removal is in place");
        assertFalse(settled.keySet().stream().anyMatch(sk -> sk.startsWith("~")),
                "the staged versions and key records are gone");
        assertFalse(settled.values().stream().anyMatch(i -> i.containsKey("sg")), "no item is locked");
        assertEquals(List.of(main), plain.node(project, "n0").orElseThrow().spaceIds());
        assertEquals("renamed by a user", plain.modifyNode(project, "n0", rename, "user").orElseThrow().label());
    }

    /** What the JVM throws when it is going down (out of memory, killed at the Lambda timeout). */
    private static final class SimulatedCrash extends Error {
        SimulatedCrash() {
            super("injected: the process died");
        }
    }

    // ---- fixtures --------------------------------------------------------------------------------

    /** Space s1; Types n0..n(N-1) (every third also in s1); relations r0..r(2N/3-2); descriptions on n0..n(N/2-1). */
    private void seed() {
        List<GraphChanges.NodeUpsert> nodes = new ArrayList<>();
        nodes.add(new GraphChanges.NodeUpsert("s1", "Space one", NodeType.Space, List.of()));
        String main = api.mainSpace();
        for (int i = 0; i < N; i++) {
            nodes.add(new GraphChanges.NodeUpsert("n" + i, "node " + i, NodeType.Type,
                    i % 3 == 0 ? List.of(main, "s1") : List.of()));
        }
        List<Relation> relations = new ArrayList<>();
        for (int i = 0; i < 2 * N / 3 - 1; i++) {
            relations.add(new Relation("r" + i, "n" + i, "n" + (i + 1), "subclass-of"));
        }
        List<MixinValue> values = new ArrayList<>();
        for (int i = 0; i < N / 2; i++) {
            values.add(new MixinValue("n" + i, "description", Map.of("description", TextNode.valueOf("d" + i))));
        }
        plain.apply(project, GraphChanges.additions(nodes, relations, values), "seeder");
    }

    /**
     * 3.5 N items and more (over 1,000 at N = 300): N new Elements with a relation each, N/2 renamed nodes that
     * also switch spaces, N/6 removed nodes, N/6 removed relations, N/3 values merged over stored ones and N/3 new
     * values.
     */
    private GraphChanges mixedChanges() {
        String main = api.mainSpace();
        List<GraphChanges.NodeUpsert> nodes = new ArrayList<>();
        List<Relation> relations = new ArrayList<>();
        List<MixinValue> values = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            nodes.add(new GraphChanges.NodeUpsert("m" + i, "new " + i, NodeType.Element, List.of()));
            relations.add(new Relation("d" + i, "m" + i, "n" + (i % KEPT), "domain-includes"));
        }
        for (int i = 0; i < N / 2; i++) {
            nodes.add(new GraphChanges.NodeUpsert("n" + i, "renamed " + i, NodeType.Type,
                    i % 3 == 0 ? List.of(main) : List.of(main, "s1")));
        }
        List<String> removed = new ArrayList<>();
        for (int i = KEPT; i < N; i++) {
            removed.add("n" + i);
        }
        List<Relation> removedRelations = new ArrayList<>();
        for (int i = 0; i < N / 6; i++) {
            removedRelations.add(new Relation("r" + i, "n" + i, "n" + (i + 1), "subclass-of"));
        }
        for (int i = 0; i < N / 3; i++) {
            values.add(new MixinValue("n" + i, "description", Map.of("description", TextNode.valueOf("merged"))));
            values.add(new MixinValue("n" + (N / 3 + i), "cardinality", Map.of("minOccurs", IntNode.valueOf(i))));
        }
        return new GraphChanges(nodes, relations, values, removed, removedRelations);
    }

    /** Types with a stored constraints value each (created through the plain handler). */
    private List<String> existingTypesWithValues(int count) {
        List<Map<String, Object>> nodes = new ArrayList<>();
        List<Map<String, Object>> mixins = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add("t" + i);
            nodes.add(Map.of("Id", "t" + i, "label", "type " + i, "nodeType", "Type"));
            mixins.add(Map.of("targetNodeId", "t" + i, "mixinId", "constraints", "mixinColumns",
                    List.of(Map.of("Id", "minimum", "value", i))));
        }
        api.post("bulkCreate", Map.of("nodes", nodes, "mixins", mixins)).ok();
        return ids;
    }

    /** N new Elements, a relation from each to an existing Type, values on new and on existing nodes. */
    private static Map<String, Object> bulkBody(List<String> existing) {
        List<Map<String, Object>> nodes = new ArrayList<>();
        List<Map<String, Object>> relations = new ArrayList<>();
        List<Map<String, Object>> mixins = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            nodes.add(Map.of("Id", "e" + i, "label", "element " + i, "nodeType", "Element"));
            relations.add(Map.of("fromNodeId", "e" + i, "toNodeId", existing.get(i % existing.size()),
                    "relationGroupId", "domain-includes"));
        }
        for (int i = 0; i < 50; i++) {
            mixins.add(Map.of("targetNodeId", "e" + i, "mixinId", "description", "mixinColumns",
                    List.of(Map.of("Id", "description", "value", "element " + i))));
        }
        for (String id : existing) {
            mixins.add(Map.of("targetNodeId", id, "mixinId", "constraints", "mixinColumns",
                    List.of(Map.of("Id", "maximum", "value", 99))));
        }
        return Map.of("nodes", nodes, "relations", relations, "mixins", mixins);
    }

    /** Item-by-item equality of two partition reads, ignoring the given sort keys; names what differs. */
    private static void assertSamePartition(Map<String, Map<String, AttributeValue>> expected,
            Map<String, Map<String, AttributeValue>> actual, Set<String> ignored) {
        Set<String> differing = new TreeSet<>();
        Set<String> keys = new HashSet<>(expected.keySet());
        keys.addAll(actual.keySet());
        for (String sk : keys) {
            if (!ignored.contains(sk) && !java.util.Objects.equals(expected.get(sk), actual.get(sk))) {
                differing.add(sk + (expected.containsKey(sk) ? actual.containsKey(sk) ? " (changed)" : " (gone)"
                        : " (extra)"));
            }
        }
        assertTrue(differing.isEmpty(), () -> differing.size() + " items differ from before, e.g. "
                + differing.stream().limit(10).toList());
    }

    /** A counter of interceptor checks (the predicate runs once per TransactWriteItems call). */
    private static final class AtomicCount {
        private final java.util.concurrent.atomic.AtomicInteger n = new java.util.concurrent.atomic.AtomicInteger();

        int next() {
            return n.incrementAndGet();
        }
    }

    @Test
    void aLargeWriteOverLargeStoredValuesKeepsEveryJournalPartUnderTheItemCap() {
        // two stored values of ~270 KB of UTF-8 each (CJK text: 3 bytes a character); a large write replacing
        // both journals both pre-images, which must not share one journal item
        String big = "\u6f22".repeat(90_000);
        List<GraphChanges.NodeUpsert> nodes = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            nodes.add(new GraphChanges.NodeUpsert("big" + i, "big " + i, NodeType.Element, List.of()));
        }
        plain.apply(project, GraphChanges.additions(nodes, List.of(), List.of(
                new MixinValue("big0", "description", Map.of("description", TextNode.valueOf(big))),
                new MixinValue("big1", "description", Map.of("description", TextNode.valueOf(big))))), "seeder");
        List<GraphChanges.NodeUpsert> many = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            many.add(new GraphChanges.NodeUpsert("e" + i, "element " + i, NodeType.Element, List.of()));
        }
        List<MixinValue> replaced = List.of(
                new MixinValue("big0", "description", Map.of("description", TextNode.valueOf("short"))),
                new MixinValue("big1", "description", Map.of("description", TextNode.valueOf("short"))));
        plain.apply(project, GraphChanges.additions(many, List.of(), replaced), "importer");
        assertEquals("short", api.fetch("big1", false, true).path("mixins").get(0).path("columns").get(0)
                .path("value").asText());
    }

    @Test
    void aValueOverTheItemCapIsStoredOutOfLineInTheSameAllOrNothingWrite() {
        seed();
        List<GraphChanges.NodeUpsert> many = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            many.add(new GraphChanges.NodeUpsert("x" + i, "x " + i, NodeType.Element, List.of()));
        }
        // 420,000 bytes of UTF-8: more than one DynamoDB item holds (docs/storage.md "Values larger than an item")
        String huge = "\u6f22".repeat(140_000);
        plain.apply(project, GraphChanges.additions(many, List.of(), List.of(new MixinValue("x7", "description",
                Map.of("description", TextNode.valueOf(huge))))), "importer");
        Map<String, Map<String, AttributeValue>> stored = FaultyDynamo.partition(project);
        assertTrue(stored.keySet().stream().anyMatch(sk -> sk.startsWith("B#x7#")), "chunks beside the node");
        assertEquals(huge, api.fetch("x7", false, true).path("mixins").get(0).path("columns").get(0)
                .path("value").asText());
    }

    @Test
    void aLargeWriteWithOutOfLineValuesThatFailsMidwayLeavesNoChunkAndKeepsTheStoredOnes() {
        seed();
        String stored = "\u6f22".repeat(140_000);
        plain.apply(project, GraphChanges.additions(List.of(), List.of(), List.of(new MixinValue("n" + (KEPT - 1),
                "description", Map.of("description", TextNode.valueOf(stored))))), "seeder");
        Map<String, Map<String, AttributeValue>> before = FaultyDynamo.partition(project);

        GraphChanges mixed = mixedChanges();
        List<MixinValue> values = new ArrayList<>(mixed.mixinValues());
        values.add(new MixinValue("m7", "description", Map.of("description", TextNode.valueOf("\u5b57".repeat(140_000)))));
        values.add(new MixinValue("n" + (KEPT - 1), "description", Map.of("description", TextNode.valueOf("\u5b57".repeat(130_000)))));
        faulty.failBeforeSending(3); // after the chunks went out with the other new items
        assertThrows(RuntimeException.class, () -> store.apply(project, new GraphChanges(mixed.nodes(),
                mixed.relations(), values, mixed.removedNodeIds(), mixed.removedRelations()), "importer"));

        assertSamePartition(before, FaultyDynamo.partition(project), Set.of());
        assertEquals(stored, api.fetch("n" + (KEPT - 1), false, true).path("mixins").get(0).path("columns").get(0)
                .path("value").asText(), "the stored value and its chunks are as they were");
    }

    @Test
    void aDeadWritersChunksAreUndoneWithTheRestOfItsWrite() {
        seed();
        Map<String, Map<String, AttributeValue>> before = FaultyDynamo.partition(project);
        GraphChanges mixed = mixedChanges();
        List<MixinValue> values = new ArrayList<>(mixed.mixinValues());
        values.add(new MixinValue("m7", "description", Map.of("description", TextNode.valueOf("\u5b57".repeat(140_000)))));
        AtomicCount revealed = new AtomicCount();
        faulty.failBatchWrite(r -> FaultyDynamo.batchPuts(r, "N#m") && revealed.next() > 2, SimulatedCrash::new);
        assertThrows(SimulatedCrash.class, () -> store.apply(project, new GraphChanges(mixed.nodes(),
                mixed.relations(), values, mixed.removedNodeIds(), mixed.removedRelations()), "importer"));
        assertTrue(FaultyDynamo.partition(project).keySet().stream().anyMatch(sk -> sk.startsWith("B#m7#")),
                "the chunks went out before the process died");

        GraphStore later = new GraphStore(GraphApi.SERVICES.dynamo(), TABLE,
                Clock.offset(Clock.systemUTC(), Duration.ofMinutes(16)));
        later.apply(project, GraphChanges.additions(List.of(), List.of(), List.of()), "someone");
        assertSamePartition(before, FaultyDynamo.partition(project), Set.of());
    }
}
