package io.modelgraph.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.TextNode;
import io.modelgraph.exchange.profile.DefaultProfiles;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.Relation;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.platform.Services;
import io.modelgraph.store.TestStores;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * validateJSON and the exports reuse what they derived from the space while the project's version has not moved:
 * a warm call is one DynamoDB call reading one item, and every kind of write (transactional, after-the-fact, large)
 * makes the next call see it. Real DynamoDB Local, counted by an SDK interceptor on the client the service uses.
 */
class VersionedReadsTest {
    private final AtomicLong calls = new AtomicLong();
    private final AtomicLong itemsRead = new AtomicLong();
    private final String project = TestStores.newProjectId();

    private Services counting() {
        ExecutionInterceptor counter = new ExecutionInterceptor() {
            @Override
            public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
                calls.incrementAndGet();
                SdkResponse r = context.response();
                if (r instanceof QueryResponse q) {
                    itemsRead.addAndGet(q.scannedCount() == null ? q.count() : q.scannedCount());
                } else if (r instanceof GetItemResponse g) {
                    itemsRead.addAndGet(g.hasItem() && !g.item().isEmpty() ? 1 : 0);
                } else if (r instanceof BatchGetItemResponse b) {
                    b.responses().values().forEach(items -> itemsRead.addAndGet(items.size()));
                }
            }
        };
        return TestStores.observed(counter);
    }

    @Test
    void warmCallsReadOneItemAndEveryWriteIsSeenByTheNextCall() {
        Services services = counting();
        ExchangeModule module = ExchangeModule.of(services);
        GraphStore store = GraphStore.of(services);
        store.apply(project, GraphChanges.additions(List.of(
                new GraphChanges.NodeUpsert("person", "Person", NodeType.Type, List.of()),
                new GraphChanges.NodeUpsert("age", "age", NodeType.Element, List.of())),
                List.of(new Relation("r1", "age", "person", "domain-includes")),
                List.of(new MixinValue("age", "data-type", Map.of("dataType", TextNode.valueOf("STRING"))))),
                "tester");
        String doc = "{\"age\":\"seven\"}";

        assertTrue(valid(module, doc), "cold: the space is loaded and compiled");
        long callsBefore = calls.get();
        long itemsBefore = itemsRead.get();
        for (int i = 0; i < 10; i++) {
            assertTrue(valid(module, doc));
        }
        assertEquals(10, calls.get() - callsBefore, "one DynamoDB call per warm validateJSON");
        assertEquals(10, itemsRead.get() - itemsBefore, "one item (the version) per warm validateJSON");

        // a transactional write (mixin set) moves the version: the next call sees the new type
        store.setMixinColumns(project, "age", "data-type", Map.of("dataType", TextNode.valueOf("INTEGER")), "tester");
        assertFalse(valid(module, doc), "age is an integer now");
        // a write that moves the version after it lands (column remove)
        store.removeMixinColumns(project, "age", "data-type", List.of("dataType"), "tester");
        assertTrue(valid(module, doc), "no data type: anything goes");
        // a change set (one transaction of at most 98 items)
        store.apply(project, GraphChanges.additions(List.of(), List.of(), List.of(new MixinValue("age", "data-type",
                Map.of("dataType", TextNode.valueOf("BOOLEAN"))))), "tester");
        assertFalse(valid(module, doc), "age is a boolean now");

        // exports: the same document while nothing is written, one item read; a write changes it
        String first = module.operations().exportJsonSchema(project, Optional.of(MainSpace.idFor(project)),
                DefaultProfiles.JSON_SCHEMA_ID, Optional.empty(), true);
        itemsBefore = itemsRead.get();
        assertEquals(first, module.operations().exportJsonSchema(project, Optional.of(MainSpace.idFor(project)),
                DefaultProfiles.JSON_SCHEMA_ID, Optional.empty(), true));
        assertEquals(1, itemsRead.get() - itemsBefore, "a warm export reads the version only");
        store.modifyNode(project, "age", n -> new io.modelgraph.graph.Node(n.id(), "years", n.nodeType(),
                n.spaceIds(), n.createdAt(), n.updatedAt(), n.createdBy(), n.updatedBy(), false, n.version()), "tester");
        String renamed = module.operations().exportJsonSchema(project, Optional.of(MainSpace.idFor(project)),
                DefaultProfiles.JSON_SCHEMA_ID, Optional.empty(), true);
        assertNotEquals(first, renamed);
        assertTrue(renamed.contains("\"years\""), renamed);
    }

    private boolean valid(ExchangeModule module, String doc) {
        return (Boolean) module.operations().validate(project, DefaultProfiles.JSON_SCHEMA_ID, doc, Optional.empty(),
                Optional.of("person")).get("isValid");
    }
}
