package io.modelgraph.schema.graph;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.graph.DefaultMixins;
import io.modelgraph.graph.DefaultRelationGroups;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.Relation;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reads the canonical model out of a graph snapshot (the inverse of {@link ChangePlanner}). */
final class ModelAssembler {
    private final GraphSnapshot snapshot;
    private final Map<String, Node> nodes = new LinkedHashMap<>();
    private final Map<String, Map<String, Map<String, JsonNode>>> mixins = new HashMap<>();
    private final Map<String, List<Relation>> outgoing = new HashMap<>();

    ModelAssembler(GraphSnapshot snapshot) {
        this.snapshot = snapshot;
        for (Node n : snapshot.nodes()) {
            if (!n.deleted()) {
                nodes.put(n.id(), n);
            }
        }
        for (MixinValue v : snapshot.mixinValues()) {
            mixins.computeIfAbsent(v.nodeId(), k -> new HashMap<>()).put(v.mixinId(), v.columns());
        }
        for (Relation r : snapshot.relations()) {
            if (nodes.containsKey(r.fromNodeId()) && nodes.containsKey(r.toNodeId())) {
                outgoing.computeIfAbsent(r.fromNodeId(), k -> new ArrayList<>()).add(r);
            }
        }
    }

    /**
     * The model node of {@code space} among {@code nodes}: a live Component for which {@code isModel} holds (it
     * carries the model mixin) placed in that space; among several, the oldest id.
     */
    static Optional<Node> modelNode(java.util.Collection<Node> nodes, String space,
            java.util.function.Predicate<String> isModel) {
        return nodes.stream().filter(n -> !n.deleted() && n.nodeType() == NodeType.Component)
                .filter(n -> n.spaceIds().contains(space) && isModel.test(n.id()))
                .min(Comparator.comparing(Node::id));
    }

    /** The model-level facts of the first of the snapshot's spaces that has a model node, if any. */
    private Optional<SchemaModel> header() {
        for (String space : snapshot.spaceIds()) {
            Optional<Node> n = modelNode(nodes.values(), space, id -> !mixin(id, DefaultMixins.MODEL).isEmpty());
            if (n.isPresent()) {
                String id = n.get().id();
                return Optional.of(ModelFacts.read(mixin(id, DefaultMixins.MODEL), description(id), provenance(id),
                        GraphFacts.annotations(mixin(id, DefaultMixins.ANNOTATIONS), true)));
            }
        }
        return Optional.empty();
    }

    boolean hasHeader() {
        return header().isPresent();
    }

    SchemaModel assemble(String name) {
        List<Node> typeNodes = ordered(NodeType.Type);
        Map<String, List<Node>> elementsByType = new HashMap<>();
        for (Node e : ordered(NodeType.Element)) {
            for (Node t : targets(e.id(), DefaultRelationGroups.DOMAIN_INCLUDES)) {
                elementsByType.computeIfAbsent(t.id(), k -> new ArrayList<>()).add(e);
            }
        }
        List<TypeDef> types = new ArrayList<>();
        for (Node t : typeNodes) {
            List<ElementDef> elements = new ArrayList<>();
            for (Node e : elementsByType.getOrDefault(t.id(), List.of())) {
                elements.add(element(e));
            }
            Map<String, String> ann = GraphFacts.annotations(mixin(t.id(), DefaultMixins.ANNOTATIONS), false);
            boolean isAbstract = "true".equals(ann.get(ModelGraphMapper.ABSTRACT));
            List<String> declared = GraphFacts.texts(parse(ann.get(ModelGraphMapper.SUPERTYPES)));
            ann.keySet().removeIf(k -> k.startsWith(ModelGraphMapper.RESERVED_PREFIX));
            List<String> supertypes = targets(t.id(), DefaultRelationGroups.SUBCLASS_OF).stream()
                    .sorted(byOrder()).map(Node::label)
                    .sorted(Comparator.comparingInt((String n) -> declared.contains(n) ? declared.indexOf(n)
                            : Integer.MAX_VALUE)).toList();
            Map<String, JsonNode> structure = mixin(t.id(), DefaultMixins.STRUCTURE);
            types.add(new TypeDef(t.label(), description(t.id()), supertypes, elements, isAbstract, mapsTo(t.id()),
                    provenance(t.id()), ann, GraphFacts.namespace(structure), GraphFacts.keys(structure)));
        }
        List<TaxonomyDef> taxonomies = new ArrayList<>();
        for (Node x : ordered(NodeType.Taxonomy)) {
            List<Node> members = targets(x.id(), DefaultRelationGroups.HAS_MEMBER).stream()
                    .filter(n -> n.nodeType() == NodeType.Exemplar)
                    .sorted(Comparator.comparingInt((Node n) -> termOrder(n.id())).thenComparing(Node::label))
                    .toList();
            List<Term> terms = new ArrayList<>();
            for (Node m : members) {
                String code = GraphFacts.text(mixin(m.id(), DefaultMixins.TERM).get("code")).orElse(m.label());
                Optional<String> label = m.label().equals(code) ? Optional.empty() : Optional.of(m.label());
                terms.add(new Term(code, label, description(m.id()), mapsTo(m.id())));
            }
            taxonomies.add(new TaxonomyDef(x.label(), description(x.id()), terms, mapsTo(x.id()), provenance(x.id()),
                    GraphFacts.annotations(mixin(x.id(), DefaultMixins.ANNOTATIONS), true)));
        }
        return header().orElse(SchemaModel.of(name, List.of(), List.of())).toBuilder().types(types)
                .taxonomies(taxonomies).build();
    }

