package io.modelgraph.exchange;

import io.modelgraph.api.ApiProblem;
import io.modelgraph.codec.jsonld.JsonLdExportOptions;
import io.modelgraph.exchange.merge.SpaceFingerprint;
import io.modelgraph.graph.GraphAccess;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.LabelCollisions;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.exchange.merge.MergeState;
import io.modelgraph.exchange.merge.MergeStateStore;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import io.modelgraph.schema.SchemaModel;
import java.util.List;
import java.util.Optional;

/**
 * Reads spaces for the exchange operations: checks that a space id names a live Space, loads it whole through
 * {@link GraphAccess}, and maps it to the canonical model. Single-node lookups (is this id a Space, which space
 * holds this root node) go to the graph store's node read.
 */
public final class SpaceModels {
    private final GraphAccess graph;
    private final GraphStore store;
    private final ModelMapping mapping;
    private final MergeStateStore states;

    /**
     * A loaded space: its snapshot, model and content fingerprint, and the Types or Taxonomies whose shared label
     * was disambiguated in the model ({@link LabelCollisions}).
     */
    public record Loaded(JsonLdExportOptions.SpaceInfo space, GraphSnapshot snapshot, SchemaModel model,
            String fingerprint, LabelCollisions collisions) {

        /** The model name of a Type or Taxonomy node (its label unless it was disambiguated). */
        public String nameOf(Node node) {
            return collisions.nameOf(node);
        }
    }

    public SpaceModels(GraphAccess graph, GraphStore store, ModelMapping mapping, MergeStateStore states) {
        this.graph = graph;
        this.store = store;
        this.mapping = mapping;
        this.states = states;
    }

    public Optional<MergeState> state(String projectId, String spaceId) {
        return states.get(projectId, spaceId);
    }

    /** The project's write version (one item read): what cached schemas and documents are checked against. */
    public io.modelgraph.graph.store.ProjectVersion.Stamp version(String projectId) {
        return store.versions().read(projectId);
    }

    public GraphAccess graph() {
        return graph;
    }

    public ModelMapping mapping() {
        return mapping;
    }

    /** The space, or a 404 naming the parameter. The main space exists implicitly from the project's first write. */
    public JsonLdExportOptions.SpaceInfo requireSpace(String projectId, String spaceId, String path) {
        Optional<Node> node = store.node(projectId, spaceId);
        if (node.isPresent() && !node.get().deleted() && node.get().nodeType() == NodeType.Space) {
            return new JsonLdExportOptions.SpaceInfo(spaceId, node.get().label());
        }
        if (spaceId.equals(MainSpace.idFor(projectId))) {
            return new JsonLdExportOptions.SpaceInfo(spaceId, MainSpace.LABEL);
        }
        if (node.isPresent() && !node.get().deleted()) {
            throw ApiProblem.badRequest(path, "Node '" + spaceId + "' is a " + node.get().nodeType() + ", not a Space.");
        }
        throw ApiProblem.notFound(path, "No space '" + spaceId + "' in this project.");
    }

    /** A live node by id, or a 404 naming the parameter. */
    public Node requireNode(String projectId, String nodeId, String path) {
        return store.node(projectId, nodeId).filter(n -> !n.deleted())
                .orElseThrow(() -> ApiProblem.notFound(path, "No node '" + nodeId + "' in this project."));
    }

    public GraphSnapshot snapshot(String projectId, String spaceId) {
        return graph.load(projectId, List.of(spaceId));
    }

    /**
     * The space's model. Model-level facts (name, root, identifier, description, annotations) come from the
     * space's model node, written by every import and merge, so exportJsonSchema and schema/export read the same
     * model. A space merged before model nodes existed takes them from its last merge state; a space with
     * neither is named after the space. The fingerprint covers the merge state too, so a cached schema is dropped
     * when either changes.
     */
    public Loaded load(String projectId, JsonLdExportOptions.SpaceInfo space) {
        GraphSnapshot snapshot = snapshot(projectId, space.id());
        LabelCollisions collisions = LabelCollisions.resolve(snapshot);
        Optional<MergeState> state = states.get(projectId, space.id());
        SchemaModel model = mapping.toModel(collisions.snapshot(), state.map(MergeState::modelName).filter(n -> !n.isBlank())
                .orElse(space.label()));
        String fingerprint = SpaceFingerprint.of(snapshot);
        if (state.isPresent() && !mapping.holdsModelFacts(snapshot)) {
            Map<String, String> annotations = new LinkedHashMap<>(model.annotations());
            annotations.putAll(state.get().modelAnnotations());
            model = SchemaModel.builder(model.name()).description(state.get().modelDescription().or(model::description))
                    .types(model.types()).taxonomies(model.taxonomies()).namespaces(model.namespaces())
                    .provenance(model.provenance()).annotations(annotations).build();
            fingerprint = fingerprint + "|" + state.get().fingerprint() + "|" + new TreeMap<>(annotations)
                    + "|" + model.description().orElse("");
        }
        return new Loaded(space, snapshot, model, fingerprint, collisions);
    }
}
