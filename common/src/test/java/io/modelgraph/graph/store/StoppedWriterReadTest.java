package io.modelgraph.graph.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.TextNode;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.Relation;
import io.modelgraph.platform.Services;
import io.modelgraph.store.TestStores;
import io.modelgraph.testing.DynamoCall;
import io.modelgraph.testing.MovableClock;
import io.modelgraph.testing.WatchedDynamo;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A reader never sees part of a large write (docs/graph.md "Large writes"): a bulkCreate's writer is stopped at a
 * chosen batch call (seeded), either held there while a reader reads the project (the fetchNodes read of node
 * items by id, and the whole-space read an export makes) or killed there; the reader sees the project exactly as
 * before until the write commits, and as before again once a killed write has been settled.
 */
class StoppedWriterReadTest {
    /**
     * Seeded stops of the bulk ({@code -Dstopped.seeds=20} runs 20 of each kind); by default none: each of its write
     * calls before the commit is stopped at once instead ({@link #stops}).
     */
    private static final int SEEDS = Integer.getInteger("stopped.seeds", 0);
    /**
     * Seeds per kind of stop of the import and the merge: 4 by default (each test stays near 20 s on a loaded
     * machine), {@code -Dstopped.seeds=20} for 20 each.
     */
    private static final int OVERWRITE_SEEDS = Integer.getInteger("stopped.seeds", 4);
    private static final int NEW_NODES = 45;
    /** The batch calls the bulk below makes (120 items, 25 per call). */
    private static final int BATCH_CALLS = 5;
    private static final int GENERATED = 15;
    private static final ExecutorService WRITER = Executors.newSingleThreadExecutor();

    private final Services services = TestStores.services();
    private final MovableClock clock = new MovableClock();
    private final String table = services.stores().graphTable();
    private final GraphStore reader = new GraphStore(services.dynamo(), table, clock);

    @AfterAll
    static void stopWriter() {
        WRITER.shutdownNow();
    }

    /**
     * The writer's DynamoDB client: its {@code stopAt}-th write call (BatchWriteItem or TransactWriteItems) runs
     * {@code stop} first. It counts the write calls under way past that point, so a test can wait for the others to land. With
     * {@code loseCommitAnswer}, the commit's UpdateItem lands and then fails as a lost answer would.
     */
    private static final class Stopping {
        final AtomicInteger calls = new AtomicInteger();
        volatile int stopAt = Integer.MAX_VALUE;
        volatile Runnable stop = () -> { };
        volatile boolean loseCommitAnswer;
        /** The number of write calls made when the commit landed. */
        volatile int committedAfter = -1;
        final DynamoDbClient client;
        private final WatchedDynamo dynamo;

        Stopping(DynamoDbClient real) {
            dynamo = new WatchedDynamo(real).before(call -> {
                if (isWrite(call) && calls.incrementAndGet() == stopAt) {
                    stop.run();
                }
            }).after(call -> {
                if (LargeWriteCalls.isCommit(call)) {
                    committedAfter = calls.get();
                    if (loseCommitAnswer) {
                        throw SdkClientException.create("the answer to the commit was lost");
                    }
                }
            });
            client = dynamo.client();
        }

        private static boolean isWrite(DynamoCall call) {
            return call.is("batchWriteItem") || call.is("transactWriteItems");
        }

        /** Waits until no write call but the stopped one is under way; false after {@code millis}. */
        boolean othersLanded(long millis) throws InterruptedException {
            return dynamo.awaitNoneUnderWay(Stopping::isWrite, Duration.ofMillis(millis));
        }
    }

    private Node node(String projectId, String id, List<String> spaces) {
        return new Node(id, "node " + id, NodeType.Element, spaces, clock.instant(), clock.instant(), "tester",
                "tester", false, 1);
    }

