package io.modelgraph.schema.graph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.modelgraph.graph.DefaultMixins;
import io.modelgraph.graph.DefaultRelationGroups;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.Relation;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.Provenance;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Works out the writes that make a graph hold a model: existing nodes are matched and updated in place, only
 * differences are written, so applying the same model twice gives an empty change set the second time.
 */
final class ChangePlanner {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final List<String> TYPE_MIXINS = List.of(DefaultMixins.DESCRIPTION, DefaultMixins.PROVENANCE,
            DefaultMixins.MAPPING, DefaultMixins.ANNOTATIONS, DefaultMixins.STRUCTURE);
    private static final List<String> ELEMENT_MIXINS = List.of(DefaultMixins.DESCRIPTION, DefaultMixins.DATA_TYPE,
            DefaultMixins.CARDINALITY, DefaultMixins.CONSTRAINTS, DefaultMixins.VALUES, DefaultMixins.MAPPING,
            DefaultMixins.ANNOTATIONS, DefaultMixins.STRUCTURE);
    private static final List<String> MODEL_MIXINS = List.of(DefaultMixins.MODEL, DefaultMixins.DESCRIPTION,
            DefaultMixins.PROVENANCE, DefaultMixins.ANNOTATIONS);
    private static final List<String> EXEMPLAR_MIXINS = List.of(DefaultMixins.DESCRIPTION, DefaultMixins.MAPPING,
            DefaultMixins.TERM);

    private record Edge(String from, String to, String group) {
    }

    private final SchemaModel model;
    private final List<String> spaceIds;
    private final Supplier<String> newId;
    private final LossinessLedger ledger;
    private final Map<String, Node> live = new LinkedHashMap<>();
    private final Map<String, Map<String, Map<String, JsonNode>>> mixins = new HashMap<>();
    private final Map<String, List<Relation>> outgoing = new HashMap<>();
    private final Set<String> claimed = new HashSet<>();

    private final List<GraphChanges.NodeUpsert> upserts = new ArrayList<>();
    private final List<MixinValue> values = new ArrayList<>();
    private final Set<Edge> desired = new LinkedHashSet<>();
    private final Map<String, Set<String>> managedGroups = new LinkedHashMap<>();
    private final Set<String> removedNodes = new LinkedHashSet<>();
    private final Map<String, String> typeIds = new HashMap<>();
    private final Map<String, String> taxonomyIds = new HashMap<>();

    ChangePlanner(SchemaModel model, GraphSnapshot existing, List<String> spaceIds, Supplier<String> newId,
            LossinessLedger ledger) {
        this.model = model;
        this.spaceIds = List.copyOf(spaceIds);
        this.newId = newId;
        this.ledger = ledger;
        for (Node n : existing.nodes()) {
            if (!n.deleted()) {
                live.put(n.id(), n);
            }
        }
        for (MixinValue v : existing.mixinValues()) {
            mixins.computeIfAbsent(v.nodeId(), k -> new HashMap<>()).put(v.mixinId(), v.columns());
        }
        for (Relation r : existing.relations()) {
            outgoing.computeIfAbsent(r.fromNodeId(), k -> new ArrayList<>()).add(r);
        }
    }

    GraphChanges plan() {
        modelNode();
        for (int i = 0; i < model.types().size(); i++) {
            TypeDef t = model.types().get(i);
            String id = node(match(NodeType.Type, t.name(), t.provenance()), t.name(), NodeType.Type);
            typeIds.put(t.name(), id);
            Map<String, String> ann = new TreeMap<>(t.annotations());
            ann.put(ModelGraphMapper.ORDER, String.valueOf(i));
            if (t.isAbstract()) {
                ann.put(ModelGraphMapper.ABSTRACT, "true");
            }
            if (t.supertypes().size() > 1) {
                ann.put(ModelGraphMapper.SUPERTYPES, GraphFacts.texts(t.supertypes()).toString());
            }
            facts(id, TYPE_MIXINS, Map.of(
                    DefaultMixins.DESCRIPTION, described(t.description()),
                    DefaultMixins.PROVENANCE, provenance(t.provenance()),
                    DefaultMixins.MAPPING, mapped(t.mapsTo()),
                    DefaultMixins.ANNOTATIONS, GraphFacts.annotations(ann),
                    DefaultMixins.STRUCTURE, GraphFacts.structure(t)));
            managedGroups.put(id, Set.of(DefaultRelationGroups.SUBCLASS_OF));
        }
        for (int i = 0; i < model.taxonomies().size(); i++) {
            taxonomy(model.taxonomies().get(i), i);
        }
        for (TypeDef t : model.types()) {
            String typeId = typeIds.get(t.name());
            for (String s : t.supertypes()) {
                targetOf(s, false).ifPresent(to -> desired.add(new Edge(typeId, to, DefaultRelationGroups.SUBCLASS_OF)));
            }
            elements(t, typeId);
        }
        return diff();
    }

