package io.modelgraph.graph.store;

import io.modelgraph.graph.Relation;
import io.modelgraph.graph.store.RepeatedValues.Kind;
import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A relation is one item under its from-node ({@code R#<from>#<id>}), so a node's outgoing relations are
 * one Query; its {@code rpk} attribute puts it in the to-node's partition of the relTarget index for the
 * incoming ones.
 */
final class RelationItems {
    static final String ID = "id";
    static final String FROM = "from";
    static final String TO = "to";
    static final String GROUP = "grp";

    static Map<String, AttributeValue> encode(String projectId, Relation relation, Instant now, String subject) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(Tables.PK, RepeatedValues.s(Kind.PROJECT, GraphKeys.pk(projectId)));
        item.put(Tables.SK, Attr.s(GraphKeys.relationSk(relation.fromNodeId(), relation.id())));
        item.put(Tables.TARGET_PK, Attr.s(GraphKeys.targetPartition(projectId, relation.toNodeId())));
        item.put(ID, Attr.s(relation.id()));
        item.put(FROM, Attr.s(relation.fromNodeId()));
        item.put(TO, Attr.s(relation.toNodeId()));
        item.put(GROUP, RepeatedValues.s(Kind.GROUP, relation.relationGroupId()));
        item.put(NodeItems.CREATED_AT, RepeatedValues.instant(Kind.CREATED_AT, now));
        item.put(NodeItems.CREATED_BY, RepeatedValues.s(Kind.CREATED_BY, subject));
        return item;
    }

    static Relation decode(Map<String, AttributeValue> item) {
        return new Relation(Attr.str(item, ID).orElseThrow(), Attr.str(item, FROM).orElseThrow(),
                Attr.str(item, TO).orElseThrow(), Attr.str(item, GROUP).orElseThrow());
    }

    static Map<String, AttributeValue> key(String projectId, String fromNodeId, String relationId) {
        return Map.of(Tables.PK, Attr.s(GraphKeys.pk(projectId)), Tables.SK,
                Attr.s(GraphKeys.relationSk(fromNodeId, relationId)));
    }

    private RelationItems() {
    }
}
