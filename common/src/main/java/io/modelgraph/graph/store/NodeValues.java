package io.modelgraph.graph.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.json.Json;
import io.modelgraph.store.Attr;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A node's mixin values live in its node item (docs/graph.md "Key design"): one top-level attribute
 * {@code v#<mixinId>#<columnId>} per column holding the JSON text, so setting or removing some columns is one
 * UpdateItem that leaves every other column and the node's own fields alone. Ids never contain '#', so the name
 * splits back unambiguously. {@code vv} counts value writes: every writer of values bumps it, so the item's stamp
 * ({@link ItemStamp}) changes with them while {@code ver} stays the node fields' version (the one the membership
 * copies, which carry no values, share with the node item).
 */
final class NodeValues {
    static final String PREFIX = "v#";
    static final String VERSION = "vv";

    static String attribute(String mixinId, String columnId) {
        return PREFIX + mixinId + "#" + columnId;
    }

    private static String mixinPrefix(String mixinId) {
        return PREFIX + mixinId + "#";
    }

    static boolean isValue(String attributeName) {
        return attributeName.startsWith(PREFIX);
    }

    /**
     * The node's values that hold at least one column, by mixin id. Values stored out of line must have been read
     * back into the item first ({@link SpilledValues#resolve}).
     */
    static List<MixinValue> decode(Map<String, AttributeValue> nodeItem) {
        String nodeId = Attr.str(nodeItem, NodeItems.ID).orElseThrow();
        if (SpilledValues.hasRefs(nodeItem)) {
            throw new IllegalStateException("Node '" + nodeId + "' holds out-of-line values nobody read back");
        }
        Map<String, Map<String, JsonNode>> byMixin = new TreeMap<>(); // mixin order, as the V# items had
        nodeItem.forEach((name, v) -> {
            if (isValue(name) && v.s() != null) {
                int split = name.indexOf('#', PREFIX.length());
                byMixin.computeIfAbsent(name.substring(PREFIX.length(), split), m -> new LinkedHashMap<>())
                        .put(name.substring(split + 1), parse(v.s()));
            }
        });
        List<MixinValue> out = new ArrayList<>();
        byMixin.forEach((mixin, columns) -> out.add(new MixinValue(nodeId, mixin, columns)));
        return out;
    }

    /** Whether the node holds any column of the mixin. */
    static boolean has(Map<String, AttributeValue> nodeItem, String mixinId) {
        String prefix = mixinPrefix(mixinId);
        return nodeItem.keySet().stream().anyMatch(n -> n.startsWith(prefix));
    }

    /** {@code more}'s columns set over the node item's (other columns stay); {@code vv} goes up. */
    static Map<String, AttributeValue> merged(Map<String, AttributeValue> nodeItem, MixinValue more) {
        Map<String, AttributeValue> item = new HashMap<>(nodeItem);
        mergeInto(item, more);
        return item;
    }

    /** As {@link #merged}, into {@code item} itself: a modifiable item the caller built and nobody else holds. */
    static void mergeInto(Map<String, AttributeValue> item, MixinValue more) {
        more.columns().forEach((column, json) -> item.put(attribute(more.mixinId(), column), Attr.s(Json.write(json))));
        bumped(item);
    }

    /**
     * The mixin's stored columns dropped and {@code more}'s set in their place ({@link io.modelgraph.graph.GraphChanges}
     * semantics); no columns means the mixin leaves the node.
     */
    static Map<String, AttributeValue> replaced(Map<String, AttributeValue> nodeItem, MixinValue more) {
        Map<String, AttributeValue> item = new HashMap<>(nodeItem);
        String prefix = mixinPrefix(more.mixinId());
        item.keySet().removeIf(n -> n.startsWith(prefix));
        return merged(item, more);
    }

    /** {@code fields} (a freshly encoded node item) with the values and value version of {@code stored}. */
    static Map<String, AttributeValue> carried(Map<String, AttributeValue> fields,
            Optional<Map<String, AttributeValue>> stored) {
        if (stored.isEmpty()) {
            return fields;
        }
        Map<String, AttributeValue> item = new HashMap<>(fields);
        stored.get().forEach((name, v) -> {
            if (isValue(name) || name.equals(VERSION)) {
                item.put(name, v);
            }
        });
        return item;
    }

    private static Map<String, AttributeValue> bumped(Map<String, AttributeValue> item) {
        item.put(VERSION, Attr.n(Attr.num(item, VERSION, 0) + 1));
        return item;
    }

    private static JsonNode parse(String text) {
        try {
            return Json.parse(text);
        } catch (JsonProcessingException e) {
            // only this class writes these attributes, always with Json.write
            throw new IllegalStateException("Stored mixin column value is not JSON", e);
        }
    }

    private NodeValues() {
    }
}