    /**
     * The space's model node: a Component carrying the model-level facts. The same model (see
     * {@link ModelFacts#sameModel}) replaces them; a different one merges in, conflicts ledgered.
     */
    private void modelNode() {
        Optional<Node> existing = ModelAssembler.modelNode(live.values(), spaceIds.get(0),
                id -> !mixin(id, DefaultMixins.MODEL).isEmpty());
        SchemaModel header = ModelFacts.header(model);
        if (existing.isPresent()) {
            String id = existing.get().id();
            SchemaModel stored = ModelFacts.read(mixin(id, DefaultMixins.MODEL),
                    GraphFacts.text(mixin(id, DefaultMixins.DESCRIPTION).get("description")),
                    GraphFacts.provenance(mixin(id, DefaultMixins.PROVENANCE)),
                    GraphFacts.annotations(mixin(id, DefaultMixins.ANNOTATIONS), true));
            if (!ModelFacts.sameModel(stored, header)) {
                header = ModelFacts.merge(stored, header, ledger);
            }
        }
        String id = node(existing, header.name(), NodeType.Component);
        facts(id, MODEL_MIXINS, Map.of(
                DefaultMixins.MODEL, ModelFacts.columns(header),
                DefaultMixins.DESCRIPTION, described(header.description()),
                DefaultMixins.PROVENANCE, provenance(header.provenance()),
                DefaultMixins.ANNOTATIONS, GraphFacts.annotations(header.annotations())));
    }

    private void taxonomy(TaxonomyDef x, int index) {
        String id = node(match(NodeType.Taxonomy, x.name(), x.provenance()), x.name(), NodeType.Taxonomy);
        taxonomyIds.put(x.name(), id);
        Map<String, String> ann = new TreeMap<>(x.annotations());
        ann.put(ModelGraphMapper.ORDER, String.valueOf(index));
        facts(id, TYPE_MIXINS, Map.of(
                DefaultMixins.DESCRIPTION, described(x.description()),
                DefaultMixins.PROVENANCE, provenance(x.provenance()),
                DefaultMixins.MAPPING, mapped(x.mapsTo()),
                DefaultMixins.ANNOTATIONS, GraphFacts.annotations(ann)));
        managedGroups.put(id, Set.of(DefaultRelationGroups.HAS_MEMBER));
        List<Node> members = targets(id, DefaultRelationGroups.HAS_MEMBER, NodeType.Exemplar);
        Set<String> kept = new HashSet<>();
        for (int j = 0; j < x.terms().size(); j++) {
            Term term = x.terms().get(j);
            Optional<Node> existing = members.stream().filter(m -> !claimed.contains(m.id()))
                    .filter(m -> term.code().equals(GraphFacts.text(mixin(m.id(), DefaultMixins.TERM).get("code"))
                            .orElse(m.label())))
                    .findFirst();
            String memberId = node(existing, term.label().orElse(term.code()), NodeType.Exemplar);
            kept.add(memberId);
            desired.add(new Edge(id, memberId, DefaultRelationGroups.HAS_MEMBER));
            Map<String, JsonNode> termColumns = new LinkedHashMap<>();
            termColumns.put("code", F.textNode(term.code()));
            termColumns.put("order", F.numberNode(j));
            facts(memberId, EXEMPLAR_MIXINS, Map.of(
                    DefaultMixins.DESCRIPTION, described(term.description()),
                    DefaultMixins.MAPPING, mapped(term.mapsTo()),
                    DefaultMixins.TERM, termColumns));
        }
        for (Node m : members) {
            if (!kept.contains(m.id())) {
                removedNodes.add(m.id());
            }
        }
    }

