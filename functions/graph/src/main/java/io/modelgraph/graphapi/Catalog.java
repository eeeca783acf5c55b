package io.modelgraph.graphapi;

import io.modelgraph.graph.DefaultMixins;
import io.modelgraph.graph.DefaultRelationGroups;
import io.modelgraph.graph.MixinDef;
import io.modelgraph.graph.RelationGroup;
import io.modelgraph.graph.store.GraphStore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A project's relation groups and mixins: the defaults followed by its custom ones, read once per call. */
record Catalog(Map<String, RelationGroup> groups, Map<String, MixinDef> mixins) {

    static Catalog load(GraphStore store, String projectId) {
        GraphStore.Definitions custom = store.definitions(projectId);
        Map<String, RelationGroup> groups = new LinkedHashMap<>();
        DefaultRelationGroups.ALL.forEach(g -> groups.put(g.id(), g));
        custom.groups().forEach(g -> groups.putIfAbsent(g.id(), g));
        Map<String, MixinDef> mixins = new LinkedHashMap<>();
        DefaultMixins.ALL.forEach(m -> mixins.put(m.id(), m));
        custom.mixins().forEach(m -> mixins.putIfAbsent(m.id(), m));
        return new Catalog(groups, mixins);
    }

    Optional<RelationGroup> group(String id) {
        return Optional.ofNullable(groups.get(id));
    }

    Optional<MixinDef> mixin(String id) {
        return Optional.ofNullable(mixins.get(id));
    }

    List<RelationGroup> allGroups() {
        return new ArrayList<>(groups.values());
    }

    List<MixinDef> allMixins() {
        return new ArrayList<>(mixins.values());
    }
}
