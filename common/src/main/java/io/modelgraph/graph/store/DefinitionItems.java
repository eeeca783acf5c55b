package io.modelgraph.graph.store;

import io.modelgraph.graph.MixinColumn;
import io.modelgraph.graph.MixinDef;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.RelationGroup;
import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A project's custom relation groups ({@code D#G#<id>}) and custom mixins ({@code D#M#<id>}). */
final class DefinitionItems {
    static Map<String, AttributeValue> encodeGroup(String projectId, RelationGroup group, Instant now, String subject) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(Tables.PK, Attr.s(GraphKeys.pk(projectId)));
        item.put(Tables.SK, Attr.s(GraphKeys.groupSk(group.id())));
        item.put("id", Attr.s(group.id()));
        item.put("label", Attr.s(group.label()));
        item.put("from", types(group.from()));
        item.put("to", types(group.to()));
        item.put(NodeItems.CREATED_AT, Attr.s(now.toString()));
        item.put(NodeItems.CREATED_BY, Attr.s(subject));
        return item;
    }

    static RelationGroup decodeGroup(Map<String, AttributeValue> item) {
        return new RelationGroup(Attr.str(item, "id").orElseThrow(), Attr.str(item, "label").orElse(""),
                types(item.get("from")), types(item.get("to")), true);
    }

    static Map<String, AttributeValue> encodeMixin(String projectId, MixinDef mixin, Instant now, String subject) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(Tables.PK, Attr.s(GraphKeys.pk(projectId)));
        item.put(Tables.SK, Attr.s(GraphKeys.mixinDefSk(mixin.id())));
        item.put("id", Attr.s(mixin.id()));
        item.put("label", Attr.s(mixin.label()));
        item.put("type", Attr.s(mixin.type()));
        List<AttributeValue> columns = new ArrayList<>();
        for (MixinColumn c : mixin.columns()) {
            columns.add(AttributeValue.builder().m(Map.of("id", Attr.s(c.id()), "label", Attr.s(c.label()),
                    "valueType", Attr.s(c.valueType()))).build());
        }
        item.put("columns", AttributeValue.builder().l(columns).build());
        item.put(NodeItems.CREATED_AT, Attr.s(now.toString()));
        item.put(NodeItems.CREATED_BY, Attr.s(subject));
        return item;
    }

    static MixinDef decodeMixin(Map<String, AttributeValue> item) {
        List<MixinColumn> columns = new ArrayList<>();
        AttributeValue list = item.get("columns");
        if (list != null && list.hasL()) {
            for (AttributeValue c : list.l()) {
                columns.add(new MixinColumn(Attr.str(c.m(), "id").orElseThrow(), Attr.str(c.m(), "label").orElse(""),
                        Attr.str(c.m(), "valueType").orElse("any")));
            }
        }
        return new MixinDef(Attr.str(item, "id").orElseThrow(), Attr.str(item, "label").orElse(""),
                Attr.str(item, "type").orElse(MixinDef.NORMAL), columns, true);
    }

    private static AttributeValue types(Set<NodeType> types) {
        return AttributeValue.builder().ss(types.stream().map(Enum::name).collect(Collectors.toList())).build();
    }

    private static Set<NodeType> types(AttributeValue value) {
        if (value == null || !value.hasSs()) {
            return Set.of();
        }
        return value.ss().stream().map(NodeType::valueOf).collect(Collectors.toSet());
    }

    private DefinitionItems() {
    }
}