    private void elements(TypeDef t, String typeId) {
        List<Node> existing = live.values().stream().filter(n -> n.nodeType() == NodeType.Element)
                .filter(n -> targetIds(n.id(), DefaultRelationGroups.DOMAIN_INCLUDES).contains(typeId))
                .sorted(Comparator.comparing(Node::id)).toList();
        Set<String> kept = new HashSet<>();
        for (int i = 0; i < t.elements().size(); i++) {
            ElementDef e = t.elements().get(i);
            Optional<Node> match = existing.stream().filter(n -> n.label().equals(e.name()))
                    .filter(n -> !claimed.contains(n.id())).findFirst();
            String id = node(match, e.name(), NodeType.Element);
            kept.add(id);
            desired.add(new Edge(id, typeId, DefaultRelationGroups.DOMAIN_INCLUDES));
            for (String target : rangeTargets(e.type())) {
                desired.add(new Edge(id, target, DefaultRelationGroups.RANGE_INCLUDES));
            }
            Map<String, String> ann = new TreeMap<>(e.annotations());
            ann.put(ModelGraphMapper.ORDER, String.valueOf(i));
            GraphFacts.exactDecimals(e.constraints()).ifPresent(x -> ann.put(ModelGraphMapper.DECIMALS, x));
            Map<String, Map<String, JsonNode>> facts = new HashMap<>();
            facts.put(DefaultMixins.DESCRIPTION, described(e.description()));
            facts.put(DefaultMixins.DATA_TYPE, GraphFacts.dataType(e.type()));
            facts.put(DefaultMixins.CARDINALITY, GraphFacts.cardinality(e.cardinality(), e.nullable()));
            facts.put(DefaultMixins.CONSTRAINTS, GraphFacts.constraints(e.constraints()));
            facts.put(DefaultMixins.VALUES, GraphFacts.values(e.constraints().constValue(), e.defaultValue(),
                    e.examples()));
            facts.put(DefaultMixins.MAPPING, mapped(e.mapsTo()));
            facts.put(DefaultMixins.ANNOTATIONS, GraphFacts.annotations(ann));
            facts.put(DefaultMixins.STRUCTURE, GraphFacts.structure(e.fieldNumber()));
            facts(id, ELEMENT_MIXINS, facts);
            managedGroups.put(id, Set.of(DefaultRelationGroups.RANGE_INCLUDES));
        }
        // Elements of this type the model no longer has: removed when this type was their only domain.
        for (Node n : existing) {
            if (kept.contains(n.id())) {
                continue;
            }
            if (targetIds(n.id(), DefaultRelationGroups.DOMAIN_INCLUDES).size() == 1) {
                removedNodes.add(n.id());
            } else {
                managedGroups.put(n.id(), Set.of(DefaultRelationGroups.DOMAIN_INCLUDES));
            }
        }
    }

    private List<String> rangeTargets(DataType t) {
        List<String> out = new ArrayList<>();
        if (t instanceof DataType.TypeRef) {
            targetOf(((DataType.TypeRef) t).typeName(), false).ifPresent(out::add);
        } else if (t instanceof DataType.TaxonomyRef) {
            targetOf(((DataType.TaxonomyRef) t).taxonomyName(), true).ifPresent(out::add);
        } else if (t instanceof DataType.Union) {
            for (DataType m : ((DataType.Union) t).members()) {
                out.addAll(rangeTargets(m));
            }
        } else if (t instanceof DataType.MapOf) {
            out.addAll(rangeTargets(((DataType.MapOf) t).values()));
        }
        return out;
    }

    /** A referenced name: defined by the model, else an existing node of the graph with that label. */
    private Optional<String> targetOf(String name, boolean taxonomy) {
        String own = taxonomy ? taxonomyIds.get(name) : typeIds.get(name);
        if (own != null) {
            return Optional.of(own);
        }
        NodeType type = taxonomy ? NodeType.Taxonomy : NodeType.Type;
        return live.values().stream().filter(n -> n.nodeType() == type && n.label().equals(name))
                .map(Node::id).sorted().findFirst();
    }

    // ---------------------------------------------------------------- nodes and facts

