package io.modelgraph.graph.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.TextNode;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.NodeType;
import io.modelgraph.platform.Services;
import io.modelgraph.store.Attr;
import io.modelgraph.store.TestStores;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Values too large for their node item, on the real DynamoDB Local (docs/storage.md "Values larger than an item"):
 * stored out of line, read back whole by every read path, never copied when unchanged, cleaned up when replaced,
 * and read consistently by a reader holding a node item that was replaced meanwhile.
 */
class SpilledValuesTest {
    private final Services services = TestStores.services();
    private final GraphStore store = GraphStore.of(services);
    private final String project = TestStores.newProjectId();
    private final String pk = GraphKeys.pk(project);

    private void setDescription(String nodeId, String text) {
        store.apply(project, GraphChanges.additions(List.of(new GraphChanges.NodeUpsert(nodeId, nodeId,
                NodeType.Element, List.of())), List.of(), List.of(new MixinValue(nodeId, "description",
                Map.of("description", TextNode.valueOf(text))))), "tester");
    }

    private String description(String nodeId) {
        return store.mixinValues(project, nodeId).get(0).columns().get("description").asText();
    }

    private Set<String> chunkKeys(String nodeId) {
        return store.prefixQuery(project, SpilledValues.PREFIX + nodeId + "#").stream()
                .map(i -> i.get("sk").s()).collect(Collectors.toCollection(TreeSet::new));
    }

    /** 420,000 bytes of UTF-8 (a CJK character is 3): more than one DynamoDB item holds. */
    private static String huge(char c) {
        return String.valueOf(c).repeat(140_000);
    }

    @Test
    void aValueLargerThanAnItemIsStoredOutOfLineAndEveryReadPathGetsItWhole() {
        String text = huge('\u6f22');
        setDescription("big", text);

        Map<String, AttributeValue> item = store.nodeItems(project, List.of("big")).get("big");
        assertTrue(ItemSize.bytes(item) < SpilledValues.INLINE_BYTES, "the node item stays small");
        assertTrue(item.get("v#description#description").hasM(), "it holds a reference");
        assertFalse(chunkKeys("big").isEmpty(), "the text lies in chunks");

        assertEquals(text, description("big"), "fetchNode");
        assertEquals(text, store.mixinValues(project, List.of("big")).get("big").get(0).columns().get("description")
                .asText(), "fetchNodes");
        assertEquals(text, store.load(project, List.of()).mixinValues().stream().filter(v -> v.nodeId().equals("big"))
                .findFirst().orElseThrow().columns().get("description").asText(), "exports, merges, validateJSON");
    }

    @Test
    void anUnchangedValueKeepsItsChunksAndAReplacedOneLosesThemAfterTheCommit() {
        setDescription("big", huge('\u6f22'));
        Set<String> first = chunkKeys("big");

        setDescription("big", huge('\u6f22')); // the same text again: nothing to write
        assertEquals(first, chunkKeys("big"));

        String other = huge('\u5b57');
        setDescription("big", other);
        Set<String> second = chunkKeys("big");
        assertFalse(second.isEmpty());
        assertTrue(second.stream().noneMatch(first::contains), "the old chunks are gone: " + first + " " + second);
        assertEquals(other, description("big"));

        setDescription("big", "short");
        assertEquals(Set.of(), chunkKeys("big"), "a value back in line leaves no chunk");
        assertEquals("short", description("big"));
        assertFalse(store.nodeItems(project, List.of("big")).get("big").get("v#description#description").hasM());
    }

    @Test
    void aValueWriteOfTheGraphApiThatReplacesAnOutOfLineValueDropsItsChunks() {
        setDescription("big", huge('\u6f22'));
        assertFalse(chunkKeys("big").isEmpty());
        store.setMixinColumns(project, "big", "description", Map.of("description", TextNode.valueOf("edited")),
                "tester");
        assertEquals(Set.of(), chunkKeys("big"));
        assertEquals("edited", description("big"));
    }

    @Test
    void aReaderHoldingANodeItemReplacedMeanwhileReadsItAgainAndGetsTheNewValue() {
        setDescription("big", huge('\u6f22'));
        Map<String, AttributeValue> stale = store.nodeItems(project, List.of("big")).get("big");
        String newer = huge('\u5b57');
        setDescription("big", newer); // the stale item's chunks are deleted once this committed

        AtomicInteger rereads = new AtomicInteger();
        Map<String, Map<String, AttributeValue>> read = SpilledValues.resolve(pk, Map.of("big", stale),
                new DynamoCalls(services.dynamo(), services.stores().graphTable()), ids -> {
                    rereads.incrementAndGet();
                    return store.nodeItems(project, ids);
                });
        assertEquals(1, rereads.get());
        assertEquals("\"" + newer + "\"", read.get("big").get("v#description#description").s(), "its JSON text");
    }

    @Test
    void itemsUnderTheThresholdAreLeftAsTheyAre() {
        Map<String, AttributeValue> item = Map.of("pk", Attr.s(pk), "sk", Attr.s("N#a"), "id", Attr.s("a"),
                "v#description#description", Attr.s("\"" + "x".repeat(150_000) + "\""));
        ItemChange c = ItemChange.created(pk, item);
        SpilledValues.Spilled s = SpilledValues.spill(List.of(c), () -> "t");
        assertEquals(1, s.changes().size());
        assertSame(c.after().orElseThrow().get("v#description#description"),
                s.changes().get(0).after().orElseThrow().get("v#description#description"));
        assertEquals(List.of(), s.superseded());
    }

    @Test
    void onlyTheLargestValuesMoveOutUntilTheItemFits() {
        Map<String, AttributeValue> item = Map.of("pk", Attr.s(pk), "sk", Attr.s("N#a"), "id", Attr.s("a"),
                "v#description#description", Attr.s("\"" + "x".repeat(150_000) + "\""),
                "v#annotations#annotations", Attr.s("\"" + "y".repeat(190_000) + "\""),
                "v#constraints#minimum", Attr.s("1"));
        SpilledValues.Spilled s = SpilledValues.spill(List.of(ItemChange.created(pk, item)), () -> "t");
        Map<String, AttributeValue> after = s.changes().get(0).after().orElseThrow();
        assertTrue(after.get("v#annotations#annotations").hasM(), "the largest moved out");
        assertEquals(item.get("v#description#description"), after.get("v#description#description"),
                "the rest fits and stays");
        assertEquals(item.get("v#constraints#minimum"), after.get("v#constraints#minimum"));
        assertEquals(2, s.changes().size(), "one chunk: the text gzips to a few hundred bytes");
        assertEquals(Optional.empty(), s.changes().get(1).before());
        assertNotEquals("N#a", s.changes().get(1).sk());
    }
}
