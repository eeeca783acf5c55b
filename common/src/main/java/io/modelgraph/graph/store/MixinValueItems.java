package io.modelgraph.graph.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.json.Json;
import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One item per (node, mixin); each column value is its own top-level attribute {@code c:<columnId>} holding
 * the JSON text, so setting some columns is one UpdateItem that leaves the other columns alone.
 */
final class MixinValueItems {
    static final String NODE = "node";
    static final String MIXIN = "mixin";
    static final String COLUMN_PREFIX = "c:";

    /**
     * The item after merging {@code more}'s columns over the stored item (empty: none yet): other columns and
     * the creation stamp stay, the update stamp is now, and {@code ver} goes up so concurrent writers and
     * undos can tell this write's image from any other.
     */
    static Map<String, AttributeValue> merged(String projectId, Optional<Map<String, AttributeValue>> stored,
            MixinValue more, Instant now, String subject) {
        Map<String, AttributeValue> item = new HashMap<>(stored.orElse(Map.of()));
        item.putAll(key(projectId, more.nodeId(), more.mixinId()));
        item.put(NODE, Attr.s(more.nodeId()));
        item.put(MIXIN, Attr.s(more.mixinId()));
        item.putIfAbsent(NodeItems.CREATED_AT, Attr.s(now.toString()));
        item.putIfAbsent(NodeItems.CREATED_BY, Attr.s(subject));
        item.put(NodeItems.UPDATED_AT, Attr.s(now.toString()));
        item.put(NodeItems.UPDATED_BY, Attr.s(subject));
        item.put(NodeItems.VERSION, Attr.n(stored.map(s -> Attr.num(s, NodeItems.VERSION, 0)).orElse(0L) + 1));
        more.columns().forEach((column, json) -> item.put(COLUMN_PREFIX + column, Attr.s(Json.write(json))));
        return item;
    }

    /** Like {@link #merged}, but the stored columns {@code more} does not carry are dropped. */
    static Map<String, AttributeValue> replaced(String projectId, Optional<Map<String, AttributeValue>> stored,
            MixinValue more, Instant now, String subject) {
        Optional<Map<String, AttributeValue>> kept = stored.map(item -> {
            Map<String, AttributeValue> copy = new HashMap<>(item);
            copy.keySet().removeIf(name -> name.startsWith(COLUMN_PREFIX));
            return copy;
        });
        return merged(projectId, kept, more, now, subject);
    }

    static MixinValue decode(Map<String, AttributeValue> item) {
        Map<String, JsonNode> columns = new LinkedHashMap<>();
        item.forEach((name, v) -> {
            if (name.startsWith(COLUMN_PREFIX) && v.s() != null) {
                columns.put(name.substring(COLUMN_PREFIX.length()), parse(v.s()));
            }
        });
        return new MixinValue(Attr.str(item, NODE).orElseThrow(), Attr.str(item, MIXIN).orElseThrow(), columns);
    }

    static Map<String, AttributeValue> key(String projectId, String nodeId, String mixinId) {
        return Map.of(Tables.PK, Attr.s(GraphKeys.pk(projectId)), Tables.SK,
                Attr.s(GraphKeys.valueSk(nodeId, mixinId)));
    }

    private static JsonNode parse(String text) {
        try {
            return Json.parse(text);
        } catch (JsonProcessingException e) {
            // only this class writes these attributes, always with Json.write
            throw new IllegalStateException("Stored mixin column value is not JSON", e);
        }
    }

    private MixinValueItems() {
    }
}