    /** Existing Types/Taxonomies by label; among several, the one from the same format first, then the oldest id. */
    private Optional<Node> match(NodeType type, String label, Provenance provenance) {
        return live.values().stream()
                .filter(n -> n.nodeType() == type && n.label().equals(label) && !claimed.contains(n.id()))
                .min(Comparator.comparing((Node n) -> sameFormat(n, provenance) ? 0 : 1).thenComparing(Node::id));
    }

    private boolean sameFormat(Node n, Provenance p) {
        return GraphFacts.text(mixin(n.id(), DefaultMixins.PROVENANCE).get("format")).orElse("").equals(p.format());
    }

    private String node(Optional<Node> existing, String label, NodeType type) {
        if (existing.isEmpty()) {
            String id = newId.get();
            upserts.add(new GraphChanges.NodeUpsert(id, label, type, spaceIds));
            return id;
        }
        Node n = existing.get();
        claimed.add(n.id());
        if (!n.label().equals(label) || !n.spaceIds().containsAll(spaceIds)) {
            LinkedHashSet<String> spaces = new LinkedHashSet<>(n.spaceIds());
            spaces.addAll(spaceIds);
            upserts.add(new GraphChanges.NodeUpsert(n.id(), label, type, new ArrayList<>(spaces)));
        }
        return n.id();
    }

    /** Writes each listed mixin whose columns differ from what the node holds (empty columns clear it). */
    private void facts(String nodeId, List<String> mixinIds, Map<String, Map<String, JsonNode>> wanted) {
        for (String mixinId : mixinIds) {
            Map<String, JsonNode> want = wanted.getOrDefault(mixinId, Map.of());
            Map<String, JsonNode> have = mixin(nodeId, mixinId);
            if (!GraphFacts.sameColumns(want, have)) {
                values.add(new MixinValue(nodeId, mixinId, want));
            }
        }
    }

    private GraphChanges diff() {
        List<io.modelgraph.graph.Relation> added = new ArrayList<>();
        Set<Edge> existingEdges = new HashSet<>();
        List<Relation> removed = new ArrayList<>();
        for (List<Relation> rs : outgoing.values()) {
            for (Relation r : rs) {
                Edge e = new Edge(r.fromNodeId(), r.toNodeId(), r.relationGroupId());
                existingEdges.add(e);
                Set<String> managed = managedGroups.getOrDefault(r.fromNodeId(), Set.of());
                boolean stale = managed.contains(r.relationGroupId()) && !desired.contains(e);
                if (stale && !removedNodes.contains(r.fromNodeId())) {
                    removed.add(r);
                }
            }
        }
        for (Edge e : desired) {
            if (!existingEdges.contains(e)) {
                added.add(new Relation(newId.get(), e.from(), e.to(), e.group()));
            }
        }
        return new GraphChanges(upserts, added, values, new ArrayList<>(removedNodes), removed);
    }

    // ---------------------------------------------------------------- reading the snapshot

    private List<Node> targets(String from, String group, NodeType type) {
        List<Node> out = new ArrayList<>();
        for (String id : targetIds(from, group)) {
            Node n = live.get(id);
            if (n != null && n.nodeType() == type) {
                out.add(n);
            }
        }
        return out;
    }

    private List<String> targetIds(String from, String group) {
        List<String> out = new ArrayList<>();
        for (Relation r : outgoing.getOrDefault(from, List.of())) {
            if (r.relationGroupId().equals(group) && live.containsKey(r.toNodeId())) {
                out.add(r.toNodeId());
            }
        }
        return out;
    }

    private Map<String, JsonNode> mixin(String nodeId, String mixinId) {
        return mixins.getOrDefault(nodeId, Map.of()).getOrDefault(mixinId, Map.of());
    }

    private static Map<String, JsonNode> described(Optional<String> text) {
        return text.map(t -> GraphFacts.single("description", t)).orElse(Map.of());
    }

    private static Map<String, JsonNode> mapped(Optional<String> iri) {
        return iri.map(t -> GraphFacts.single("mapsTo", t)).orElse(Map.of());
    }

    private static Map<String, JsonNode> provenance(Provenance p) {
        if (p.equals(Provenance.NONE)) {
            return Map.of();
        }
        Map<String, JsonNode> out = new LinkedHashMap<>();
        out.put("format", F.textNode(p.format()));
        p.source().ifPresent(s -> out.put("source", F.textNode(s)));
        p.originalName().ifPresent(s -> out.put("originalName", F.textNode(s)));
        return out;
    }
}
