package io.modelgraph.graph.store;

import io.modelgraph.store.Tables;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The condition "the item is still this image": absent, or present with the same bookkeeping attributes.
 * Every graph item kind carries some of {@code ver, uAt, cAt, cBy, vv} and every writer changes at least one of
 * them (node field writes bump {@code ver}, mixin value writes bump the node item's {@code vv}; relations are only
 * ever created, with a new {@code cAt}),
 * so comparing those few attributes detects any other writer without comparing whole items. The lock a large
 * write puts on an item it stages ({@link StagedWrites}) is part of the stamp: an image without it is refused
 * while the item is locked.
 */
record ItemStamp(String expression, Map<String, String> names, Map<String, AttributeValue> values) {
    static final List<String> ATTRIBUTES = List.of(NodeItems.VERSION, NodeItems.UPDATED_AT, NodeItems.CREATED_AT,
            NodeItems.CREATED_BY, NodeValues.VERSION, StagedWrites.LOCK);

    ItemStamp {
        names = Map.copyOf(names);
        values = Map.copyOf(values);
    }

    static ItemStamp of(Optional<Map<String, AttributeValue>> image) {
        Map<String, String> names = new HashMap<>();
        names.put("#sk", Tables.SK);
        if (image.isEmpty()) {
            return new ItemStamp("attribute_not_exists(#sk)", names, Map.of());
        }
        StringBuilder expression = new StringBuilder("attribute_exists(#sk)");
        Map<String, AttributeValue> values = new HashMap<>();
        for (int i = 0; i < ATTRIBUTES.size(); i++) {
            String attribute = ATTRIBUTES.get(i);
            names.put("#s" + i, attribute);
            AttributeValue v = image.get().get(attribute);
            if (v == null) {
                expression.append(" AND attribute_not_exists(#s").append(i).append(')');
            } else {
                expression.append(" AND #s").append(i).append(" = :s").append(i);
                values.put(":s" + i, v);
            }
        }
        return new ItemStamp(expression.toString(), names, values);
    }

    /** Just the stamp attributes of an image (what a journal needs to recognise the item later). */
    static Map<String, AttributeValue> attributesOf(Map<String, AttributeValue> image) {
        Map<String, AttributeValue> out = new HashMap<>();
        for (String attribute : ATTRIBUTES) {
            AttributeValue v = image.get(attribute);
            if (v != null) {
                out.put(attribute, v);
            }
        }
        return out;
    }
}