    /** As {@link #seeded()}, with a description on every node and old5 to old9 in the second space too. */
    private String seededWithValues() {
        String projectId = seeded();
        String main = MainSpace.idFor(projectId);
        List<GraphChanges.NodeUpsert> moved = new ArrayList<>();
        List<MixinValue> values = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            if (i >= 5) {
                moved.add(new GraphChanges.NodeUpsert("old" + i, "node old" + i, NodeType.Element, List.of(main, "s2")));
            }
            values.add(new MixinValue("old" + i, "description", Map.of("description", TextNode.valueOf("v1 " + i))));
        }
        reader.apply(projectId, GraphChanges.additions(moved, List.of(), values), "tester");
        return projectId;
    }

    /**
     * A second model version, as a schema import writes it: half the stored nodes relabelled, every description
     * changed, one node and four relations removed, 60 new nodes with a description and a relation each.
     */
    private void secondVersion(GraphStore writer, String projectId) {
        String main = MainSpace.idFor(projectId);
        List<GraphChanges.NodeUpsert> nodes = new ArrayList<>();
        List<Relation> relations = new ArrayList<>();
        List<MixinValue> values = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            nodes.add(new GraphChanges.NodeUpsert("old" + i, (i % 2 == 0 ? "renamed old" : "node old") + i,
                    NodeType.Element, i >= 5 ? List.of(main, "s2") : List.of(main)));
            values.add(new MixinValue("old" + i, "description", Map.of("description", TextNode.valueOf("v2 " + i))));
        }
        for (int i = 0; i < 60; i++) {
            nodes.add(new GraphChanges.NodeUpsert("new" + i, "new " + i, NodeType.Component, List.of(main)));
            values.add(new MixinValue("new" + i, "description", Map.of("description", TextNode.valueOf("n" + i))));
            relations.add(new Relation("to" + i, "new" + i, "old" + (i % 9), "view-includes"));
        }
        List<Relation> removed = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            removed.add(new Relation("chain" + i, "old" + (i - 1), "old" + i, "subclass-of"));
        }
        writer.apply(projectId, new GraphChanges(nodes, relations, values, List.of("old9"), removed), "tester");
    }

    /**
     * A merge: old0 to old4 join the second space and old5 to old9 leave it, old0 takes a new label, every chain
     * relation is replaced by one from new0, and 45 new nodes come with a relation each.
     */
    private void merge(GraphStore writer, String projectId) {
        String main = MainSpace.idFor(projectId);
        List<GraphChanges.NodeUpsert> nodes = new ArrayList<>();
        List<Relation> relations = new ArrayList<>();
        List<Relation> removed = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            nodes.add(new GraphChanges.NodeUpsert("old" + i, i == 0 ? "merged" : "node old" + i, NodeType.Element,
                    i < 5 ? List.of(main, "s2") : List.of(main)));
            if (i > 0) {
                removed.add(new Relation("chain" + i, "old" + (i - 1), "old" + i, "subclass-of"));
                relations.add(new Relation("m" + i, "new0", "old" + i, "view-includes"));
            }
        }
        for (int i = 0; i < NEW_NODES; i++) {
            nodes.add(new GraphChanges.NodeUpsert("new" + i, "new " + i, NodeType.Component, List.of(main)));
            relations.add(new Relation("to" + i, "new" + i, "old" + (i % 10), "view-includes"));
        }
        writer.apply(projectId, new GraphChanges(nodes, relations, List.of(), List.of(), removed), "tester");
    }

    /** A project with a main space, a second space and ten nodes related in a chain. */
    private String seeded() {
        String projectId = TestStores.newProjectId();
        reader.ensureMainSpace(projectId, "tester");
        String main = MainSpace.idFor(projectId);
        List<Node> nodes = new ArrayList<>();
        nodes.add(new Node("s2", "second", NodeType.Space, List.of(main), clock.instant(), clock.instant(),
                "tester", "tester", false, 1));
        List<Relation> relations = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            nodes.add(node(projectId, "old" + i, List.of(main)));
            if (i > 0) {
                relations.add(new Relation("chain" + i, "old" + (i - 1), "old" + i, "subclass-of"));
            }
        }
        reader.bulkWrite(projectId, nodes, relations, List.of(), "tester");
        return projectId;
    }

    /**
     * 45 new nodes (every third also in the second space), a relation from each to a stored node, a value on
     * every new node, and 15 relations between stored nodes with generated ids: 120 items.
     */
    private int bulk(GraphStore writer, String projectId) {
        String main = MainSpace.idFor(projectId);
        List<Node> nodes = new ArrayList<>();
        List<Relation> relations = new ArrayList<>();
        List<MixinValue> values = new ArrayList<>();
        Set<String> generated = new java.util.HashSet<>();
        for (int i = 0; i < NEW_NODES; i++) {
            nodes.add(node(projectId, "new" + i, i % 3 == 0 ? List.of(main, "s2") : List.of(main)));
            relations.add(new Relation("to" + i, "new" + i, "old" + (i % 10), "subclass-of"));
            values.add(new MixinValue("new" + i, "description", Map.of("description", TextNode.valueOf("d" + i))));
        }
        for (int i = 0; i < GENERATED; i++) {
            String id = java.util.UUID.randomUUID().toString();
            generated.add(id);
            relations.add(new Relation(id, "old" + (i % 10), "old" + ((i + 3) % 10), "subclass-of"));
        }
        return writer.bulkWrite(projectId, nodes, relations, values, "tester", generated);
    }

    /** What a reader sees: the nodes fetched by id (new and old) and the export's read of the main space. */
    private record Seen(Map<String, Node> byId, GraphSnapshot main, GraphSnapshot second) {
        /** A short account for failure messages (the records themselves run to pages). */
        String counts() {
            return byId.size() + " nodes by id, " + main.nodes().size() + " nodes, " + main.relations().size()
                    + " relations and " + main.mixinValues().size() + " values in the main space, "
                    + second.nodes().size() + " nodes in the second";
        }

        /** The same account with the labels and values, which an overwrite changes and a count does not show. */
        String content() {
            return counts() + " " + byId.values().stream().map(Node::label).sorted().toList() + " "
                    + main.mixinValues().stream().map(v -> v.nodeId() + "=" + v.columns()).sorted().toList();
        }
    }

    private static void assertSame(Seen expected, Seen actual, String what) {
        assertTrue(expected.equals(actual), () -> what + ": saw " + actual.counts() + ", expected "
                + expected.counts());
    }

    private Seen seen(String projectId) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            ids.add("new" + i);
        }
        for (int i = 0; i < 10; i++) {
            ids.add("old" + i);
        }
        return new Seen(reader.nodes(projectId, ids), reader.load(projectId, List.of()),
                reader.load(projectId, List.of("s2")));
    }

    /** The bulk's write calls to stop at: each one once, or {@link #SEEDS} seeded ones. */
    private static List<Integer> stops() {
        List<Integer> out = new ArrayList<>();
        for (int seed = 1; seed <= (SEEDS > 0 ? SEEDS : BATCH_CALLS); seed++) {
            out.add(SEEDS > 0 ? 1 + new Random(seed).nextInt(BATCH_CALLS) : seed);
        }
        return out;
    }

    @Test
    void aReaderSeesAHeldWriteNotAtAllUntilItCommitsThenWhole() throws Exception {
        for (int seed : stops()) {
            String projectId = seeded();
            Seen before = seen(projectId);
            Stopping dynamo = new Stopping(services.dynamo());
            CountDownLatch held = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            dynamo.stopAt = seed;
            dynamo.stop = () -> {
                held.countDown();
                try {
                    release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            };
            GraphStore writer = new GraphStore(dynamo.client, table, clock);
            Future<Integer> write = WRITER.submit(() -> bulk(writer, projectId));
            assertTrue(held.await(60, TimeUnit.SECONDS), "seed " + seed + ": the writer reached its batch call");
            // the other batch calls in flight land first, so the reads below see as much of the write as it can
            assertTrue(dynamo.othersLanded(60_000), "seed " + seed + ": the writer's other batch calls never landed");
            for (int read = 0; read < 3; read++) {
                assertSame(before, seen(projectId), "seed " + seed + ", batch call " + dynamo.stopAt
                        + ": a reader saw part of the write");
            }
            release.countDown();
            write.get(60, TimeUnit.SECONDS);
            Seen after = seen(projectId);
            assertEquals(NEW_NODES + 10, after.byId().size(), "seed " + seed + ": the committed write is whole");
            assertEquals(before.main().relations().size() + NEW_NODES + GENERATED, after.main().relations().size());
            assertEquals(NEW_NODES, after.main().mixinValues().size());
        }
    }

    @Test
    void aCommitWhoseAnswerWasLostIsKeptNotUndone() {
        String projectId = seeded();
        Stopping dynamo = new Stopping(services.dynamo());
        dynamo.loseCommitAnswer = true;
        bulk(new GraphStore(dynamo.client, table, clock), projectId); // answered: the write committed
        Seen after = seen(projectId);
        assertEquals(NEW_NODES + 10, after.byId().size(), "the committed write stays whole");
        assertEquals(NEW_NODES, after.main().mixinValues().size());
        clock.advance(WriteLease.LENGTH.plusSeconds(1));
        reader.settlePendingWrites(projectId);
        assertSame(after, seen(projectId), "a settle leaves a committed write alone");
    }

    @Test
    void aKilledWriteStaysUnseenAndIsUndoneOnceItsLeaseHasRunOut() {
        for (int seed : stops()) {
            String projectId = seeded();
            Seen before = seen(projectId);
            Stopping dynamo = new Stopping(services.dynamo());
            dynamo.stopAt = seed;
            dynamo.stop = () -> {
                throw new OutOfMemoryError("killed at batch call " + dynamo.stopAt); // no undo runs after an Error
            };
            GraphStore writer = new GraphStore(dynamo.client, table, clock);
            assertThrows(Error.class, () -> bulk(writer, projectId));
            assertSame(before, seen(projectId), "seed " + seed + ": a reader saw part of a dead write");

            clock.advance(WriteLease.LENGTH.plusSeconds(1));
            reader.settlePendingWrites(projectId); // as the next large write of the project does
            assertSame(before, seen(projectId), "seed " + seed + ": settled, the project is as before");
            assertNothingAborted(projectId);
            reader.createNode(projectId, node(projectId, "after" + seed, List.of(MainSpace.idFor(projectId))));
        }
    }

    /** A large write that overwrites and removes stored items (staged until its commit). */
    private interface Overwriting {
        void run(GraphStore writer, String projectId);
    }

    /** The write calls {@code write} makes before its commit and in all, and what a reader sees after it. */
    private record Dry(int beforeCommit, int all, String after) {
    }

    private Dry dryRun(Overwriting write) {
        String projectId = seededWithValues();
        Stopping dynamo = new Stopping(services.dynamo());
        write.run(new GraphStore(dynamo.client, table, clock), projectId);
        assertTrue(dynamo.committedAfter > 0, "the write is a large one (it commits)");
        assertNoStaging(projectId);
        return new Dry(dynamo.committedAfter, dynamo.calls.get(), seen(projectId).content());
    }

    /** No lock and no staged version is left in the project's partition. */
    private void assertNoStaging(String projectId) {
        List<Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>> left = new DynamoCalls(
                services.dynamo(), table).queryRaw(b -> b.keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", io.modelgraph.store.Tables.PK))
                .expressionAttributeValues(Map.of(":pk", io.modelgraph.store.Attr.s(GraphKeys.pk(projectId)))))
                .stream().filter(i -> i.containsKey(StagedWrites.LOCK) || StagedWrites.isStaged(i)).toList();
        assertTrue(left.isEmpty(), () -> "left behind: " + left.stream().map(i -> i.get("sk").s()).toList());
    }

    /**
     * No write id is listed as given up any more: a settled write leaves nothing to hide (it waits in
     * {@code forgotten} until the next settle two minutes later).
     */
    private void assertNothingAborted(String projectId) {
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> version = services.dynamo()
                .getItem(b -> b.tableName(table).key(GraphStore.key(projectId, ProjectVersion.SK)).consistentRead(true))
                .item();
        assertTrue(version == null || !version.containsKey(ProjectVersion.ABORTED),
                () -> "still listed as given up: " + version.get(ProjectVersion.ABORTED));
        clock.advance(ProjectVersion.FORGOTTEN_FOR.plusSeconds(1));
        reader.settlePendingWrites(projectId);
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> later = services.dynamo()
                .getItem(b -> b.tableName(table).key(GraphStore.key(projectId, ProjectVersion.SK)).consistentRead(true))
                .item();
        assertTrue(!later.containsKey(ProjectVersion.FORGOTTEN), () -> "never pruned: " + later);
    }

    @Test
    void aReaderSeesAnImportOfASecondVersionBeforeOrAfterNeverBetween() throws Exception {
        heldOverwrites("import", this::secondVersion);
    }

    @Test
    void aReaderSeesAMergeBeforeOrAfterNeverBetween() throws Exception {
        heldOverwrites("merge", this::merge);
    }

    @Test
    void aKilledImportOfASecondVersionIsSeenBeforeOrAfterAndSettlesThere() {
        killedOverwrites("import", this::secondVersion);
    }

    @Test
    void aKilledMergeIsSeenBeforeOrAfterAndSettlesThere() {
        killedOverwrites("merge", this::merge);
    }

    /**
     * The writer is held at a seeded write call: before its commit, three reads see the project as before; after
     * it (while the staged versions are moved in place), as it is once the write returned.
     */
    private void heldOverwrites(String what, Overwriting write) throws Exception {
        Dry dry = dryRun(write);
        for (int seed = 1; seed <= OVERWRITE_SEEDS; seed++) {
            String projectId = seededWithValues();
            Seen before = seen(projectId);
            Stopping dynamo = new Stopping(services.dynamo());
            CountDownLatch held = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            dynamo.stopAt = 1 + new Random(seed).nextInt(dry.all());
            dynamo.stop = () -> {
                held.countDown();
                try {
                    release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            };
            GraphStore writer = new GraphStore(dynamo.client, table, clock);
            Future<?> running = WRITER.submit(() -> write.run(writer, projectId));
            String at = what + " seed " + seed + ", write call " + dynamo.stopAt + " of " + dry.all() + " (commit after "
                    + dry.beforeCommit() + ")";
            assertTrue(held.await(60, TimeUnit.SECONDS), at + ": the writer reached its call");
            assertTrue(dynamo.othersLanded(60_000), at + ": the writer's other calls never landed");
            List<Seen> reads = new ArrayList<>();
            for (int read = 0; read < 3; read++) {
                reads.add(seen(projectId));
            }
            release.countDown();
            running.get(60, TimeUnit.SECONDS);
            Seen after = seen(projectId);
            assertEquals(dry.after(), after.content(), at + ": the committed write is whole");
            for (Seen read : reads) {
                assertSame(dynamo.stopAt <= dry.beforeCommit() ? before : after, read, at + ": a reader saw part of it");
            }
            assertNoStaging(projectId);
        }
    }

    /**
     * The writer dies at a seeded write call (an {@code Error}: nothing is undone or finished by it). Before its
     * commit the reader sees the project as before, after it as after; the settle that runs once its lease is out
     * leaves the project in that same state, with no lock or staged version left, and writable again.
     */
    private void killedOverwrites(String what, Overwriting write) {
        Dry dry = dryRun(write);
        for (int seed = 1; seed <= OVERWRITE_SEEDS; seed++) {
            String projectId = seededWithValues();
            Seen before = seen(projectId);
            Stopping dynamo = new Stopping(services.dynamo());
            dynamo.stopAt = 1 + new Random(seed).nextInt(dry.all());
            dynamo.stop = () -> {
                throw new OutOfMemoryError("killed at write call " + dynamo.stopAt);
            };
            String at = what + " seed " + seed + ", write call " + dynamo.stopAt + " of " + dry.all() + " (commit after "
                    + dry.beforeCommit() + ")";
            GraphStore writer = new GraphStore(dynamo.client, table, clock);
            try {
                write.run(writer, projectId);
                // the last calls after the commit drop its bookkeeping, and their failures are not the caller's
                assertTrue(dynamo.stopAt > dry.beforeCommit(), at + ": the writer died, yet answered");
            } catch (OutOfMemoryError killed) {
                // the process died here: nothing after this point ran
            }
            Seen dead = seen(projectId);
            if (dynamo.stopAt <= dry.beforeCommit()) {
                assertSame(before, dead, at + ": a reader saw part of a dead write");
            } else {
                assertEquals(dry.after(), dead.content(), at + ": a committed write is seen whole");
            }
            clock.advance(WriteLease.LENGTH.plusSeconds(1));
            reader.settlePendingWrites(projectId); // as the next large write of the project does
            assertSame(dead, seen(projectId), at + ": settled, the project is as the reader saw it");
            assertNoStaging(projectId);
            assertNothingAborted(projectId);
            assertTrue(reader.modifyNode(projectId, "old1", n -> new Node(n.id(), "touched", n.nodeType(),
                    n.spaceIds(), n.createdAt(), n.updatedAt(), n.createdBy(), n.updatedBy(), false, n.version()),
                    "tester").isPresent(), at + ": a node the write had locked can be changed again");
        }
    }
}
