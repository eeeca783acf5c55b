package io.modelgraph.graph.store;

import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.store.RepeatedValues.Kind;
import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Encodes a node as its items: the node item (index entry for its first space; it also holds the node's mixin
 * values, see {@link NodeValues}) and one membership item per further space (a copy of the node fields, without
 * values, carrying that space's index partition), so an index page yields whole nodes with one item read each. A
 * deleted node keeps its node item without index attributes (sparse indexes drop it) and loses its membership
 * items.
 */
final class NodeItems {
    static final String ID = "id";
    static final String LABEL = "label";
    static final String LOWER_LABEL = "lbl";
    static final String TYPE = "nt";
    static final String SPACES = "spaces";
    static final String CREATED_AT = "cAt";
    static final String UPDATED_AT = "uAt";
    static final String CREATED_BY = "cBy";
    static final String UPDATED_BY = "uBy";
    static final String DELETED = "del";
    static final String VERSION = "ver";
    private static final List<String> INDEX_ATTRIBUTES = List.of(Tables.TYPE_PK, Tables.LABEL_SK, Tables.CREATED_SK,
            Tables.UPDATED_SK);

    /** The node item, then one membership item per extra space (none when deleted). */
    static List<Map<String, AttributeValue>> encode(String projectId, Node node) {
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        Map<String, AttributeValue> main = base(projectId, node, GraphKeys.nodeSk(node.id()));
        if (!node.deleted() && !node.spaceIds().isEmpty()) {
            addIndex(main, projectId, node, node.spaceIds().get(0));
        }
        out.add(main);
        if (!node.deleted()) {
            for (int i = 1; i < node.spaceIds().size(); i++) {
                String space = node.spaceIds().get(i);
                Map<String, AttributeValue> member = base(projectId, node, GraphKeys.memberSk(node.id(), space));
                addIndex(member, projectId, node, space);
                out.add(member);
            }
        }
        return out;
    }

    /**
     * An update of the node item's own fields only (its index attributes set, or removed when it leaves every
     * index), so the mixin values stored in the same item stay as they are: a whole-item put would overwrite
     * values written since the node was read.
     */
    static FieldUpdate fieldUpdate(String projectId, Node node) {
        Map<String, AttributeValue> fields = base(projectId, node, "");
        fields.remove(Tables.PK);
        fields.remove(Tables.SK);
        List<String> unset = new ArrayList<>();
        if (!node.deleted() && !node.spaceIds().isEmpty()) {
            addIndex(fields, projectId, node, node.spaceIds().get(0));
        } else {
            unset.addAll(INDEX_ATTRIBUTES);
        }
        return FieldUpdate.of(fields, unset);
    }

    /** An UpdateItem expression that sets {@code set} and removes {@code unset}, with its placeholders. */
    record FieldUpdate(String expression, Map<String, String> names, Map<String, AttributeValue> values) {
        FieldUpdate {
            names = Map.copyOf(names);
            values = Map.copyOf(values);
        }

        static FieldUpdate of(Map<String, AttributeValue> set, List<String> unset) {
            Map<String, String> names = new HashMap<>();
            Map<String, AttributeValue> values = new HashMap<>();
            List<String> sets = new ArrayList<>();
            int i = 0;
            for (Map.Entry<String, AttributeValue> e : set.entrySet()) {
                names.put("#f" + i, e.getKey());
                values.put(":f" + i, e.getValue());
                sets.add("#f" + i + " = :f" + i);
                i++;
            }
            List<String> removes = new ArrayList<>();
            for (String name : unset) {
                names.put("#f" + i, name);
                removes.add("#f" + i);
                i++;
            }
            String expression = "SET " + String.join(", ", sets)
                    + (removes.isEmpty() ? "" : " REMOVE " + String.join(", ", removes));
            return new FieldUpdate(expression, names, values);
        }
    }

    /** Sort keys of the membership items a node has in storage (for deletes when spaces change). */
    static List<String> memberSks(Node node) {
        List<String> out = new ArrayList<>();
        if (!node.deleted()) {
            for (int i = 1; i < node.spaceIds().size(); i++) {
                out.add(GraphKeys.memberSk(node.id(), node.spaceIds().get(i)));
            }
        }
        return out;
    }

    private static Map<String, AttributeValue> base(String projectId, Node node, String sk) {
        // room for the index attributes and a few values without growing: a bulk write builds 10,000 node items
        Map<String, AttributeValue> item = new HashMap<>(32);
        item.put(Tables.PK, RepeatedValues.s(Kind.PROJECT, GraphKeys.pk(projectId)));
        item.put(Tables.SK, Attr.s(sk));
        item.put(ID, Attr.s(node.id()));
        item.put(LABEL, Attr.s(node.label()));
        item.put(LOWER_LABEL, Attr.s(GraphKeys.lowerLabel(node.label())));
        item.put(TYPE, RepeatedValues.s(Kind.NODE_TYPE, node.nodeType().name()));
        item.put(SPACES, AttributeValue.builder().l(node.spaceIds().stream().map(Attr::s).toList()).build());
        item.put(CREATED_AT, RepeatedValues.instant(Kind.CREATED_AT, node.createdAt()));
        item.put(UPDATED_AT, RepeatedValues.instant(Kind.UPDATED_AT, node.updatedAt()));
        item.put(CREATED_BY, RepeatedValues.s(Kind.CREATED_BY, node.createdBy()));
        item.put(UPDATED_BY, RepeatedValues.s(Kind.UPDATED_BY, node.updatedBy()));
        item.put(DELETED, RepeatedValues.bool(Kind.DELETED, node.deleted()));
        item.put(VERSION, RepeatedValues.n(Kind.VERSION, node.version()));
        return item;
    }

    private static void addIndex(Map<String, AttributeValue> item, String projectId, Node node, String space) {
        item.put(Tables.TYPE_PK, RepeatedValues.s(Kind.TYPE_PARTITION, GraphKeys.typePartition(projectId, space,
                node.nodeType())));
        item.put(Tables.LABEL_SK, Attr.s(NodeOrder.LABEL.keyOf(node)));
        item.put(Tables.CREATED_SK, Attr.s(NodeOrder.CREATED.keyOf(node)));
        item.put(Tables.UPDATED_SK, Attr.s(NodeOrder.UPDATED.keyOf(node)));
    }

    static Node decode(Map<String, AttributeValue> item) {
        AttributeValue spaces = item.get(SPACES);
        List<String> spaceIds = spaces == null || !spaces.hasL() ? List.of()
                : spaces.l().stream().map(AttributeValue::s).toList();
        return new Node(
                Attr.str(item, ID).orElseThrow(),
                Attr.str(item, LABEL).orElse(""),
                NodeType.valueOf(Attr.str(item, TYPE).orElseThrow()),
                spaceIds,
                Instant.parse(Attr.str(item, CREATED_AT).orElseThrow()),
                Instant.parse(Attr.str(item, UPDATED_AT).orElseThrow()),
                Attr.str(item, CREATED_BY).orElse(""),
                Attr.str(item, UPDATED_BY).orElse(""),
                Attr.flag(item, DELETED),
                Attr.num(item, VERSION, 0));
    }

    /** The sort key an index item holds for the given order. */
    static String orderKey(Map<String, AttributeValue> item, NodeOrder order) {
        return Attr.str(item, order.attribute()).orElseThrow();
    }

    private NodeItems() {
    }
}