    private ElementDef element(Node e) {
        Map<String, JsonNode> cardinality = mixin(e.id(), DefaultMixins.CARDINALITY);
        Map<String, JsonNode> values = mixin(e.id(), DefaultMixins.VALUES);
        Optional<GraphFacts.Range> range = targets(e.id(), DefaultRelationGroups.RANGE_INCLUDES).stream().findFirst()
                .map(n -> new GraphFacts.Range(n.label(), n.nodeType() == NodeType.Taxonomy));
        DataType type = GraphFacts.dataType(mixin(e.id(), DefaultMixins.DATA_TYPE), range);
        List<JsonNode> examples = new ArrayList<>();
        JsonNode ex = values.get("examples");
        if (ex != null && ex.isArray()) {
            ex.forEach(examples::add);
        }
        return new ElementDef(e.label(), description(e.id()), type, GraphFacts.cardinality(cardinality),
                cardinality.containsKey("nullable") && cardinality.get("nullable").asBoolean(),
                GraphFacts.withExactDecimals(GraphFacts.constraints(mixin(e.id(), DefaultMixins.CONSTRAINTS),
                        Optional.ofNullable(values.get("const"))), Optional.ofNullable(GraphFacts.annotations(
                                mixin(e.id(), DefaultMixins.ANNOTATIONS), false).get(ModelGraphMapper.DECIMALS))),
                mapsTo(e.id()), Optional.ofNullable(values.get("default")), examples,
                GraphFacts.annotations(mixin(e.id(), DefaultMixins.ANNOTATIONS), true),
                GraphFacts.fieldNumber(mixin(e.id(), DefaultMixins.STRUCTURE)));
    }

    private static JsonNode parse(String json) {
        if (json == null) {
            return null;
        }
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
        } catch (java.io.IOException e) {
            return null;
        }
    }

    private List<Node> ordered(NodeType type) {
        return nodes.values().stream().filter(n -> n.nodeType() == type).sorted(byOrder()).toList();
    }

    /** Model order is kept in the reserved annotation; nodes made by hand (no order) follow, by label. */
    private Comparator<Node> byOrder() {
        return Comparator.comparingInt((Node n) -> order(n.id())).thenComparing(Node::label).thenComparing(Node::id);
    }

    private int order(String nodeId) {
        JsonNode o = mixin(nodeId, DefaultMixins.ANNOTATIONS).get("annotations");
        if (o == null || !o.has(ModelGraphMapper.ORDER)) {
            return Integer.MAX_VALUE;
        }
        try {
            return Integer.parseInt(o.get(ModelGraphMapper.ORDER).asText());
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }

    private int termOrder(String nodeId) {
        JsonNode o = mixin(nodeId, DefaultMixins.TERM).get("order");
        return o == null || !o.canConvertToInt() ? Integer.MAX_VALUE : o.intValue();
    }

    private List<Node> targets(String from, String group) {
        List<Node> out = new ArrayList<>();
        for (Relation r : outgoing.getOrDefault(from, List.of())) {
            if (r.relationGroupId().equals(group)) {
                out.add(nodes.get(r.toNodeId()));
            }
        }
        return out;
    }

    private Map<String, JsonNode> mixin(String nodeId, String mixinId) {
        return mixins.getOrDefault(nodeId, Map.of()).getOrDefault(mixinId, Map.of());
    }

    private Optional<String> description(String nodeId) {
        return GraphFacts.text(mixin(nodeId, DefaultMixins.DESCRIPTION).get("description"));
    }

    private Optional<String> mapsTo(String nodeId) {
        return GraphFacts.text(mixin(nodeId, DefaultMixins.MAPPING).get("mapsTo"));
    }

    private Provenance provenance(String nodeId) {
        return GraphFacts.provenance(mixin(nodeId, DefaultMixins.PROVENANCE));
    }

    GraphSnapshot snapshot() {
        return snapshot;
    }
}
